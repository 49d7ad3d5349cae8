// The family tree (issue 30): fetch + cache only; the components own toasts, dialogs and navigation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RelationToMe,
  TreeGraph,
  TreePerson,
  TreePersonInput,
  TreePersonPatch,
  TreeRelation,
  TreeRelationInput,
} from '@shared/schemas/tree';
import type { Page } from '@shared/schemas/paging';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export type GraphPerson = TreeGraph['persons'][number];
export type TreePersonRelations = { relations: TreeRelation[]; persons: TreePerson[] };

/** Generations fetched above and below the person the tree is centred on. */
export const GRAPH_UP = 6;
export const GRAPH_DOWN = 6;

export const useTreeMe = () => useQuery({ queryKey: queryKeys.tree.me, queryFn: () => api.get<TreePerson>('/api/tree/me') });

/** The persons and links around `root` (the owner when null). */
export const useTreeGraph = (root: number | null) =>
  useQuery({
    queryKey: queryKeys.tree.graph(root ?? 'me', GRAPH_UP, GRAPH_DOWN),
    queryFn: () => api.get<TreeGraph>(`/api/tree/graph?${root ? `root=${root}&` : ''}up=${GRAPH_UP}&down=${GRAPH_DOWN}`),
    retry: false,
  });

export const useTreePerson = (id: number) =>
  useQuery({ queryKey: queryKeys.tree.person(id), queryFn: () => api.get<TreePerson>(`/api/tree/persons/${id}`), retry: false });

export const useTreePersonRelations = (id: number) =>
  useQuery({
    queryKey: queryKeys.tree.relations(id),
    queryFn: () => api.get<TreePersonRelations>(`/api/tree/persons/${id}/relations`),
  });

export const useRelationToMe = (id: number) =>
  useQuery({
    queryKey: queryKeys.tree.relationToMe(id),
    queryFn: () => api.get<RelationToMe>(`/api/tree/persons/${id}/relation-to-me`),
  });

/** Persons whose name holds `q` (the first page is enough to pick one from). */
export const useTreeSearch = (q: string) =>
  useQuery({
    queryKey: queryKeys.tree.search(q),
    queryFn: () => api.get<Page<TreePerson>>(`/api/tree/persons?q=${encodeURIComponent(q)}&limit=20`),
    enabled: q.trim().length > 0,
  });

/** The tree person made for a contact, or null when the contact is not in the tree. */
export const useTreePersonOfContact = (contactId: number | null) =>
  useQuery({
    queryKey: queryKeys.tree.byContact(contactId ?? 0),
    enabled: contactId !== null,
    queryFn: async () => (await api.get<Page<TreePerson>>(`/api/tree/persons?contactId=${contactId}&limit=1`)).items[0] ?? null,
  });

// Any change can move names and relations anywhere in the tree: every tree query is read again.
function useTreeMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tree.all }) });
}

export const useCreateTreePerson = () => useTreeMutation((input: TreePersonInput) => api.post<TreePerson>('/api/tree/persons', input));

export const useUpdateTreePerson = () =>
  useTreeMutation(({ id, patch }: { id: number; patch: TreePersonPatch }) => api.patch<TreePerson>(`/api/tree/persons/${id}`, patch));

export function useDeleteTreePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/tree/persons/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.tree.person(id) });
      // not awaited: the page of the deleted person is left before the tree is read again
      void queryClient.invalidateQueries({ queryKey: queryKeys.tree.all });
    },
  });
}

export const useCreateTreeRelation = () =>
  useTreeMutation((input: TreeRelationInput) => api.post<TreeRelation>('/api/tree/relations', input));

export const useDeleteTreeRelation = () => useTreeMutation((id: number) => api.delete(`/api/tree/relations/${id}`));
