// The owner's Legacy Plan (decisions 026 and 027): fetch + cache only; the components own toasts and dialogs.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '@shared/schemas/auth';
import type { Collection } from '@shared/schemas/sharing';
import type {
  AuditLog,
  Heir,
  HeirInput,
  LegacyPlan,
  LegacyPlanInput,
  LegacyPreview,
  LegacyStatus,
  Letter,
  LetterInput,
  RelationRule,
  RelationRuleInput,
  Release,
  ReleaseInput,
} from '@shared/schemas/legacy';
import type { ReachabilityEntry } from '@shared/schemas/reachability';
import { api } from '@web/lib/api-client';
import { activeIntl } from '@web/lib/i18n/language-store';
import { queryKeys } from '@web/lib/query-keys';

// The trigger moves on its own (mails, verifiers, timers): the plan's screens read afresh whenever they open.
export const useLegacyStatus = () =>
  useQuery({ queryKey: queryKeys.legacy.status, queryFn: () => api.get<LegacyStatus>('/api/legacy/status'), staleTime: 0 });
export const useLegacyPlan = () =>
  useQuery({ queryKey: queryKeys.legacy.plan, queryFn: () => api.get<LegacyPlan>('/api/legacy/plan'), staleTime: 0 });
export const useAuditLog = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.legacy.audit, queryFn: () => api.get<AuditLog>('/api/legacy/audit'), staleTime: 0, enabled });
export const useHeirs = () => useQuery({ queryKey: queryKeys.legacy.heirs, queryFn: () => api.get<Heir[]>('/api/legacy/heirs') });
export const useReleases = () =>
  useQuery({ queryKey: queryKeys.legacy.releases, queryFn: () => api.get<Release[]>('/api/legacy/releases'), staleTime: 0 });
export const useLetters = () => useQuery({ queryKey: queryKeys.legacy.letters, queryFn: () => api.get<Letter[]>('/api/legacy/letters') });
export const usePreview = (heirId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.legacy.preview(heirId),
    queryFn: () => api.get<LegacyPreview>(`/api/legacy/preview?heirId=${heirId}`),
    staleTime: 0,
    enabled,
  });

// The owner's collections, under the key (and with the request) of the feature that owns them, so the release
// picker shares its cache instead of keeping a second copy. They number in the tens (decision 036).
/** The signed-in owner's name, from the user the app already holds (for the Legacy Kit: whose archive it is). */
export function useOwnerName() {
  const user = useQueryClient().getQueryData<User | null>(queryKeys.auth.user);
  return user
    ? [user.firstName, user.surname].filter(Boolean).join(' ')
    : activeIntl().formatMessage({ id: 'legacy.kit.someoneWhoCares', defaultMessage: 'Someone who cares about you' });
}

export const useOwnCollections = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.collections.list, queryFn: () => api.get<Collection[]>('/api/collections'), enabled });

const invalidateLegacy = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.legacy.all });

function useLegacyMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateLegacy(queryClient) });
}

export const useSavePlan = () => useLegacyMutation((input: LegacyPlanInput) => api.put<LegacyPlan>('/api/legacy/plan', input));
export const useCheckIn = () => useLegacyMutation(() => api.post<LegacyStatus>('/api/legacy/check-in'));
export const useVeto = () => useLegacyMutation(() => api.post<LegacyStatus>('/api/legacy/veto'));

export const useAddHeir = () => useLegacyMutation((input: HeirInput) => api.post<Heir>('/api/legacy/heirs', input));
export const useRemoveHeir = () => useLegacyMutation((id: number) => api.delete(`/api/legacy/heirs/${id}`));
/** The code comes back once; the caller derives the public key from it and uploads that with useSetPublicKey. */
export const useMakeKeyCode = () =>
  useLegacyMutation((heirId: number) => api.post<{ keyCode: string }>(`/api/legacy/heirs/${heirId}/key-code`));
export const useSetPublicKey = () =>
  useLegacyMutation(({ heirId, publicKey }: { heirId: number; publicKey: string }) =>
    api.put<Heir>(`/api/legacy/heirs/${heirId}/public-key`, { publicKey }),
  );

export const useAddRelease = () => useLegacyMutation((input: ReleaseInput) => api.post<Release>('/api/legacy/releases', input));
export const useRemoveRelease = () => useLegacyMutation((id: number) => api.delete(`/api/legacy/releases/${id}`));

// Releases by relation (decision 065): reading them also brings them in line with the family tree.
export const useReachability = () =>
  useQuery({
    queryKey: queryKeys.legacy.reachability,
    queryFn: () => api.get<ReachabilityEntry[]>('/api/legacy/reachability'),
    staleTime: 0,
  });
export const useRelationRules = () =>
  useQuery({
    queryKey: queryKeys.legacy.relationRules,
    queryFn: () => api.get<RelationRule[]>('/api/legacy/relation-rules'),
    staleTime: 0,
  });
export const useAddRelationRule = () =>
  useLegacyMutation((input: RelationRuleInput) => api.post<RelationRule>('/api/legacy/relation-rules', input));
export const useRemoveRelationRule = () => useLegacyMutation((id: number) => api.delete(`/api/legacy/relation-rules/${id}`));

export const useWriteLetter = () => useLegacyMutation((input: LetterInput) => api.post<Letter>('/api/legacy/letters', input));
export const useDeleteLetter = () => useLegacyMutation((id: number) => api.delete(`/api/legacy/letters/${id}`));
export const useSetDateOfBirth = () =>
  useLegacyMutation(({ heirId, dateOfBirth }: { heirId: number; dateOfBirth: string | null }) =>
    api.patch<Heir>(`/api/legacy/heirs/${heirId}`, { dateOfBirth }),
  );
