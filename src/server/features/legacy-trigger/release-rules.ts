// What a plan's settings mean for a report of the owner's death, in the words its mails use (decision 045).

/** The smallest settings the rules read. */
export interface ReleaseRules {
  vetoDays: number;
  verifiersRequired: number;
}

/**
 * The days the owner has to cancel once enough verifiers have confirmed. "None" needs two verifiers who must
 * agree; a plan saved with none and one verifier (before decision 045) waits the shortest time, 1 day.
 */
export const waitingDays = (plan: ReleaseRules) => (plan.vetoDays === 0 && plan.verifiersRequired < 2 ? 1 : plan.vetoDays);

export const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** What happens after a report, as the plan is set now: for the verifiers' mails. */
export function afterReportText(plan: ReleaseRules, ownerName: string): string {
  const wait = waitingDays(plan);
  const required = plan.verifiersRequired;
  if (required < 2) {
    return (
      `As ${ownerName}'s plan is set today, one confirmation is enough: ${ownerName} is e-mailed at once and has ${days(wait)} ` +
      'to cancel before anything is handed on.'
    );
  }
  return [
    `As ${ownerName}'s plan is set today, ${ownerName} is e-mailed at the first report and can cancel.`,
    `Nothing is handed on until ${required} of the people ${ownerName} chose have confirmed;`,
    wait === 0 ? 'then it is handed on at once, with no waiting time.' : `then ${ownerName} still has ${days(wait)} to cancel.`,
  ].join(' ');
}
