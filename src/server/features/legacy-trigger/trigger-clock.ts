// When the Legacy Plan's machine takes its next step on its own (decision 026): the check-in interval,
// the reminders a week apart, the veto window.
import type { PlanRow } from './legacy-trigger.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reminders go out this long after the check-in mail and after each other; the verifiers are asked one more interval later. */
export const REMINDER_INTERVAL_DAYS = 7;
export const REMINDERS = 2;

/** `date` plus calendar months, in UTC; the 31st of a shorter month is its last day. */
export function addMonths(date: Date, months: number) {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const later = (a: Date, b: Date | null) => (b && b > a ? b : a);

/** When the plan's current state takes its next step on its own (null: it waits for a person). */
export function nextStepAt(plan: PlanRow): Date | null {
  switch (plan.state) {
    case 'active':
      return addMonths(later(plan.lastCheckInAt, plan.pausedUntil), plan.checkInMonths);
    case 'awaiting_check_in':
      return addDays(plan.checkInSentAt ?? plan.stateSince, REMINDER_INTERVAL_DAYS * (Math.min(plan.remindersSent, REMINDERS) + 1));
    case 'veto':
      return plan.vetoEndsAt;
    default:
      return null;
  }
}
