// The heartbeat's hourly run, on the one durable queue (lib/hourly-job.ts): however many instances run, one call
// an hour per owner.
import type { FastifyBaseLogger } from 'fastify';
import { defineHourlyJob, queueHourly } from '../../lib/hourly-job';
import type { JobQueue } from '../../lib/jobs';
import type { HeartbeatService } from './heartbeat.service';

export const HEARTBEAT_JOB = 'heartbeat.call';

export const queueHeartbeats = (jobs: JobQueue, now = new Date(), nextHour = true) => queueHourly(jobs, HEARTBEAT_JOB, now, nextHour);

export function defineHeartbeatJob(jobs: JobQueue, service: HeartbeatService, log: FastifyBaseLogger) {
  defineHourlyJob(jobs, HEARTBEAT_JOB, () => service.callAll(), log, 'The hourly heartbeat');
}
