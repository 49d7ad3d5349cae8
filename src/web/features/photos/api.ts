import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CleanupResult,
  FixPathsResult,
  Photo,
  PhotoPatch,
  PhotoProcessing,
  PhotoSort,
  RetryFailedResult,
} from '@shared/schemas/photos';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** No sortBy: the server's default order, newest upload first (the dashboard's "recent"). */
const photosQuery = (sortBy?: PhotoSort) =>
  queryOptions({
    queryKey: queryKeys.photos.list(sortBy),
    queryFn: () => api.get<Photo[]>(sortBy ? `/api/photos?sortBy=${sortBy}` : '/api/photos'),
  });

export const usePhotos = (sortBy?: PhotoSort) => useQuery(photosQuery(sortBy));

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

// Every cached photo list (one per sort order) is kept in step without refetching (spec §7: never stale).
function updateLists(queryClient: QueryClient, update: (photos: Photo[]) => Photo[]) {
  queryClient.setQueriesData<Photo[]>({ queryKey: queryKeys.photos.lists }, (old) => (old ? update(old) : old));
}

// Photos also appear on the timeline and as memory attachments.
function invalidateOthers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.memories.all }),
  ]);
}

export type UploadPhotoInput = { file: File; onProgress?: (percent: number) => void };

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: UploadPhotoInput) => {
      const form = new FormData();
      form.append('photo', file);
      return api.upload<Photo>('/api/photos', form, onProgress);
    },
    onSuccess: (photo) => {
      // spec §4: a created photo is added to the front of the cached list
      updateLists(queryClient, (photos) => [photo, ...photos.filter((p) => p.id !== photo.id)]);
      return invalidateOthers(queryClient);
    },
  });
}

export function useUpdatePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: PhotoPatch }) => api.patch<Photo>(`/api/photos/${id}`, patch),
    onSuccess: (photo) => {
      // in place: the photo being edited does not jump away under the pointer
      updateLists(queryClient, (photos) => photos.map((p) => (p.id === photo.id ? photo : p)));
      return invalidateOthers(queryClient);
    },
  });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/photos/${id}`),
    onSuccess: (_data, id) => {
      updateLists(queryClient, (photos) => photos.filter((p) => p.id !== id));
      return invalidateOthers(queryClient);
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
