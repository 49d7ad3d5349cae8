import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Collection } from '@shared/schemas/sharing';
import { AddToCollectionDialog } from './add-to-collection-dialog';

const lake: Collection = {
  id: 7,
  title: 'Lake',
  description: null,
  person: null,
  coverPhotoId: null,
  coverUrl: null,
  photoCount: 2,
  memoryCount: 0,
  documentCount: 0,
  linkCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

type Call = { method: string; url: string; body: unknown };

function renderDialog(collections: Collection[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET' && url === '/api/collections') return Response.json(collections);
      if (method === 'POST' && url === '/api/collections') return Response.json({ ...lake, id: 9, title: 'Wedding' }, { status: 201 });
      if (method === 'POST' && url.endsWith('/items')) return new Response(null, { status: 204 });
      return new Response('{}', { status: 404 });
    }),
  );
  const onAdded = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AddToCollectionDialog items={{ photoIds: [1, 2, 3] }} itemsLabel="3 photos" onAdded={onAdded} trigger={<button>Open</button>} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { calls, onAdded };
}

describe('AddToCollectionDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('adds the items to the collection chosen', async () => {
    const { calls, onAdded } = renderDialog([lake]);
    fireEvent.click(await screen.findByRole('radio', { name: /Lake/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/collections/7/items', body: { photoIds: [1, 2, 3] } },
    ]);
  });

  it('with no collection yet, asks for a title, then makes the collection and adds to it', async () => {
    const { calls, onAdded } = renderDialog([]);
    const title = await screen.findByLabelText('Title of the new collection');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(title, { target: { value: 'Wedding' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/collections', body: { title: 'Wedding' } },
      { method: 'POST', url: '/api/collections/9/items', body: { photoIds: [1, 2, 3] } },
    ]);
  });
});
