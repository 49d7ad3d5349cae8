import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Heir } from '@shared/schemas/legacy';
import { DateOfBirthDialog } from './date-of-birth-dialog';

const heir: Heir = {
  id: 7,
  contactId: 3,
  name: 'Ada',
  email: 'ada@example.com',
  dateOfBirth: '2010-04-02',
  language: null,
  hasKeyCode: false,
  publicKey: null,
  keyCodeCreatedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderDialog() {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => Response.json({ ...heir, ...JSON.parse(String(init?.body)) }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DateOfBirthDialog heir={heir} />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('DateOfBirthDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves the changed day with Enter, and an emptied field as no date', async () => {
    const fetch = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Change date of birth for Ada' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ada’s date of birth' }));
    const input = dialog.getByLabelText('Date of birth');
    expect((input as HTMLInputElement).value).toBe('2010-04-02');
    fireEvent.change(input, { target: { value: '2010-04-03' } });
    fireEvent.submit(input);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/legacy/heirs/7');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ dateOfBirth: '2010-04-03' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Change date of birth for Ada' }));
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toEqual({ dateOfBirth: null });
  });
});
