import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Collection, ShareLink } from '@shared/schemas/sharing';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

// Settings → Privacy reads the collections' links under the keys the collection screens use, so a link made or
// revoked in either place shows in the other.

export type CollectionPlaceLinks = { collection: Collection; links: ShareLink[] };

/** The owner's live links that show places ("Include places" ticked), by collection. */
export function useLinksWithPlaces() {
  const collections = useQuery({ queryKey: queryKeys.collections.list, queryFn: () => api.get<Collection[]>('/api/collections') });
  const shared = (collections.data ?? []).filter((collection) => collection.linkCount > 0);
  const links = useQueries({
    queries: shared.map((collection) => ({
      queryKey: queryKeys.collections.links(collection.id),
      queryFn: () => api.get<ShareLink[]>(`/api/collections/${collection.id}/links`),
    })),
  });
  const byCollection: CollectionPlaceLinks[] = shared
    .map((collection, i) => ({ collection, links: (links[i]?.data ?? []).filter((link) => link.includePlaces) }))
    .filter((entry) => entry.links.length > 0);
  return {
    byCollection,
    isPending: collections.isPending || links.some((query) => query.isPending),
    isError: collections.isError || links.some((query) => query.isError),
  };
}

/** Revokes a link, as the collection's Sharing panel does (DELETE /api/collections/:id/links/:linkId). */
export function useRevokeLinkWithPlaces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, linkId }: { collectionId: number; linkId: number }) =>
      api.delete(`/api/collections/${collectionId}/links/${linkId}`),
    // the collections' link counts and the gallery's and memories' "Shared" marks change with it
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.collections.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.photos.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.memories.list }),
      ]),
  });
}
