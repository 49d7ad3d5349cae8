import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@shared/schemas/contacts';
import type {
  FollowUpInput,
  Interview,
  InterviewInput,
  InterviewPatch,
  InterviewProposal,
  InterviewProposalInput,
  InterviewSuggestion,
  ProposalOwner,
  ProposalStoryteller,
  SuggestableInterview,
  SuggestionDecision,
  SuggestionInput,
} from '@shared/schemas/interviews';
import { api } from '@web/lib/api-client';

// The owner's interviews (decision 066) and a family member's suggestions. Every key starts with 'interviews',
// so a change to one interview reloads the list and the interview alike.
export const interviewKeys = {
  all: ['interviews'] as const,
  list: ['interviews', 'list'] as const,
  detail: (id: number) => ['interviews', 'detail', id] as const,
  suggestions: (id: number) => ['interviews', 'suggestions', id] as const,
  suggestable: ['interviews', 'suggestable'] as const,
  storytellers: ['interviews', 'storytellers'] as const,
  proposalOwners: ['interviews', 'proposal-owners'] as const,
  proposalStorytellers: (ownerId: number) => ['interviews', 'proposal-storytellers', ownerId] as const,
  proposals: ['interviews', 'proposals'] as const,
};

export const useInterviews = () => useQuery({ queryKey: interviewKeys.list, queryFn: () => api.get<Interview[]>('/api/interviews') });

export const useInterview = (id: number) =>
  useQuery({ queryKey: interviewKeys.detail(id), queryFn: () => api.get<Interview>(`/api/interviews/${id}`) });

/** The contacts who can be asked: those with an e-mail address. */
export const useStorytellerContacts = () =>
  useQuery({
    queryKey: interviewKeys.storytellers,
    queryFn: async () => (await api.get<Contact[]>('/api/contacts')).filter((contact) => !!contact.email),
  });

function useInterviewMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<Interview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (interview) => {
      queryClient.setQueryData(interviewKeys.detail(interview.id), interview);
      void queryClient.invalidateQueries({ queryKey: interviewKeys.list });
    },
  });
}

export const useCreateInterview = () => useInterviewMutation((input: InterviewInput) => api.post<Interview>('/api/interviews', input));

export const useUpdateInterview = (id: number) =>
  useInterviewMutation((patch: InterviewPatch) => api.patch<Interview>(`/api/interviews/${id}`, patch));

export const useResendQuestion = (id: number) =>
  useInterviewMutation((questionId: number) => api.post<Interview>(`/api/interviews/${id}/questions/${questionId}/resend`));

export const useAskFollowUp = (id: number) =>
  useInterviewMutation(({ questionId, ...input }: FollowUpInput & { questionId: number }) =>
    api.post<Interview>(`/api/interviews/${id}/questions/${questionId}/follow-up`, input),
  );

export function useDeleteInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/interviews/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: interviewKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: interviewKeys.list });
    },
  });
}

export const useInterviewSuggestions = (id: number) =>
  useQuery({
    queryKey: interviewKeys.suggestions(id),
    queryFn: () => api.get<InterviewSuggestion[]>(`/api/interviews/${id}/suggestions`),
  });

export function useDecideSuggestion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ suggestionId, ...decision }: SuggestionDecision & { suggestionId: number }) =>
      api.patch<unknown>(`/api/interviews/${id}/suggestions/${suggestionId}`, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interviewKeys.all }),
  });
}

export const useSuggestableInterviews = () =>
  useQuery({
    queryKey: interviewKeys.suggestable,
    queryFn: () => api.get<SuggestableInterview[]>('/api/interview-suggestions/for-me'),
  });

export const useSuggestQuestion = () =>
  useMutation({
    mutationFn: ({ interviewId, ...input }: SuggestionInput & { interviewId: number }) =>
      api.post<unknown>(`/api/interview-suggestions/for-me/${interviewId}`, input),
  });

// Interviews the family proposes (decision 069): the owner approves or declines; the proposer follows them.

export const useApproveInterview = (id: number) => useInterviewMutation(() => api.post<Interview>(`/api/interviews/${id}/approve`));

export function useDeclineInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<void>(`/api/interviews/${id}/decline`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: interviewKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: interviewKeys.list });
    },
  });
}

export const useProposalOwners = () =>
  useQuery({
    queryKey: interviewKeys.proposalOwners,
    queryFn: () => api.get<ProposalOwner[]>('/api/interview-proposals/owners'),
  });

export const useProposalStorytellers = (ownerId: number | undefined) =>
  useQuery({
    queryKey: interviewKeys.proposalStorytellers(ownerId ?? 0),
    queryFn: () => api.get<ProposalStoryteller[]>(`/api/interview-proposals/owners/${ownerId}/storytellers`),
    enabled: ownerId !== undefined,
  });

export const useMyProposals = () =>
  useQuery({ queryKey: interviewKeys.proposals, queryFn: () => api.get<InterviewProposal[]>('/api/interview-proposals') });

export function useProposeInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InterviewProposalInput) => api.post<InterviewProposal>('/api/interview-proposals', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interviewKeys.proposals }),
  });
}

export function useWithdrawProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/interview-proposals/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interviewKeys.proposals }),
  });
}
