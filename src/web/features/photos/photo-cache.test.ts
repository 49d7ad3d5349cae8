import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Photo, PhotoPage } from '@shared/schemas/photos';
import { queryKeys } from '@web/lib/query-keys';
import { buildGalleryRows } from './gallery-rows';
import { addCachedPhoto, refreshCachedPhoto, removeCachedPhotos, replaceCachedPhoto } from './photo-cache';
import { photoFixture } from '@tests/helpers/photo-fixture';

const photo = (id: number, dateTaken: string, title = `Photo ${id}`): Photo =>
  photoFixture(id, {
    fileName: `${id}.jpg`,
    fileSize: '1',
    title,
    dateTaken,
    width: 1,
    height: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });

type Chain = InfiniteData<PhotoPage, string | undefined>;
const chain = (pages: PhotoPage[]): Chain => ({ pages, pageParams: pages.map(() => undefined) });
const ids = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryData<Chain>(key)!.pages.map((page) => page.items.map((p) => p.id));

describe('the gallery page chains in the cache', () => {
  const newest = queryKeys.photos.pages('dateTaken');
  const jumped = queryKeys.photos.pages('dateTaken', '2000-01-31T23:59:59.999Z');

  function seeded() {
    const client = new QueryClient();
    client.setQueryData(
      newest,
      chain([
        { items: [photo(5, '2024-05-01T12:00:00Z'), photo(4, '2024-04-01T12:00:00Z')], nextCursor: 'a' },
        { items: [photo(3, '2024-03-01T12:00:00Z')], nextCursor: 'b' },
      ]),
    );
    client.setQueryData(jumped, chain([{ items: [photo(1, '2000-01-10T12:00:00Z')], nextCursor: null }]));
    return client;
  }

  it('places an upload where the server lists it, never above a jump’s start, and not past a page still to come', async () => {
    const client = seeded();
    await addCachedPhoto(client, photo(9, '2024-04-15T12:00:00Z'), 8);
    await addCachedPhoto(client, photo(10, '1980-01-01T12:00:00Z'), 8);
    expect(ids(client, newest)).toEqual([[5, 9, 4], [3]]);
    // the jumped chain is complete: the 1980 photo ends it; the 2024 one is newer than its start
    expect(ids(client, jumped)).toEqual([[1, 10]]);
  });

  it('replaces an edited photo in place and removes deleted ones from every page', async () => {
    const client = seeded();
    await replaceCachedPhoto(client, photo(4, '1999-01-01T12:00:00Z', 'Moved'));
    expect(ids(client, newest)).toEqual([[5, 4], [3]]);
    expect(client.getQueryData<Chain>(newest)!.pages[0]!.items[1]!.title).toBe('Moved');
    await removeCachedPhotos(client, [5, 3]);
    expect(ids(client, newest)).toEqual([[4], []]);
  });

  it("writes a polled video's progress into every copy without asking for the months again, unless its date moved", async () => {
    const client = seeded();
    const months = queryKeys.photos.months('dateTaken', 'UTC');
    client.setQueryData(months, { months: [] });
    const preparing = {
      ...photo(4, '2024-04-01T12:00:00Z'),
      mediaType: 'video' as const,
      video: { playback: 'preparing' as const, progress: 40, durationMs: 3000, url: '/api/photos/video/4', previewUrl: null },
    };
    const ready = { ...preparing, video: { ...preparing.video, playback: 'ready' as const, progress: null } };
    await refreshCachedPhoto(client, ready, preparing);
    expect(client.getQueryData<Chain>(newest)!.pages[0]!.items[1]!.video?.playback).toBe('ready');
    expect(client.getQueryState(months)!.isInvalidated).toBe(false);
    await refreshCachedPhoto(client, { ...ready, dateTaken: '2019-01-01T12:00:00Z' }, ready);
    expect(client.getQueryState(months)!.isInvalidated).toBe(true);
  });
});

describe('the gallery rows', () => {
  it('start a heading at each new month and never mix months in a row', () => {
    const rows = buildGalleryRows(
      [photo(3, '2024-05-20T12:00:00Z'), photo(2, '2024-05-10T12:00:00Z'), photo(1, '2024-04-10T12:00:00Z')],
      'dateTaken',
      4,
    );
    expect(rows.map((row) => (row.kind === 'month' ? row.month : row.photos.map((p) => p.id).join(',')))).toEqual([
      '2024-05',
      '3,2',
      '2024-04',
      '1',
    ]);
    expect(buildGalleryRows([photo(3, '2024-05-20T12:00:00Z'), photo(1, '2020-01-01T12:00:00Z')], 'title', 1)).toHaveLength(2);
  });
});
