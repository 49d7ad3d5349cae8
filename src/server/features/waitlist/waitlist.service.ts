import type { WaitlistInput, WaitlistResult } from '@shared/schemas/waitlist';
import type { WaitlistRepo } from './waitlist.repo';
import { userText } from '@shared/i18n/text';

export function createWaitlistService({ repo }: { repo: WaitlistRepo }) {
  return {
    /** Same friendly answer for a new and a known address: the waitlist reveals nobody's membership. */
    async join(input: WaitlistInput): Promise<WaitlistResult> {
      await repo.insert(input.email.trim());
      return { message: userText("You're on the list. We'll let you know when heirloom opens.") };
    },
  };
}
