import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyCodeFromBytes } from '@shared/key-code';
import type { Heir } from '@shared/schemas/legacy';
import { heirPublicKey } from '@shared/sealed-letter';
import { KeyCodeButton } from './key-code-dialog';

const heir: Heir = {
  id: 7,
  contactId: 3,
  name: 'Ada Lee',
  email: 'ada@example.com',
  dateOfBirth: null,
  language: null,
  hasKeyCode: false,
  publicKey: null,
  keyCodeCreatedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderButton(code: string, current: Heir = heir) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined });
      if (method === 'POST' && url === '/api/legacy/heirs/7/key-code') return Response.json({ keyCode: code });
      if (method === 'PUT' && url === '/api/legacy/heirs/7/public-key') return Response.json({ ...heir, hasKeyCode: true });
      return Response.json([]);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <KeyCodeButton heir={current} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('KeyCodeButton', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the new code once, in groups, and uploads the public key derived from it', async () => {
    const code = keyCodeFromBytes(randomBytes(17));
    const calls = renderButton(code);
    fireEvent.click(screen.getByRole('button', { name: 'Make key code' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Write it down or print the Legacy Kit now — heirloom cannot show it again.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Key code').textContent).toBe(code.replace(/-/g, ''));
    expect(within(dialog).getByText(code.split('-')[0]!)).toBeTruthy();

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/legacy/heirs/7/public-key');
    expect(put.body).toEqual({ publicKey: await heirPublicKey(code) });
    // the code itself goes nowhere
    expect(JSON.stringify(calls)).not.toContain(code);

    const done = within(dialog).getByRole('button', { name: 'Done' });
    await waitFor(() => expect(done.hasAttribute('disabled')).toBe(false));
    fireEvent.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(code.split('-')[0]!)).toBeNull();
  });

  it('asks before replacing a code, since the old one stops working', async () => {
    const code = keyCodeFromBytes(randomBytes(17));
    const calls = renderButton(code, { ...heir, hasKeyCode: true, publicKey: 'x'.repeat(43) });
    fireEvent.click(screen.getByRole('button', { name: 'Make a new key code' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/The old code stops working/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Make a new key code' }));
    await screen.findByRole('dialog');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
