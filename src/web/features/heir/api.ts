import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInConfirmed, OpenResult, Received, ReceivedFamily, VerifierLink } from '@shared/schemas/legacy';
import type { ReachabilityConfirmed } from '@shared/schemas/reachability';
import type { SharedCollection } from '@shared/schemas/sharing';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** What was released to the heir whose cookie this browser holds; 401 until a key code has opened it. */
export function useReceived() {
  return useQuery({
    queryKey: queryKeys.heir.received,
    queryFn: () => api.get<Received>('/api/legacy/received'),
    retry: false,
  });
}

/** The owner as the heir names them in the owner's family tree ("your grandmother"), when the heir is in it. */
export function useReceivedFamily() {
  return useQuery({
    queryKey: queryKeys.heir.receivedFamily,
    queryFn: () => api.get<ReceivedFamily>('/api/legacy/received/family'),
    retry: false,
  });
}

export function useOpenLegacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyCode: string) => api.post<OpenResult>('/api/legacy/open', { keyCode }),
    // the heir cookie is set now: the received view can load
    onSuccess: (result) => {
      if (result.released) return queryClient.resetQueries({ queryKey: queryKeys.heir.received });
    },
  });
}

/** One release's contents, from the url the received view gives it: the shared view's shape. */
export function useReceivedRelease(url: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.heir.release(url),
    queryFn: () => api.get<SharedCollection>(url),
    enabled,
  });
}

export function useCloseLegacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/legacy/close'),
    onSettled: () => {
      // nothing of what was shown, nor any letter opened with the code, stays in memory
      queryClient.removeQueries({ queryKey: queryKeys.heir.releases });
      queryClient.removeQueries({ queryKey: queryKeys.heir.openedLetters });
      return queryClient.resetQueries({ queryKey: queryKeys.heir.received });
    },
  });
}

export function useConfirmCheckIn() {
  return useMutation({
    mutationFn: (token: string) => api.post<CheckInConfirmed>('/api/legacy/check-in/confirm', { token }),
  });
}

export function useConfirmReachable() {
  return useMutation({
    mutationFn: (token: string) => api.post<ReachabilityConfirmed>('/api/legacy/reachable/confirm', { token }),
  });
}

export function useConfirmVeto() {
  return useMutation({ mutationFn: (token: string) => api.post<unknown>('/api/legacy/veto/confirm', { token }) });
}

const verifyUrl = (token: string) => `/api/legacy/verify/${encodeURIComponent(token)}`;

export function useVerifierLink(token: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.heir.verifier(token),
    queryFn: () => api.get<VerifierLink>(verifyUrl(token)),
    enabled,
    retry: false,
  });
}

export function useConfirmDeath(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<VerifierLink>(verifyUrl(token), {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.heir.verifier(token) }),
  });
}
