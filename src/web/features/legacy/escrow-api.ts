// Sealed copies kept elsewhere (issue 32, decisions 072 and 075): fetch + cache only; the cards own toasts and dialogs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EscrowSettings,
  EscrowSettingsInput,
  EscrowStatus,
  EscrowTestResult,
  ReleaseKeyInput,
  ReleaseKeyState,
} from '@shared/schemas/escrow';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** While a run waits or is under way, its status is read again this often. */
export const RUN_POLL_MS = 2_000;

export const useEscrowSettings = () =>
  useQuery({ queryKey: queryKeys.legacy.escrow, queryFn: () => api.get<EscrowSettings>('/api/legacy/escrow'), staleTime: 0 });

export const useEscrowStatus = () =>
  useQuery({
    queryKey: queryKeys.legacy.escrowStatus,
    queryFn: () => api.get<EscrowStatus>('/api/legacy/escrow/status'),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.running ? RUN_POLL_MS : false),
  });

export const useReleaseKey = () =>
  useQuery({ queryKey: queryKeys.legacy.releaseKey, queryFn: () => api.get<ReleaseKeyState>('/api/legacy/release-key'), staleTime: 0 });

export function useSaveEscrowTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EscrowSettingsInput) => api.put<EscrowSettings>('/api/legacy/escrow', input),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.legacy.escrow, settings);
      void queryClient.invalidateQueries({ queryKey: queryKeys.legacy.escrowStatus });
    },
  });
}

export function useTestEscrowTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EscrowTestResult>('/api/legacy/escrow/test'),
    // the server keeps the time and error of the last test on the settings
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.legacy.escrow, exact: true }),
  });
}

export function useRunEscrow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EscrowStatus>('/api/legacy/escrow/run'),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.legacy.escrowStatus, status),
  });
}

/** Only the public half: the private half and the verifier codes never leave the browser (decision 075). */
export function useSetReleaseKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReleaseKeyInput) => api.put<ReleaseKeyState>('/api/legacy/release-key', input),
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.legacy.releaseKey, state);
      // a new release key means the copies are sealed again
      void queryClient.invalidateQueries({ queryKey: queryKeys.legacy.escrowStatus });
    },
  });
}

/** The sealed file of one heir, streamed by the browser's own download (several GB never pass through this page). */
export const bundleUrl = (heirId: number) => `/api/legacy/escrow/bundles/${heirId}`;
