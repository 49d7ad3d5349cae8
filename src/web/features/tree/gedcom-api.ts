// GEDCOM in and out of the tree (issue 30): the import runs on the server, so the card finds it again through
// the list (latest first) and polls only while it runs; a finished import reloads every tree query.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GEDCOM_FIELD, type GedcomImport, type GedcomVersion, type MatchDecision, type MatchSuggestion } from '@shared/schemas/tree-gedcom';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** How often a running import is asked for its progress. */
const POLL_MS = 1000;

export const isRunning = (job: GedcomImport | undefined) => job?.status === 'queued' || job?.status === 'running';

export const gedcomExportHref = (version: GedcomVersion) => `/api/tree/gedcom?version=${version}`;

/**
 * Imports started or seen running in this tab: when one is next seen finished, the tree changed. Kept for the
 * tab's life, so an import that ended while the owner was elsewhere still reloads the tree (staleTime Infinity).
 */
const watched = new Set<number>();

export function useGedcomImports() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.tree.gedcomImports,
    queryFn: () => api.get<GedcomImport[]>('/api/tree/gedcom/imports'),
    staleTime: 0,
    refetchInterval: (q) => (isRunning(q.state.data?.[0]) ? POLL_MS : false),
  });
  const latest = query.data?.[0];
  useEffect(() => {
    if (!latest) return;
    if (isRunning(latest)) watched.add(latest.id);
    else if (watched.delete(latest.id) && latest.status === 'done') void queryClient.invalidateQueries({ queryKey: queryKeys.tree.all });
  }, [latest, queryClient]);
  return query;
}

export function useStartGedcomImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      form.append(GEDCOM_FIELD, file);
      return api.upload<{ id: number }>('/api/tree/gedcom', form, onProgress);
    },
    onSuccess: ({ id }) => {
      watched.add(id);
      return queryClient.invalidateQueries({ queryKey: queryKeys.tree.gedcomImports });
    },
  });
}

export const useGedcomSuggestions = () =>
  useQuery({
    queryKey: queryKeys.tree.gedcomSuggestions,
    queryFn: () => api.get<MatchSuggestion[]>('/api/tree/gedcom/suggestions'),
    staleTime: 0,
  });

/** Accepting merges two persons and rejecting only drops the suggestion; either way the tree is read again. */
export function useDecideSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: MatchDecision }) =>
      api.post<void>(`/api/tree/gedcom/suggestions/${id}`, { decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tree.all }),
  });
}
