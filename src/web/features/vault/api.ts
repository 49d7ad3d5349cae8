import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VaultFile, VaultFileDetails, VaultPage, VaultUsage } from '@shared/schemas/vault';
import { api } from '@web/lib/api-client';
import { invalidateExceptPages, prependToPages, removeFromPages } from '@web/lib/paged-cache';
import { queryKeys } from '@web/lib/query-keys';

const vaultUsageQuery = () =>
  queryOptions({
    queryKey: queryKeys.vault.usage,
    queryFn: () => api.get<VaultUsage>('/api/vault/usage'),
  });

/** The screen's documents, newest first, a page at a time. */
export const useVaultPages = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.vault.pages,
      queryFn: ({ pageParam }) => api.get<VaultPage>(`/api/vault/page${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** How often a document's details are asked for again while its words are being read. */
const TEXT_POLL_MS = 3000;

/**
 * One document's details with the words read from it (a link from search opens it even when its page is not
 * loaded); asked for again every few seconds while the words are still being read.
 */
export const useVaultFile = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.vault.detail(id ?? 0),
    queryFn: () => api.get<VaultFileDetails>(`/api/vault/${id}/details`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.textStatus === 'pending' ? TEXT_POLL_MS : false),
  });
export const useVaultUsage = () => useQuery(vaultUsageQuery());

/** spec §7: GET /api/vault/{id} views or downloads the file. */
export const vaultFileUrl = (id: number) => `/api/vault/${id}`;

export type VaultUploadInput = { file: File; description?: string; onProgress?: (percent: number) => void };

export function useUploadVaultFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, description, onProgress }: VaultUploadInput) => {
      const form = new FormData();
      // fields first, so the server has them before the file streams in
      if (description) form.append('description', description);
      form.append('file', file);
      return api.upload<VaultFile>('/api/vault', form, onProgress);
    },
    onSuccess: (file) => prependToPages(queryClient, queryKeys.vault.pages, file),
    onSettled: () => invalidateVault(queryClient),
  });
}

export function useDeleteVaultFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/vault/${id}`),
    onSuccess: (_, id) => removeFromPages(queryClient, queryKeys.vault.pages, id),
    onSettled: () => invalidateVault(queryClient),
  });
}

// Documents appear on the timeline too, so it is refreshed with the vault; the screen's loaded pages are
// kept in step by hand instead (decision 034), as refetching them would reload every page.
function invalidateVault(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    invalidateExceptPages(queryClient, queryKeys.vault.all, queryKeys.vault.pages),
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
  ]);
}
