import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoVideo } from '@shared/schemas/photos';
import type { CollectionDetail } from '@shared/schemas/sharing';
import { photoFixture } from '@tests/helpers/photo-fixture';
import { CollectionItems } from './collection-items';

const clip = (id: number, title: string, video: Partial<PhotoVideo>, derivativeStatus: 'pending' | 'ready' = 'ready') =>
  photoFixture(id, {
    title,
    fileName: `${title}.mov`,
    mimeType: 'video/quicktime',
    derivativeStatus,
    mediaType: 'video',
    video: { playback: 'ready', progress: null, durationMs: 42_000, url: `/api/photos/video/${id}`, previewUrl: null, ...video },
  });

function renderItems(photos: CollectionDetail['photos']) {
  const collection: CollectionDetail = {
    id: 1,
    title: 'Summer',
    person: null,
    description: null,
    coverPhotoId: null,
    coverUrl: null,
    photoCount: photos.length,
    memoryCount: 0,
    documentCount: 0,
    linkCount: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    photos,
    memories: [],
    documents: [],
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CollectionItems collection={collection} />
    </QueryClientProvider>,
  );
  return screen.getByRole('list', { name: 'Photos in this collection' });
}

const tileOf = (list: HTMLElement, name: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name))!;

describe('CollectionItems: videos (decision 038)', () => {
  afterEach(cleanup);

  it('shows a video with its poster, play mark and length, and plays it in place when clicked', () => {
    const list = renderItems([photoFixture(1, { title: 'Beach' }), clip(2, 'First steps', {})]);
    const tile = tileOf(list, 'First steps');
    expect(within(tile).getByRole('img', { name: 'First steps' }).getAttribute('src')).toBe('/api/photos/image/2?size=thumb');
    expect(within(tile).getByRole('button', { name: 'Play First steps' }).textContent).toBe('Video, 0:42');
    // a picture has neither
    expect(within(tileOf(list, 'Beach')).queryByRole('button', { name: /Play/ })).toBeNull();

    fireEvent.click(within(tile).getByRole('button', { name: 'Play First steps' }));
    const video = tile.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/photos/video/2');
    expect(video.getAttribute('poster')).toBe('/api/photos/image/2?mobile=true');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('aria-label')).toBe('First steps');
    // the tile's own buttons stay
    expect(within(tile).getByRole('button', { name: 'Remove First steps from the collection' })).toBeTruthy();
  });

  it('shows a placeholder, never a broken image, for a video without a poster, and its progress', () => {
    const list = renderItems([clip(3, 'Party', { playback: 'preparing', progress: 40, durationMs: null }, 'pending')]);
    const tile = tileOf(list, 'Party');
    expect(within(tile).getByRole('img', { name: 'Party' }).tagName).toBe('SPAN');
    expect(tile.querySelector('img')).toBeNull();
    expect(within(tile).getByText('Preparing video… 40 %')).toBeTruthy();
    expect(within(tile).queryByRole('button', { name: /Play/ })).toBeNull();
  });
});
