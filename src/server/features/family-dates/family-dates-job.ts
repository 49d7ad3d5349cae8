// The hourly check for the weekly mail of family dates, on the one durable queue. Each check queues the next at
// the following full hour, keyed by that hour: checks queued by several instances, or by a restart, are one.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/jobs';
import type { FamilyDatesService } from './family-dates.service';

export const FAMILY_DATES_JOB = 'family-dates.check';

const HOUR_MS = 60 * 60 * 1000;

const hourKey = (at: Date) => `at:${new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString()}`;

/** Queues a check at the next full hour (or now), once per hour however many ask. */
export async function queueFamilyDatesCheck(jobs: JobQueue, now = new Date(), nextHour = true) {
  if (!nextHour) return jobs.send(FAMILY_DATES_JOB, {}, { singletonKey: `now:${hourKey(now)}` });
  const at = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS);
  return jobs.send(FAMILY_DATES_JOB, {}, { singletonKey: hourKey(at), startAfter: at });
}

export function defineFamilyDatesJob(jobs: JobQueue, service: FamilyDatesService, log: FastifyBaseLogger) {
  jobs.define<Record<string, never>>({
    name: FAMILY_DATES_JOB,
    oneQueuedPerKey: true,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    async handler(_data, job) {
      try {
        await service.sendDueDigests();
      } catch (err) {
        if (job.isLastTry) log.error({ err }, 'The weekly family dates check failed after every retry');
        throw err;
      } finally {
        await queueFamilyDatesCheck(jobs);
      }
    },
  });
}
