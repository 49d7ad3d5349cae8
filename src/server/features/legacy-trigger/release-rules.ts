// What a plan's settings mean for a report of the owner's death (decision 045). The words its mails use are
// trigger-mails.ts's afterReportWords, in each reader's language.

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
