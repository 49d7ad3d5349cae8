import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ForgotPasswordInput,
  InvitationPreview,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  SetupStatus,
  User,
} from '@shared/schemas/auth';
import { api, ApiError } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { takeServerUser } from '@web/lib/server-user';

const HOUR_MS = 60 * 60 * 1000;

const userQuery = queryOptions({
  queryKey: queryKeys.auth.user,
  // spec §4: a 401 means "no user" (data), not an error
  queryFn: async (): Promise<User | null> => {
    try {
      return await api.get<User>('/api/user');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  // The server sends a signed-in visitor's user with the page (decision 035): the first render needs no fetch.
  initialData: takeServerUser,
  staleTime: HOUR_MS, // spec §9: user data is cached for 1 hour
  gcTime: HOUR_MS,
});

export const useUser = () => useQuery(userQuery);

/**
 * The account changed on the server: fetch the user again, even where no page shows it now. A fetch begun
 * before the change (a page load racing a link's check) is cancelled first: invalidating alone would join it
 * while the query has no data yet, and its stale answer would then count as fresh.
 */
async function refetchUser(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: queryKeys.auth.user });
  await queryClient.invalidateQueries({ queryKey: queryKeys.auth.user, refetchType: 'all' });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<User>('/api/login', input),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.auth.user, user),
    onError: () => queryClient.setQueryData(queryKeys.auth.user, null), // spec §4: failed login clears the user
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post<User>('/api/register', input),
    // Registration may or may not open a session, so ask the server rather than assume (the user then logs in).
    onSuccess: () => refetchUser(queryClient),
    onError: () => queryClient.setQueryData(queryKeys.auth.user, null),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/logout'),
    // spec §4: logout clears the user and all cached data. The user is set to null (not refetched)
    // so guarded pages redirect at once; everything else is dropped.
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.auth.all[0] });
      queryClient.setQueryData(queryKeys.auth.user, null);
    },
  });
}

/** Whether this instance still has no account (first run, decision 048): the register form then makes the owner's. */
export const useSetupStatus = () =>
  useQuery({ queryKey: queryKeys.auth.setup, queryFn: () => api.get<SetupStatus>('/api/setup'), staleTime: 0 });

/** POST /api/setup: the first account, the administrator's; like registration, it does not sign in. */
export function useCreateOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post<User>('/api/setup', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.setup }),
  });
}

/** The address an invitation link was sent to (404: used, withdrawn or expired). */
export const useInvitation = (token: string | null) =>
  useQuery({
    queryKey: queryKeys.auth.invitation(token ?? ''),
    queryFn: () => api.get<InvitationPreview>(`/api/invitations/${encodeURIComponent(token ?? '')}`),
    enabled: token !== null,
    retry: false,
  });

type Message = { message: string };

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => api.post<Message>('/api/password/forgot', input),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<Message>('/api/password/reset', input),
    // A reset ends every session of the account, perhaps this browser's too: ask the server who is signed in.
    onSuccess: () => refetchUser(queryClient),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<Message>('/api/email/verify', { token }),
    onSuccess: () => refetchUser(queryClient),
  });
}
