import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Book, BookVoiceLink } from '@shared/schemas/books';
import { VoiceLinkList } from './voice-link-list';

const book: Book = {
  id: 7,
  title: 'Our family',
  pageSize: 'A4',
  status: 'ready',
  progress: 100,
  pageCount: 12,
  size: 1000,
  error: null,
  voiceLinks: 1,
  voiceLinksExpireAt: null,
  downloadUrl: '/api/books/7/pdf',
  createdAt: '2026-11-01T10:00:00.000Z',
  finishedAt: '2026-11-01T10:01:00.000Z',
};

const links: BookVoiceLink[] = [
  { id: 3, memoryId: 11, memoryTitle: 'The old song', createdAt: '2026-11-01T10:00:30.000Z', expiresAt: null, revoked: false },
  {
    id: 4,
    memoryId: 12,
    memoryTitle: 'Moving house',
    createdAt: '2026-11-01T10:00:31.000Z',
    expiresAt: '2026-11-02T10:00:00.000Z',
    revoked: true,
  },
];

function renderList() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'DELETE' ? new Response(null, { status: 204 }) : new Response(JSON.stringify(links), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VoiceLinkList book={book} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('VoiceLinkList', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads the links only when opened, shows each memory, and stops one link after a confirmation', async () => {
    const fetchMock = renderList();
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'See each link' })));
    const list = await screen.findByRole('list', { name: 'Voice links of Our family' });
    expect(within(list).getByText('The old song')).toBeTruthy();
    expect(within(list).getByText(/Plays with no end/)).toBeTruthy();
    expect(within(list).getByText(/Stopped/)).toBeTruthy();
    // a stopped link has nothing left to stop
    expect(within(list).getAllByRole('button', { name: /Stop this link/ })).toHaveLength(1);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stop this link: The old song' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Stop this link' })));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/books/7/voice-links/3', expect.objectContaining({ method: 'DELETE' })),
    );
  });
});
