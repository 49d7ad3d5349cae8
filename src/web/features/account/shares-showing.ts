import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Heir, Release } from '@shared/schemas/legacy';
import type { Collection, ShareLink } from '@shared/schemas/sharing';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

// Settings → Privacy reads the collections' links and the Legacy Plan's releases under the keys the collection and
// Legacy Plan screens use, so a link or release made or removed in either place shows in the other.

/** What a link or release may show beyond the things themselves: where they happened, and who is in the photos. */
export type SharedDetail = 'places' | 'names';

export type CollectionLinks = { collection: Collection; links: ShareLink[] };
export type ReleaseToHeir = { release: Release; heirName: string };

const shows = (link: ShareLink, detail: SharedDetail) => (detail === 'places' ? link.includePlaces : link.includeNames);

/** The owner's live links that show `detail` ("Include places" or "Include names" ticked), by collection. */
export function useLinksShowing(detail: SharedDetail) {
  const collections = useQuery({ queryKey: queryKeys.collections.list, queryFn: () => api.get<Collection[]>('/api/collections') });
  const shared = (collections.data ?? []).filter((collection) => collection.linkCount > 0);
  const links = useQueries({
    queries: shared.map((collection) => ({
      queryKey: queryKeys.collections.links(collection.id),
      queryFn: () => api.get<ShareLink[]>(`/api/collections/${collection.id}/links`),
    })),
  });
  const byCollection: CollectionLinks[] = shared
    .map((collection, i) => ({ collection, links: (links[i]?.data ?? []).filter((link) => shows(link, detail)) }))
    .filter((entry) => entry.links.length > 0);
  return {
    byCollection,
    isPending: collections.isPending || links.some((query) => query.isPending),
    isError: collections.isError || links.some((query) => query.isError),
  };
}

/**
 * The Legacy Plan's releases that give an heir the names in the photos ("Include names"), with the heir's name.
 * Left out: those never released, and those shared now, which are personal links and listed with the links.
 */
export function useReleasesShowingNames(enabled: boolean) {
  const releases = useQuery({
    queryKey: queryKeys.legacy.releases,
    queryFn: () => api.get<Release[]>('/api/legacy/releases'),
    staleTime: 0,
    enabled,
  });
  const heirs = useQuery({ queryKey: queryKeys.legacy.heirs, queryFn: () => api.get<Heir[]>('/api/legacy/heirs'), enabled });
  const nameOf = new Map((heirs.data ?? []).map((heir) => [heir.id, heir.name]));
  // the cache is shared with the Legacy Plan's screens: without `enabled` it may hold them, but none are asked for
  const withNames: ReleaseToHeir[] = (enabled ? (releases.data ?? []) : [])
    .filter((release) => release.includeNames && release.condition !== 'now' && release.condition !== 'never')
    .map((release) => ({ release, heirName: nameOf.get(release.heirId) ?? 'An heir' }));
  return {
    releases: withNames,
    isPending: enabled && (releases.isPending || heirs.isPending),
    isError: releases.isError || heirs.isError,
  };
}

/** Revokes a link, as the collection's Sharing panel does (DELETE /api/collections/:id/links/:linkId). */
export function useRevokeLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, linkId }: { collectionId: number; linkId: number }) =>
      api.delete(`/api/collections/${collectionId}/links/${linkId}`),
    // the collections' link counts, the gallery's and memories' "Shared" marks and the plan's shared-now rows change with it
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.collections.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.photos.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.memories.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.legacy.releases }),
      ]),
  });
}

/** Removes a release, as the Legacy Plan's screen does (DELETE /api/legacy/releases/:id). */
export function useRemoveRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/legacy/releases/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.legacy.all }),
  });
}
