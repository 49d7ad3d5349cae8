import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { KeepStatus } from '@shared/schemas/legacy-keep';
import { Toaster } from '@web/components/ui/toaster';
import { KeepInLibrary } from './keep-in-library';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const status = (over: Partial<KeepStatus>): KeepStatus => ({
  releaseId: 7,
  status: 'none',
  itemsTotal: 0,
  itemsDone: 0,
  provenance: null,
  error: null,
  ...over,
});

function renderKeep(answer: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <KeepInLibrary releaseId={7} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('keeps the release in the signed-in heir’s library and then says so', async () => {
  const fetchMock = renderKeep((_url, init) =>
    init?.method === 'POST' ? json(200, status({ status: 'kept', itemsTotal: 2, itemsDone: 2 })) : json(200, status({})),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Keep in my library' }));
  expect(await screen.findByText('Kept in your library')).toBeTruthy();
  expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/legacy/received/7/keep' && init?.method === 'POST')).toBe(true);
});

it('offers to make an account, and come back here, to a visitor who is not signed in', async () => {
  renderKeep(() => json(401, { message: 'You must be logged in' }));
  const link = await screen.findByRole('link', { name: 'Make an account to keep these' });
  expect(link.getAttribute('href')).toBe('/register?next=/legacy');
  expect(screen.queryByRole('button', { name: 'Keep in my library' })).toBeNull();
});

it('says in words when the release does not fit, and keeps the button', async () => {
  const words =
    'These need 3 MB and your storage has 1 MB left (9 MB of 10 MB used). Make room in your library, or use Download everything instead.';
  renderKeep((_url, init) => (init?.method === 'POST' ? json(409, { message: words }) : json(200, status({}))));
  fireEvent.click(await screen.findByRole('button', { name: 'Keep in my library' }));
  expect(await screen.findByText(words)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Keep in my library' })).toBeTruthy();
});
