// Profile: update and picture upload. The current user lives in the auth cache (queryKeys.auth.user), so
// these hooks write the answer there: every screen showing the user sees the change at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/schemas/auth';
import type { ProfileInput, ProfilePictureResult } from '@shared/schemas/profile';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.patch<User>('/api/user/profile', input),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.auth.user, user),
  });
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('profilePicture', file);
      return api.upload<ProfilePictureResult>('/api/user/profile-picture', form);
    },
    onSuccess: ({ profilePicture }) =>
      queryClient.setQueryData<User | null>(queryKeys.auth.user, (user) => (user ? { ...user, profilePicture } : user)),
  });
}
