// The interviews' hourly look, on the one durable queue (as family-dates.check): each look queues the next at
// the following full hour, keyed by that hour, so looks queued by several instances or by a restart are one.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/jobs';
import type { InterviewsService } from './interviews.service';

export const INTERVIEWS_JOB = 'interviews.tick';

const HOUR_MS = 60 * 60 * 1000;
const hourKey = (at: Date) => `at:${new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString()}`;

/** Queues a look at the next full hour (or now), once per hour however many ask. */
export async function queueInterviewsTick(jobs: JobQueue, now = new Date(), nextHour = true) {
  if (!nextHour) return jobs.send(INTERVIEWS_JOB, {}, { singletonKey: `now:${hourKey(now)}` });
  const at = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS);
  return jobs.send(INTERVIEWS_JOB, {}, { singletonKey: hourKey(at), startAfter: at });
}

export function defineInterviewsJob(jobs: JobQueue, service: InterviewsService, log: FastifyBaseLogger) {
  jobs.define<Record<string, never>>({
    name: INTERVIEWS_JOB,
    oneQueuedPerKey: true,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    async handler(_data, job) {
      try {
        await service.tick();
      } catch (err) {
        if (job.isLastTry) log.error({ err }, 'The interviews check failed after every retry');
        throw err;
      } finally {
        await queueInterviewsTick(jobs);
      }
    },
  });
}
