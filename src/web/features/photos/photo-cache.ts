import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Photo, PhotoPage, PhotoSort } from '@shared/schemas/photos';
import { mapPageItems } from '@web/lib/paged-cache';
import { queryKeys } from '@web/lib/query-keys';

// Every cached copy of the photos (the spec's lists, the gallery's page chains, the dashboard's recent page,
// single photos) is kept in step after an edit, a delete or an upload without refetching: with 100,000 photos a
// refetch of a long page chain would reload every page scrolled so far.

type Chain = InfiniteData<PhotoPage, string | undefined>;

/** The instant a date order sorts a photo by (spec §2: dateTaken falls back to createdAt). */
export const sortInstant = (photo: Photo, sortBy: PhotoSort) =>
  sortBy === 'createdAt' ? photo.createdAt : (photo.dateTaken ?? photo.createdAt);

const titleKey = (photo: Photo) => (photo.title || photo.fileName).toLowerCase();

/** Negative when `a` comes before `b` in the server's order (the id breaks ties, as on the server). */
export function comparePhotos(a: Photo, b: Photo, sortBy: PhotoSort) {
  if (sortBy === 'title') {
    const byTitle = titleKey(a) < titleKey(b) ? -1 : titleKey(a) > titleKey(b) ? 1 : 0;
    return byTitle || a.id - b.id;
  }
  const byDate = Date.parse(sortInstant(b, sortBy)) - Date.parse(sortInstant(a, sortBy));
  return byDate || b.id - a.id;
}

/**
 * Puts a new photo where the server would list it among the loaded pages. Past the last loaded photo it is
 * left for a later page to bring, unless the chain is complete; a chain that starts at a scrubber jump
 * (`from`) never holds photos newer than its start.
 */
function placeInChain(data: Chain, photo: Photo, sortBy: PhotoSort, from: string | undefined): Chain {
  const without = mapPageItems<Photo, Chain>(data, (items) => items.filter((p) => p.id !== photo.id));
  if (from !== undefined && Date.parse(sortInstant(photo, sortBy)) > Date.parse(from)) return without;
  const pages = without.pages.map((page) => ({ ...page, items: [...page.items] }));
  for (const page of pages) {
    const at = page.items.findIndex((item) => comparePhotos(photo, item, sortBy) < 0);
    if (at >= 0) {
      page.items.splice(at, 0, photo);
      return { ...without, pages };
    }
  }
  const last = pages.at(-1);
  if (last && last.nextCursor === null) last.items.push(photo);
  return { ...without, pages };
}

function forEachChain(
  queryClient: QueryClient,
  update: (data: Chain, sortBy: PhotoSort, from: string | undefined, isFiltered: boolean) => Chain,
) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.photos.pageChains })) {
    const [, , sortBy, from, person, undated] = query.queryKey as [string, string, PhotoSort, string, unknown, unknown];
    // a chain of one person's photos, or of the undated ones, is not one a new photo is known to belong to
    const isFiltered = (person !== undefined && person !== 'everyone') || undated === 'undated';
    queryClient.setQueryData<Chain>(query.queryKey, (old) =>
      old ? update(old, sortBy, from === 'newest' ? undefined : from, isFiltered) : old,
    );
  }
}

function updateFlat(queryClient: QueryClient, update: (photos: Photo[]) => Photo[]) {
  queryClient.setQueriesData<Photo[]>({ queryKey: queryKeys.photos.lists }, (old) => (old ? update(old) : old));
  queryClient.setQueryData<PhotoPage>(queryKeys.photos.recent, (old) => (old ? { ...old, items: update(old.items) } : old));
}

// The months' counts are one small query: asked again rather than recounted here.
const invalidateMonths = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.photos.allMonths }),
    queryClient.invalidateQueries({ queryKey: queryKeys.photos.undatedCount }),
  ]);

/** In place: the photo being edited does not jump away under the pointer. */
export function replaceCachedPhoto(queryClient: QueryClient, photo: Photo) {
  const replace = (photos: Photo[]) => photos.map((p) => (p.id === photo.id ? photo : p));
  updateFlat(queryClient, replace);
  forEachChain(queryClient, (data) => mapPageItems(data, replace));
  queryClient.setQueryData(queryKeys.photos.detail(photo.id), photo);
  return invalidateMonths(queryClient);
}

/**
 * A background change the server made (a video's progress, its poster): in place, and the months are left alone
 * unless the date moved, since a preparing video is asked for every few seconds.
 */
export function refreshCachedPhoto(queryClient: QueryClient, photo: Photo, before: Photo | undefined) {
  if (before && before.dateTaken !== photo.dateTaken) return replaceCachedPhoto(queryClient, photo);
  const replace = (photos: Photo[]) => photos.map((p) => (p.id === photo.id ? photo : p));
  updateFlat(queryClient, replace);
  forEachChain(queryClient, (data) => mapPageItems(data, replace));
  return Promise.resolve();
}

export function removeCachedPhotos(queryClient: QueryClient, ids: readonly number[]) {
  const gone = new Set(ids);
  const remove = (photos: Photo[]) => photos.filter((p) => !gone.has(p.id));
  updateFlat(queryClient, remove);
  forEachChain(queryClient, (data) => mapPageItems(data, remove));
  for (const id of ids) queryClient.removeQueries({ queryKey: queryKeys.photos.detail(id), exact: true });
  // the dashboard shows up to 8: the next one moves up
  return Promise.all([invalidateMonths(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.photos.recent })]);
}

/** spec §4: a created photo is added to the front of the lists (newest upload first); the gallery places it in its order. */
export function addCachedPhoto(queryClient: QueryClient, photo: Photo, recentLimit: number) {
  queryClient.setQueriesData<Photo[]>({ queryKey: queryKeys.photos.lists }, (old) =>
    old ? [photo, ...old.filter((p) => p.id !== photo.id)] : old,
  );
  queryClient.setQueryData<PhotoPage>(queryKeys.photos.recent, (old) =>
    old ? { ...old, items: [photo, ...old.items.filter((p) => p.id !== photo.id)].slice(0, recentLimit) } : old,
  );
  // a new photo has no faces yet: a chain of one person's photos does not get it
  forEachChain(queryClient, (data, sortBy, from, isFiltered) => (isFiltered ? data : placeInChain(data, photo, sortBy, from)));
  return invalidateMonths(queryClient);
}
