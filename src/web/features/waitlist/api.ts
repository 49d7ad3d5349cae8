import { useCallback, useState } from 'react';
import type { WaitlistInput, WaitlistResult } from '@shared/schemas/waitlist';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';

const messages = defineMessages({
  invalidEmail: { id: 'waitlist.invalidEmail', defaultMessage: 'Please enter a valid email address' },
  failed: { id: 'waitlist.failed', defaultMessage: 'Something went wrong' },
});

// The waitlist form is the landing page's only interactive part. To keep that page's first load light,
// the fetch wrapper and the shared zod schema are loaded on first use (or on focus, see preloadWaitlist),
// and joining is a plain pending flag rather than a TanStack mutation: it touches no cached data, and the
// landing page is the one page that loads without TanStack Query (see app/query-scope.tsx).
const loadApiClient = () => import('@web/lib/api-client');
const loadSchema = () => import('@shared/schemas/waitlist');

export function preloadWaitlist() {
  void loadApiClient();
  void loadSchema();
}

/** The shared schema's message for an invalid email (spec §5), or null when the input is valid. */
export async function validateWaitlistInput(input: WaitlistInput): Promise<string | null> {
  const { waitlistInputSchema } = await loadSchema();
  const result = waitlistInputSchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? activeIntl().formatMessage(messages.invalidEmail));
}

/** POST /api/waitlist; `isPending` while it runs (the same surface as the mutation it replaces). */
export function useJoinWaitlist() {
  const [isPending, setIsPending] = useState(false);
  const mutateAsync = useCallback(async (input: WaitlistInput) => {
    setIsPending(true);
    try {
      const { api } = await loadApiClient();
      return await api.post<WaitlistResult>('/api/waitlist', input);
    } finally {
      setIsPending(false);
    }
  }, []);
  return { isPending, mutateAsync };
}

/** spec §8: the failure toast shows the error message (the server's, when it sent one). */
export async function waitlistErrorMessage(error: unknown) {
  const { errorMessage } = await loadApiClient();
  return errorMessage(error, error instanceof Error ? error.message : activeIntl().formatMessage(messages.failed));
}
