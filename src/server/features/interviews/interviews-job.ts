// The interviews' hourly look (as family-dates.check): questions due in their storyteller's hour, and reminders.
import type { FastifyBaseLogger } from 'fastify';
import { defineHourlyJob, queueHourly } from '../../lib/hourly-job';
import type { JobQueue } from '../../lib/jobs';
import type { InterviewsService } from './interviews.service';

export const INTERVIEWS_JOB = 'interviews.tick';

/** Queues a look at the next full hour (or now), once per hour however many ask. */
export const queueInterviewsTick = (jobs: JobQueue, now = new Date(), nextHour = true) => queueHourly(jobs, INTERVIEWS_JOB, now, nextHour);

export function defineInterviewsJob(jobs: JobQueue, service: InterviewsService, log: FastifyBaseLogger) {
  defineHourlyJob(jobs, INTERVIEWS_JOB, () => service.tick(), log, 'The interviews check');
}
