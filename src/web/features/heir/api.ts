import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInConfirmed, OpenResult, Received, VerifierLink } from '@shared/schemas/legacy';
import type { SharedCollection } from '@shared/schemas/sharing';
import { api, ApiError } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** A refused request that may carry a wait: 429 with the seconds from Retry-After. */
export class ThrottledError extends ApiError {
  constructor(
    status: number,
    body: string,
    statusText: string,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(status, body, statusText);
    this.name = 'ThrottledError';
  }
}

// fetch rather than api.post: a throttled answer's wait is in the Retry-After header, which api.post drops.
async function postKeepingRetryAfter<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.ok) return (text ? JSON.parse(text) : undefined) as T;
  const retryAfter = Number(res.headers.get('Retry-After'));
  throw new ThrottledError(res.status, text, res.statusText, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
}

/** "3 seconds", "2 minutes": how long a throttled visitor waits. */
export function waitText(seconds: number) {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The message of a throttled answer, or undefined when the error is something else. */
export function throttledMessage(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const seconds = error instanceof ThrottledError ? error.retryAfterSeconds : undefined;
  return seconds
    ? `Too many tries. Please wait ${waitText(seconds)} and try again.`
    : 'Too many tries. Please wait a moment and try again.';
}

/** What was released to the heir whose cookie this browser holds; 401 until a key code has opened it. */
export function useReceived() {
  return useQuery({
    queryKey: queryKeys.heir.received,
    queryFn: () => api.get<Received>('/api/legacy/received'),
    retry: false,
  });
}

export function useOpenLegacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyCode: string) => postKeepingRetryAfter<OpenResult>('/api/legacy/open', { keyCode }),
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
    mutationFn: (token: string) => postKeepingRetryAfter<CheckInConfirmed>('/api/legacy/check-in/confirm', { token }),
  });
}

export function useConfirmVeto() {
  return useMutation({ mutationFn: (token: string) => postKeepingRetryAfter<unknown>('/api/legacy/veto/confirm', { token }) });
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
    mutationFn: () => postKeepingRetryAfter<VerifierLink>(verifyUrl(token), {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.heir.verifier(token) }),
  });
}
