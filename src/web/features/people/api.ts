// People in the photos (issue 29): fetch + cache only; the components own toasts and dialogs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PeopleSettings, PeopleStatus } from '@shared/schemas/people';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** While photos are still being looked at, the progress is asked for again every few seconds. */
const PROGRESS_POLL_MS = 5000;

export const usePeopleStatus = () =>
  useQuery({
    queryKey: queryKeys.people.status,
    queryFn: () => api.get<PeopleStatus>('/api/people/status'),
    refetchInterval: (query) => (query.state.data?.enabled && query.state.data.photosPending > 0 ? PROGRESS_POLL_MS : false),
  });

export function useSetFaceRecognition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PeopleSettings) => api.put<PeopleStatus>('/api/people/settings', settings),
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.people.status, status);
      return queryClient.invalidateQueries({ queryKey: queryKeys.people.list });
    },
  });
}
