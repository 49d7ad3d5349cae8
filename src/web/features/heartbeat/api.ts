// The heartbeat's URL (decision 071): fetch + cache only; the card owns its toasts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Heartbeat, HeartbeatInput } from '@shared/schemas/heartbeat';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export const useHeartbeat = () =>
  useQuery({ queryKey: queryKeys.legacy.heartbeat, queryFn: () => api.get<Heartbeat>('/api/legacy/heartbeat'), staleTime: 0 });

export function useSetHeartbeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HeartbeatInput) => api.put<Heartbeat>('/api/legacy/heartbeat', input),
    onSuccess: (heartbeat) => queryClient.setQueryData(queryKeys.legacy.heartbeat, heartbeat),
  });
}
