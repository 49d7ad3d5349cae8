import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit } from '@shared/schemas/search';
import { photoFixture } from '@tests/helpers/photo-fixture';
import { OwnItemPicker } from './own-item-picker';

const video = (durationMs: number | null) => ({
  playback: 'ready' as const,
  progress: null,
  durationMs,
  url: '/api/photos/video/0',
  previewUrl: null,
});

const hit = (id: number, title: string, fields: Partial<SearchHit>): SearchHit => ({
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

function answer(url: string): Response {
  if (url.startsWith('/api/search?')) {
    const items = [
      hit(7, 'Lake film', { mediaType: 'video', durationMs: 9_000 }),
      hit(8, 'Lake film new', { mediaType: 'video', thumbnailUrl: null }),
      hit(9, 'Lake picture', {}),
    ];
    return Response.json({ groups: [{ kind: 'photo', items, hasMore: false, nextCursor: null }] });
  }
  return Response.json({
    items: [
      photoFixture(1, { title: 'Birthday film', mediaType: 'video', video: video(125_000) }),
      photoFixture(2, { title: 'Film in the making', mediaType: 'video', derivativeStatus: 'pending', video: video(null) }),
      photoFixture(3, { title: 'Birthday cake' }),
    ],
    nextCursor: null,
  });
}

/** The row (a label) of a photo, found by its title. */
const row = async (title: string) => (await screen.findByText(title, { exact: true }, { timeout: 3000 })).closest('label')!;

describe('OwnItemPicker: videos among the photos (decision 038)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('marks videos with the play sign and length, and shows a placeholder while one has no poster', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url)),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OwnItemPicker kind="photo" enabled mode="many" selected={new Set()} onToggle={() => {}} label="Gallery photos" empty="None" />
      </QueryClientProvider>,
    );
    const ready = await row('Birthday film');
    expect(ready.querySelector('img')!.getAttribute('src')).toBe('/api/photos/image/1?size=thumb');
    expect(ready.textContent).toContain('Video, 2:05');
    const pending = await row('Film in the making');
    expect(pending.querySelector('img')).toBeNull();
    expect(pending.querySelector('[role="img"]')).toBeTruthy();
    expect(pending.textContent).toContain('Video');
    expect((await row('Birthday cake')).textContent).toBe('Birthday cake');

    // the same marks on what a search finds
    fireEvent.change(screen.getByLabelText('Find a photo'), { target: { value: 'lake' } });
    expect((await row('Lake film')).textContent).toContain('Video, 0:09');
    const found = await row('Lake film new');
    expect(found.querySelector('img')).toBeNull();
    expect(found.textContent).toContain('Video');
    expect((await row('Lake picture')).textContent).toBe('Lake picture');
  });
});
