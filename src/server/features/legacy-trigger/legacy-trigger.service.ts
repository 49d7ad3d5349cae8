// The Legacy Plan's trigger (decision 026): check-ins, verifiers, the veto window, the release, and the
// dated releases that happen whether or not the owner is alive. Every timer is one durable job kind,
// `legacy.tick` {userId}: a tick runs the state machine for that owner and queues the next tick.
import type { JobQueue } from '../../lib/jobs';

export const LEGACY_TICK_JOB = 'legacy.tick';

/**
 * Makes sure the owner's state machine runs no later than `at` (now when omitted). Ticks are keyed by their
 * exact time, so the same moment asked twice is one job; an earlier tick is never delayed by a later one
 * already queued, and an extra tick is harmless (the handler is idempotent).
 */
export async function scheduleLegacyTick(jobs: JobQueue, userId: number, at?: Date) {
  const key = at ? `${userId}:${at.getTime()}` : `${userId}:now`;
  await jobs.send(LEGACY_TICK_JOB, { userId }, { singletonKey: key, startAfter: at });
}
