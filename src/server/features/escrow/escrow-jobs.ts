// The escrow run's jobs on the one durable queue (decision 074): a run per owner (one waiting at a time, retried),
// a check per owner, and the nightly sweep that queues a run for every owner with a bucket and the monthly checks.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/jobs';
import { ESCROW_CHECK_JOB, ESCROW_RUN_JOB, type EscrowRun } from './escrow-run';

export const ESCROW_NIGHTLY_JOB = 'escrow.nightly';
const DAY_MS = 24 * 60 * 60 * 1000;
/** 02:30 UTC: a quiet hour in most of the places heirloom runs. */
const NIGHT_OFFSET_MS = 2.5 * 60 * 60 * 1000;

/** Queues the sweep at the next night, keyed by it, so every instance and restart asking is one sweep. */
export function queueEscrowNightly(jobs: JobQueue, now = new Date()) {
  const dayStart = Math.floor((now.getTime() - NIGHT_OFFSET_MS) / DAY_MS) * DAY_MS + NIGHT_OFFSET_MS;
  const at = new Date(dayStart + DAY_MS);
  return jobs.send(ESCROW_NIGHTLY_JOB, {}, { singletonKey: `at:${at.toISOString()}`, startAfter: at });
}

export function defineEscrowJobs(jobs: JobQueue, escrow: EscrowRun, log: FastifyBaseLogger) {
  jobs.define<{ userId: number }>({
    name: ESCROW_RUN_JOB,
    oneQueuedPerKey: true,
    retryLimit: 3,
    retryDelaySeconds: 60,
    // a bundle of several GB streams for a while; a try still running after this long is given up
    expireInSeconds: 6 * 60 * 60,
    handler: ({ userId }) => escrow.run(userId),
    onGivenUp: ({ userId }) => escrow.giveUp(userId),
  });
  jobs.define<{ userId: number }>({
    name: ESCROW_CHECK_JOB,
    oneQueuedPerKey: true,
    retryLimit: 2,
    retryDelaySeconds: 300,
    expireInSeconds: 6 * 60 * 60,
    handler: ({ userId }) => escrow.check(userId),
  });
  jobs.define<Record<string, never>>({
    name: ESCROW_NIGHTLY_JOB,
    oneQueuedPerKey: true,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    async handler() {
      try {
        await escrow.queueAll();
        await escrow.queueChecks();
      } catch (err) {
        log.error({ err }, 'Could not queue the nightly escrow runs');
        throw err;
      } finally {
        await queueEscrowNightly(jobs);
      }
    },
  });
}
