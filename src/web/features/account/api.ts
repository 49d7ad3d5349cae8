// Account control (Settings → Account, Profile): password change, sign out everywhere, account deletion,
// the e-mail address and its verification, and the storage the account uses.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AccountDeletionInput, EmailChangeInput, PasswordChangeInput, StorageUsage } from '@shared/schemas/account';
import type { User } from '@shared/schemas/auth';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

type Message = { message: string };

/** Like logout (spec §4): drop every cached item and set "no user", so guarded pages leave at once. */
function forgetEverything(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.auth.all[0] });
  queryClient.setQueryData(queryKeys.auth.user, null);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => api.post<Message>('/api/user/password', input),
  });
}

export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Message>('/api/user/logout-all'),
    onSuccess: () => forgetEverything(queryClient),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountDeletionInput) => api.delete<Message>('/api/user', input),
    onSuccess: () => forgetEverything(queryClient),
  });
}

/** Sends the verification link again: to the pending new address if there is one, else to the current one. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<Message>('/api/user/email/verification'),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeInput) => api.post<Message>('/api/user/email', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.user }), // shows the pending address
  });
}

export const useStorageUsage = () =>
  useQuery({
    queryKey: queryKeys.account.storage,
    queryFn: () => api.get<StorageUsage>('/api/user/storage'),
    staleTime: 0, // every upload and deletion changes it; read it afresh whenever it is shown
  });

/** The account's language (Settings → Account): kept on the server, so mails and kits are written in it too. */
export function useSetAccountLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string | null) => api.put<User>('/api/user/language', { language }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.auth.user, user),
  });
}
