import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstanceSettings, Invitation, InvitationInput, Member, WaitlistEntry } from '@shared/schemas/admin';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export const useInstanceSettings = () =>
  useQuery({ queryKey: queryKeys.admin.instance, queryFn: () => api.get<InstanceSettings>('/api/admin/instance') });

export const useMembers = () => useQuery({ queryKey: queryKeys.admin.members, queryFn: () => api.get<Member[]>('/api/admin/members') });

export const useInvitations = () =>
  useQuery({ queryKey: queryKeys.admin.invitations, queryFn: () => api.get<Invitation[]>('/api/admin/invitations') });

export const useWaitlist = () =>
  useQuery({ queryKey: queryKeys.admin.waitlist, queryFn: () => api.get<WaitlistEntry[]>('/api/admin/waitlist') });

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationInput) => api.post<Invitation>('/api/admin/invitations', input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.invitations });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.waitlist });
    },
  });
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/admin/invitations/${id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.invitations });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.waitlist });
    },
  });
}

export function useSetMemberDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) => api.patch<Member>(`/api/admin/members/${id}`, { disabled }),
    onSuccess: (member) =>
      queryClient.setQueryData<Member[]>(queryKeys.admin.members, (list) => list?.map((m) => (m.id === member.id ? member : m))),
  });
}
