import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VaultFile, VaultUsage } from '@shared/schemas/vault';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

const vaultFilesQuery = () =>
  queryOptions({
    queryKey: queryKeys.vault.list,
    queryFn: () => api.get<VaultFile[]>('/api/vault'),
  });

const vaultUsageQuery = () =>
  queryOptions({
    queryKey: queryKeys.vault.usage,
    queryFn: () => api.get<VaultUsage>('/api/vault/usage'),
  });

export const useVaultFiles = () => useQuery(vaultFilesQuery());
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
    onSettled: () => invalidateVault(queryClient),
  });
}

export function useDeleteVaultFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/vault/${id}`),
    onSettled: () => invalidateVault(queryClient),
  });
}

// Documents appear on the timeline too, so it is refreshed with the vault.
function invalidateVault(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.vault.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
  ]);
}
