import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit, SearchResult } from '@shared/schemas/search';
import { SearchDialog } from './search-dialog';

const photoHit = (id: number, title: string, fields: Partial<SearchHit> = {}): SearchHit => ({
  kind: 'photo',
  id,
  title: { text: title, ranges: [] },
  snippet: null,
  date: null,
  relationship: null,
  thumbnailUrl: `/api/photos/image/${id}?size=thumb`,
  mediaType: 'image',
  durationMs: null,
  ...fields,
});

describe('SearchDialog: videos among the photos (decision 038)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a video with its poster and length, a placeholder until it has a poster, and opens it like a photo', async () => {
    const result: SearchResult = {
      groups: [
        {
          kind: 'photo',
          items: [
            photoHit(1, 'Harbour film', { mediaType: 'video', durationMs: 42_000 }),
            photoHit(2, 'Harbour film new', { mediaType: 'video', thumbnailUrl: null }),
            photoHit(3, 'Harbour picture'),
          ],
          hasMore: false,
          nextCursor: null,
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(result)),
    );
    const onOpenHit = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SearchDialog open onOpenChange={() => {}} onOpenHit={onOpenHit} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'harbour' } });

    const film = await screen.findByRole('option', { name: /Harbour film$/ }, { timeout: 3000 });
    expect(film.querySelector('img')!.getAttribute('src')).toBe('/api/photos/image/1?size=thumb');
    expect(film.textContent).toBe('Video, 0:42Harbour film');
    const pending = screen.getByRole('option', { name: /Harbour film new/ });
    expect(pending.querySelector('img')).toBeNull();
    expect(pending.textContent).toBe('VideoHarbour film new');
    const picture = screen.getByRole('option', { name: /Harbour picture/ });
    expect(within(picture).queryByText(/Video/)).toBeNull();
    expect(picture.querySelector('img')!.getAttribute('src')).toBe('/api/photos/image/3?size=thumb');

    fireEvent.click(film);
    expect(onOpenHit).toHaveBeenCalledWith(result.groups[0]!.items[0]);
  });
});
