// What a verifier's confirmation does, for the plan as its owner set it (decision 045).
import type { VerifierLink } from '@shared/schemas/legacy';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** Before confirming: what this confirmation starts, said before the verifier taps. */
export function beforeConfirming(link: VerifierLink): string {
  const { ownerName: name, verifiersRequired: required, confirmations, waitingDays: wait } = link;
  if (confirmations + 1 >= required) {
    if (wait === 0) {
      return `Your confirmation is the last one needed: what ${name} left is handed on to their heirs at once, with no waiting time, and can no longer be cancelled.`;
    }
    return `${name} is e-mailed at once and has ${days(wait)} to cancel before what they left is handed on.`;
  }
  const told = confirmations === 0 ? `${name} is e-mailed at once and can cancel.` : `${name} has been e-mailed and can cancel.`;
  const then = wait === 0 ? 'then it is handed on at once, with no waiting time.' : `then ${name} still has ${days(wait)} to cancel.`;
  return `${told} Nothing is handed on until ${required} of the people ${name} chose have confirmed (${confirmations} so far); ${then}`;
}

/** After confirming (or on a later visit): where things stand now. */
export function afterConfirming(link: VerifierLink): string {
  const { ownerName: name, verifiersRequired: required, confirmations, waitingDays: wait, state, vetoEndsAt } = link;
  if (state === 'released') return `What ${name} left has been handed on to their heirs. There is nothing more to do.`;
  if (state === 'veto') {
    const until = vetoEndsAt ? dayFormat.format(new Date(vetoEndsAt)) : 'the end of the waiting time';
    return `Enough of the people ${name} chose have confirmed. ${name} has been e-mailed and can cancel until ${until}; then what they left is handed on.`;
  }
  const then = wait === 0 ? 'then it is handed on at once, with no waiting time.' : `then ${name} still has ${days(wait)} to cancel.`;
  return `${name} has been e-mailed and can cancel. Nothing is handed on until ${required} of the people ${name} chose have confirmed (${confirmations} so far); ${then}`;
}
