// Collections and their links (decision 025): fetch + cache only; the components own toasts and dialogs.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Person } from '@shared/schemas/people';
import type { Photo } from '@shared/schemas/photos';
import type {
  Collection,
  CollectionDetail,
  CollectionInput,
  CollectionItemsInput,
  CollectionPatch,
  CreatedLink,
  LinkInput,
  ShareLink,
  SharedItems,
} from '@shared/schemas/sharing';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

// Deleting a photo, memory or document elsewhere removes it from its collections on the server, and other
// screens do not know to refresh these: the collection screens read afresh whenever they open.
export const useCollections = (enabled = true) =>
  useQuery({ queryKey: queryKeys.collections.list, queryFn: () => api.get<Collection[]>('/api/collections'), staleTime: 0, enabled });

export const useCollection = (id: number) =>
  useQuery({
    queryKey: queryKeys.collections.detail(id),
    queryFn: () => api.get<CollectionDetail>(`/api/collections/${id}`),
    staleTime: 0,
  });

export const useCollectionLinks = (id: number) =>
  useQuery({
    queryKey: queryKeys.collections.links(id),
    queryFn: () => api.get<ShareLink[]>(`/api/collections/${id}/links`),
    staleTime: 0, // view counts and last-opened times change when recipients open a link
  });

/** One cached answer for every "Shared" mark; refreshed whenever items or links change here. */
export function useSharedItems() {
  const query = useQuery({
    queryKey: queryKeys.collections.sharedItems,
    queryFn: () => api.get<SharedItems>('/api/collections/shared-items'),
  });
  return {
    photoIds: new Set(query.data?.photoIds),
    memoryIds: new Set(query.data?.memoryIds),
    documentIds: new Set(query.data?.documentIds),
  };
}

/** One person, when a collection of their photos is asked for from their page (?person=). */
export const usePersonToChoose = (id: number | undefined) =>
  useQuery({
    queryKey: queryKeys.people.detail(id ?? 0),
    queryFn: () => api.get<Person>(`/api/people/${id}`),
    enabled: id !== undefined,
    retry: false,
  });

const invalidateCollections = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.collections.all });

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CollectionInput) => api.post<Collection>('/api/collections', input),
    onSuccess: () => invalidateCollections(queryClient),
  });
}

export function useUpdateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: CollectionPatch }) => api.patch<Collection>(`/api/collections/${id}`, patch),
    onSuccess: () => invalidateCollections(queryClient),
  });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/collections/${id}`),
    // not the deleted collection's own page: refetching it would flash "not found" before the screen moves on
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.collections.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.collections.sharedItems }),
        queryClient.invalidateQueries({ queryKey: queryKeys.photos.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.memories.list }),
      ]),
  });
}

// isPublic on photos and memories reads true while an item is reachable through a public link (decision 025).
function invalidateItems(queryClient: QueryClient) {
  return Promise.all([
    invalidateCollections(queryClient),
    queryClient.invalidateQueries({ queryKey: queryKeys.photos.lists }),
    queryClient.invalidateQueries({ queryKey: queryKeys.memories.list }),
  ]);
}

export function useAddCollectionItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, items }: { id: number; items: CollectionItemsInput }) => api.post(`/api/collections/${id}/items`, items),
    onSuccess: () => invalidateItems(queryClient),
  });
}

export function useRemoveCollectionItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, items }: { id: number; items: CollectionItemsInput }) => api.delete(`/api/collections/${id}/items`, items),
    onSuccess: () => invalidateItems(queryClient),
  });
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: LinkInput }) => api.post<CreatedLink>(`/api/collections/${id}/links`, input),
    onSuccess: () => invalidateItems(queryClient),
  });
}

export function useRevokeLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, linkId }: { id: number; linkId: number }) => api.delete(`/api/collections/${id}/links/${linkId}`),
    onSuccess: () => invalidateItems(queryClient),
  });
}

/** A photo's thumbnail in the owner's own screens (filePath is the image's URL). */
export const thumbnailUrl = (photo: Pick<Photo, 'filePath'>) => `${photo.filePath}?size=thumb`;
