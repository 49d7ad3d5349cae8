import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeepStatus } from '@shared/schemas/legacy-keep';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

const keepUrl = (releaseId: number) => `/api/legacy/received/${releaseId}/keep`;
/** Under the heir's keys: dropped with everything else of the release when the heir closes it. */
const keepKey = (releaseId: number) => [...queryKeys.heir.all, 'keep', releaseId] as const;

/** Whether this release is kept in the signed-in heir's library; 401 when nobody is signed in. */
export function useKeepStatus(releaseId: number) {
  return useQuery({
    queryKey: keepKey(releaseId),
    queryFn: () => api.get<KeepStatus>(keepUrl(releaseId)),
    retry: false,
    // a large release is copied by the queue: its progress is followed until it ends
    refetchInterval: (query) => (query.state.data?.status === 'copying' ? 2000 : false),
  });
}

export function useKeepRelease(releaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<KeepStatus>(keepUrl(releaseId)),
    onSuccess: async (status) => {
      queryClient.setQueryData(keepKey(releaseId), status);
      // the copies are the heir's own items now
      for (const key of [
        queryKeys.photos.all,
        queryKeys.memories.all,
        queryKeys.vault.all,
        queryKeys.timeline.all,
        queryKeys.account.storage,
      ]) {
        await queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
