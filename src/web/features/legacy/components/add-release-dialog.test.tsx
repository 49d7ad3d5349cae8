import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Heir } from '@shared/schemas/legacy';
import { AddReleaseDialog } from './add-release-dialog';
import { ageToday } from './release-form';

const heir = (over: Partial<Heir> = {}): Heir => ({
  id: 7,
  contactId: 3,
  name: 'Tom Smith',
  email: 'tom@example.com',
  dateOfBirth: '1975-06-15',
  language: null,
  hasKeyCode: true,
  publicKey: null,
  keyCodeCreatedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

function renderDialog(h: Heir) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return Response.json({}, { status: 201 });
      }
      if (url.startsWith('/api/collections')) return Response.json([{ id: 5, title: 'Summers' }]);
      return Response.json([]);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AddReleaseDialog heir={h} letters={[]} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add something for Tom Smith' }));
  return posted;
}

describe('AddReleaseDialog at an age', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('never defaults an adult heir to an age already passed, and says in words that a reached age is a release now', async () => {
    const age = ageToday('1975-06-15')!;
    const posted = renderDialog(heir());
    fireEvent.click(screen.getByRole('radio', { name: 'At an age' }));
    expect((screen.getByLabelText('Age') as HTMLInputElement).value).toBe(String(age + 1));
    expect(screen.queryByText(/receives this now/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '18' } });
    expect(screen.getByText(`Tom Smith is ${age}: Tom Smith receives this now, not on a later birthday.`)).toBeTruthy();
    await screen.findByRole('option', { name: 'Summers' });
    fireEvent.change(screen.getByLabelText('Collection'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ heirId: 7, collectionId: 5, condition: 'at-age', age: 18, releaseNow: true });
  });

  it('asks for the key code first when an heir without one would receive something now', async () => {
    const posted = renderDialog(heir({ hasKeyCode: false }));
    fireEvent.click(screen.getByRole('radio', { name: 'At an age' }));
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '18' } });
    await screen.findByRole('option', { name: 'Summers' });
    fireEvent.change(screen.getByLabelText('Collection'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const message = await screen.findByText('Make Tom Smith’s key code first: without it, Tom Smith cannot open what is released now.');
    const ageField = screen.getByLabelText('Age');
    expect(ageField.getAttribute('aria-invalid')).toBe('true');
    expect(ageField.getAttribute('aria-describedby')).toBe(message.id);
    expect(posted).toHaveLength(0);
  });
});

describe('AddReleaseDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names what is missing on its field, clears it once chosen, and sends the chosen day', async () => {
    const posted = renderDialog(heir());
    fireEvent.click(screen.getByRole('radio', { name: 'On a date' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const message = await screen.findByText('Choose the collection to release.');
    expect(screen.getByLabelText('Collection').getAttribute('aria-describedby')).toBe(message.id);

    await screen.findByRole('option', { name: 'Summers' });
    fireEvent.change(screen.getByLabelText('Collection'), { target: { value: '5' } });
    await waitFor(() => expect(screen.queryByText('Choose the collection to release.')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Choose a day in the future.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Release on'), { target: { value: '2040-06-01' } });
    fireEvent.submit(screen.getByLabelText('Release on').closest('form')!);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(JSON.stringify(posted[0])).toBe(
      JSON.stringify({
        heirId: 7,
        collectionId: 5,
        condition: 'on-date',
        releaseAt: new Date('2040-06-01T00:00:00').toISOString(),
        age: null,
        includeNames: false,
      }),
    );
  });

  it('shows the heir the names of the people in the photos only when Include names is ticked', async () => {
    const posted = renderDialog(heir());
    await screen.findByRole('option', { name: 'Summers' });
    const names = screen.getByRole('checkbox', { name: 'Include names' }) as HTMLInputElement;
    expect(names.checked).toBe(false);
    fireEvent.click(names);
    fireEvent.change(screen.getByLabelText('Collection'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ collectionId: 5, condition: 'after-death', includeNames: true });
    // a memory or a document has no people to name
    fireEvent.click(screen.getByRole('button', { name: 'Add something for Tom Smith' }));
    fireEvent.change(await screen.findByLabelText('What'), { target: { value: 'memory' } });
    expect(screen.queryByRole('checkbox', { name: 'Include names' })).toBeNull();
  });
});
