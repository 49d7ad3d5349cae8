import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DASHBOARD_RECENT_PHOTOS } from '@shared/limits';
import type { StorageUsage } from '@shared/schemas/account';
import type {
  CleanupResult,
  FixPathsResult,
  Photo,
  PhotoMonths,
  PhotoPage,
  PhotoPatch,
  PhotoProcessing,
  PhotoSort,
  PhotoUndatedCount,
  RetryFailedResult,
} from '@shared/schemas/photos';
import type { VideoCreate } from '@shared/schemas/videos';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { localTimeZone } from '@web/lib/local-day';
import { addCachedPhoto, removeCachedPhotos, replaceCachedPhoto } from './photo-cache';
import { VIDEO_POLL_MS } from './use-video-progress';

/** Photos a page: a few screens of thumbnails at desktop widths, one request. */
export const GALLERY_PAGE_SIZE = 150;

/**
 * The gallery in `sortBy` order, a page at a time (issue 15). `from` (the date orders) starts the chain at the
 * newest photo at or before that instant: each scrubber jump is its own chain, cached like the first.
 */
export const photoPagesQuery = (sortBy: PhotoSort, from?: string, person?: number, undated = false) =>
  infiniteQueryOptions({
    queryKey: queryKeys.photos.pages(sortBy, from, person, undated),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ sortBy, limit: String(GALLERY_PAGE_SIZE) });
      if (person !== undefined) params.set('person', String(person));
      if (undated) params.set('undated', 'true');
      if (pageParam) params.set('cursor', pageParam);
      else if (from) params.set('from', from);
      return api.get<PhotoPage>(`/api/photos/page?${params.toString()}`);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** With `person` (issue 29): only the photos that person of the owner's is in; with `undated`, only those without a date taken. */
export const usePhotoPages = (sortBy: PhotoSort, from?: string, person?: number, undated = false) =>
  useInfiniteQuery(photoPagesQuery(sortBy, from, person, undated));

/** How many photos have no date taken (decision 067): the gallery's Undated chip. */
export const useUndatedPhotoCount = () =>
  useQuery({
    queryKey: queryKeys.photos.undatedCount,
    queryFn: () => api.get<PhotoUndatedCount>('/api/photos/undated-count'),
    select: (data) => data.count,
  });

/** Photos per month, newest first (the scrubber's marks); none for the title order. */
export const usePhotoMonths = (sortBy: PhotoSort) => {
  const tz = localTimeZone();
  const by = sortBy === 'title' ? 'dateTaken' : sortBy;
  return useQuery({
    queryKey: queryKeys.photos.months(by, tz),
    queryFn: () => api.get<PhotoMonths>(`/api/photos/months?sortBy=${by}&tz=${encodeURIComponent(tz)}`),
    enabled: sortBy !== 'title',
  });
};

/** How many photos the account holds: every photo has an upload month. */
export const usePhotoCount = () => {
  const tz = localTimeZone();
  return useQuery({
    queryKey: queryKeys.photos.months('createdAt', tz),
    queryFn: () => api.get<PhotoMonths>(`/api/photos/months?sortBy=createdAt&tz=${encodeURIComponent(tz)}`),
    select: (data) => data.months.reduce((sum, month) => sum + month.count, 0),
  });
};

/** The dashboard's recent photos: the first short page of the default order, newest upload first. */
export const useRecentPhotos = () =>
  useQuery({
    queryKey: queryKeys.photos.recent,
    queryFn: () => api.get<PhotoPage>(`/api/photos/page?limit=${DASHBOARD_RECENT_PHOTOS}`),
    select: (page) => page.items,
  });

/** One photo by id: the viewer opened from a link (/photos?photo=ID) on a photo no loaded page holds. */
export const usePhoto = (id: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.photos.detail(id ?? 0),
    queryFn: () => api.get<Photo>(`/api/photos/${id}`),
    enabled: enabled && id !== undefined,
    retry: false,
    // a video still being prepared is asked for again until it plays (decision 038)
    refetchInterval: (query) => (query.state.data?.video?.playback === 'preparing' ? VIDEO_POLL_MS : false),
  });

/** The account's storage; the photos' share (originals and their derivatives) is Storage Used. */
export const usePhotoStorage = () =>
  useQuery({
    queryKey: queryKeys.account.storage,
    queryFn: () => api.get<StorageUsage>('/api/user/storage'),
    select: (usage) => usage.byKind.photos,
  });

/**
 * spec §2/§7: the image path with a cache-busting time value, plus the mobile flag on mobile. Grids ask for
 * the thumbnail (`size=thumb`); only the viewer loads the full image.
 */
export function photoImageUrl(
  id: number,
  { size, timestamp, isMobile, cachebust }: { size?: 'thumb'; timestamp: number; isMobile: boolean; cachebust?: number },
) {
  const params = new URLSearchParams();
  if (size) params.set('size', size);
  params.set('t', String(timestamp));
  if (isMobile) params.set('mobile', 'true');
  if (cachebust !== undefined) params.set('cachebust', String(cachebust));
  return `/api/photos/image/${id}?${params.toString()}`;
}

// Photos also appear on the timeline and as memory attachments.
function invalidateOthers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.memories.all }),
  ]);
}

export type UploadPhotoInput = { file: File; onProgress?: (percent: number) => void };

/** spec §2: one picture by multipart POST; the new photo then shows wherever photos are listed. */
export async function uploadPhoto(queryClient: QueryClient, { file, onProgress }: UploadPhotoInput) {
  const form = new FormData();
  form.append('photo', file);
  const photo = await api.upload<Photo>('/api/photos', form, onProgress);
  await Promise.all([addCachedPhoto(queryClient, photo, DASHBOARD_RECENT_PHOTOS), invalidateOthers(queryClient)]);
  return photo;
}

export type UploadVideoInput = { file: File; maxBytes?: number; onProgress?: (percent: number) => void; signal?: AbortSignal };

/** Decision 038: the video goes up by tus, then the finished upload becomes a gallery item (201, the photo row). */
export async function uploadVideo(queryClient: QueryClient, { file, maxBytes, onProgress, signal }: UploadVideoInput) {
  // The resumable upload client (and the video rules) load when a video is first sent: not with every page
  // that shows photos, such as the dashboard (its script budget, bench/frontend.ts).
  const { uploadVideoFile } = await import('./video-upload');
  const uploadId = await uploadVideoFile(file, { maxBytes, onProgress, signal });
  const photo = await api.post<Photo>('/api/photos/videos', { uploadId } satisfies VideoCreate);
  await Promise.all([
    addCachedPhoto(queryClient, photo, DASHBOARD_RECENT_PHOTOS),
    invalidateOthers(queryClient),
    queryClient.invalidateQueries({ queryKey: queryKeys.account.storage }),
  ]);
  return photo;
}

export function useUpdatePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: PhotoPatch }) => api.patch<Photo>(`/api/photos/${id}`, patch),
    onSuccess: (photo) => {
      return Promise.all([replaceCachedPhoto(queryClient, photo), invalidateOthers(queryClient)]);
    },
  });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/photos/${id}`),
    onSuccess: (_data, id) => {
      return Promise.all([removeCachedPhotos(queryClient, [id]), invalidateOthers(queryClient)]);
    },
  });
}

export function useFixPhotoPaths() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FixPathsResult>('/api/photos/fix-paths'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.photos.all }),
  });
}

export function useCleanupPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CleanupResult>('/api/photos/cleanup'),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.photos.all }), invalidateOthers(queryClient)]),
  });
}

export const usePhotoProcessing = () =>
  useQuery({
    queryKey: queryKeys.photos.processing,
    queryFn: () => api.get<PhotoProcessing>('/api/photos/processing'),
    staleTime: 0, // background jobs change it without any action here; read it afresh whenever it is shown
  });

export function useRetryFailedPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RetryFailedResult>('/api/photos/retry-failed'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.photos.all }),
  });
}
