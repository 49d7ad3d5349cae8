// The hourly check for the weekly mail of family dates, on the one durable queue (lib/hourly-job.ts).
import type { FastifyBaseLogger } from 'fastify';
import { defineHourlyJob, queueHourly } from '../../lib/hourly-job';
import type { JobQueue } from '../../lib/jobs';
import type { FamilyDatesService } from './family-dates.service';

export const FAMILY_DATES_JOB = 'family-dates.check';

/** Queues a check at the next full hour (or now), once per hour however many ask. */
export const queueFamilyDatesCheck = (jobs: JobQueue, now = new Date(), nextHour = true) =>
  queueHourly(jobs, FAMILY_DATES_JOB, now, nextHour);

export function defineFamilyDatesJob(jobs: JobQueue, service: FamilyDatesService, log: FastifyBaseLogger) {
  defineHourlyJob(jobs, FAMILY_DATES_JOB, () => service.sendDueDigests(), log, 'The weekly family dates check');
}
