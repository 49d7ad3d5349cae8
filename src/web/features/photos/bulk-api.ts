import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotoBulk, PhotoBulkResult } from '@shared/schemas/photos';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * POST /api/photos/bulk (decision 033): one action on the selected photos, all or nothing. Afterwards every
 * view that shows photos is read again: the gallery's pages and counts, and the timeline, memories,
 * collections, storage, search and On this day, which show photos, their dates or their tags.
 */
export function useBulkPhotoAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhotoBulk) => api.post<PhotoBulkResult>('/api/photos/bulk', body),
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.photos.all,
          queryKeys.timeline.all,
          queryKeys.memories.all,
          queryKeys.collections.all,
          queryKeys.account.storage,
          // the search and On this day slices key their queries by these prefixes
          ['search'],
          ['on-this-day'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
