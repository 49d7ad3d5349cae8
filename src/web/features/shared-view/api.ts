import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SharedCollection, SharedWithMe } from '@shared/schemas/sharing';
import { api, ApiError } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The `code` of an error body ('PASSWORD_REQUIRED', 'LINK_EXPIRED', 'WRONG_PASSWORD' …), if the server sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (typeof parsed === 'object' && parsed !== null && 'code' in parsed && typeof parsed.code === 'string') return parsed.code;
  } catch {
    // not JSON: no code
  }
  return undefined;
}

/** How a link answered, as the page shows it. */
export type LinkProblem = 'password' | 'expired' | 'not-found' | 'failed';

export function linkProblem(error: unknown): LinkProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 401 && errorCode(error) === 'PASSWORD_REQUIRED') return 'password';
  if (error.status === 410) return 'expired';
  // 400: a token of the wrong shape is a link that does not work either
  if (error.status === 404 || error.status === 400) return 'not-found';
  return 'failed';
}

const sharedUrl = (token: string) => `/api/shared/${encodeURIComponent(token)}`;

export function useSharedLink(token: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.shared.link(token),
    queryFn: () => api.get<SharedCollection>(sharedUrl(token)),
    enabled,
  });
}

export function useUnlockSharedLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<void>(`${sharedUrl(token)}/unlock`, { password }),
    // the cookie is set now: the same request for the collection is answered this time
    onSuccess: () => queryClient.resetQueries({ queryKey: queryKeys.shared.link(token) }),
  });
}

export function useSharedWithMe() {
  return useQuery({
    queryKey: queryKeys.shared.withMe,
    queryFn: () => api.get<SharedWithMe>('/api/shared-with-me'),
  });
}

/** Whether anything was shared with the signed-in user: the navigation shows "Shared with me" only then. */
export function useHasSharedWithMe() {
  const { data } = useSharedWithMe();
  return (data?.length ?? 0) > 0;
}

export function useSharedWithMeCollection(grantId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.shared.withMeCollection(grantId),
    queryFn: () => api.get<SharedCollection>(`/api/shared-with-me/${grantId}`),
    enabled,
  });
}
