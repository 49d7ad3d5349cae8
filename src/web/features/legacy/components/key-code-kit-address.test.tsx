import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { randomBytes } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { keyCodeFromBytes } from '@shared/key-code';
import type { Heir } from '@shared/schemas/legacy';
import { KeyCodeButton } from './key-code-dialog';

const downloadLegacyKit = vi.fn(async (_input: { origin: string }) => {});
vi.mock('../legacy-kit', () => ({ downloadLegacyKit }));

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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('prints the instance’s configured address in the Legacy Kit, not the address of this browser', async () => {
  const code = keyCodeFromBytes(randomBytes(17));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/capabilities') {
        return Response.json({ videoMaxBytes: 1, videoProcessing: true, transcription: false, publicUrl: 'https://family.example.org' });
      }
      if (method === 'POST' && url === '/api/legacy/heirs/7/key-code') return Response.json({ keyCode: code });
      if (method === 'PUT' && url === '/api/legacy/heirs/7/public-key') return Response.json({ ...heir, hasKeyCode: true });
      return Response.json([]);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <KeyCodeButton heir={heir} />
    </QueryClientProvider>,
  );
  expect(window.location.origin).not.toBe('https://family.example.org');
  fireEvent.click(screen.getByRole('button', { name: 'Make key code' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Download Legacy Kit (PDF)' }));
  await waitFor(() => expect(downloadLegacyKit).toHaveBeenCalledTimes(1));
  expect(downloadLegacyKit.mock.calls[0]![0]).toMatchObject({ origin: 'https://family.example.org', heirName: 'Ada Lee', keyCode: code });
});
