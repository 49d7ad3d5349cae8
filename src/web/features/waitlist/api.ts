import { useMutation } from '@tanstack/react-query';
import type { WaitlistInput, WaitlistResult } from '@shared/schemas/waitlist';
import { api } from '@web/lib/api-client';

export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (input: WaitlistInput) => api.post<WaitlistResult>('/api/waitlist', input),
  });
}
