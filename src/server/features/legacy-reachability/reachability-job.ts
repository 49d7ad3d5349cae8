// The yearly asks, looked for every hour on the one durable queue (lib/hourly-job.ts), and the mark of an address
// the recipient's mail server refused.
import type { FastifyBaseLogger } from 'fastify';
import { defineHourlyJob, queueHourly } from '../../lib/hourly-job';
import type { JobQueue } from '../../lib/jobs';
import { REACHABILITY_BOUNCED_JOB, type ReachabilityService } from './reachability.service';

export const REACHABILITY_JOB = 'legacy.reachability';

export const queueReachability = (jobs: JobQueue, now = new Date(), nextHour = true) => queueHourly(jobs, REACHABILITY_JOB, now, nextHour);

export function defineReachabilityJobs(jobs: JobQueue, service: ReachabilityService, log: FastifyBaseLogger) {
  defineHourlyJob(
    jobs,
    REACHABILITY_JOB,
    () => service.askDue(),
    log,
    'Asking the people named in Legacy Plans to confirm their addresses',
  );
  jobs.define<{ id: number }>({
    name: REACHABILITY_BOUNCED_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    async handler({ id }) {
      await service.markBounced(id);
    },
  });
}
