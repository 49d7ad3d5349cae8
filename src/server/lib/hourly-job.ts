// A job that looks at something every full hour, on the one durable queue: each run queues the next at the
// following full hour, keyed by that hour, so runs queued by several instances or by a restart are one.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './jobs';

const HOUR_MS = 60 * 60 * 1000;
const hourKey = (at: Date) => `at:${new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString()}`;

/** Queues a run of `name` at the next full hour (or now), once per hour however many ask. */
export async function queueHourly(jobs: JobQueue, name: string, now = new Date(), nextHour = true) {
  if (!nextHour) return jobs.send(name, {}, { singletonKey: `now:${hourKey(now)}` });
  const at = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS);
  return jobs.send(name, {}, { singletonKey: hourKey(at), startAfter: at });
}

/** Defines `name` to call `run` every hour; `what` names it in the log when every retry failed. */
export function defineHourlyJob(jobs: JobQueue, name: string, run: () => Promise<unknown>, log: FastifyBaseLogger, what: string) {
  jobs.define<Record<string, never>>({
    name,
    oneQueuedPerKey: true,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    async handler(_data, job) {
      try {
        await run();
      } catch (err) {
        if (job.isLastTry) log.error({ err }, `${what} failed after every retry`);
        throw err;
      } finally {
        await queueHourly(jobs, name);
      }
    },
  });
}
