// The deletion timer after a release (decision 078), on the one durable queue (lib/hourly-job.ts): one look an
// hour at the owners who chose deletion, however many instances run.
import type { FastifyBaseLogger } from 'fastify';
import { defineHourlyJob, queueHourly } from '../../lib/hourly-job';
import type { JobQueue } from '../../lib/jobs';
import type { AfterReleaseService } from './after-release.service';

export const AFTER_RELEASE_JOB = 'legacy.after-release';

export const queueAfterRelease = (jobs: JobQueue, now = new Date(), nextHour = true) => queueHourly(jobs, AFTER_RELEASE_JOB, now, nextHour);

export function defineAfterReleaseJob(jobs: JobQueue, service: AfterReleaseService, log: FastifyBaseLogger) {
  defineHourlyJob(jobs, AFTER_RELEASE_JOB, () => service.runDue(), log, 'The hourly look at accounts to delete after a release');
}
