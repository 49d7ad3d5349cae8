// Tries of background jobs across crashes (decisions 019 and 043). Each try is recorded in job_runs before its
// handler runs (which instance runs it, and one more unfinished try) and counted back when the handler returns
// or throws. A job found 'active' with no live process is put back in the queue, unless its process stopped
// during it MAX_UNFINISHED_TRIES times (a job that kills its process would otherwise restart it in a loop) or it
// was on its last try: then it is failed for good, with a reason, and its kind may record that for the user.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { LIVE_INSTANCE_IDS } from './instance-bus';

export const MAX_UNFINISHED_TRIES = 3;

export const givenUpReason = (tries: number) => `stopped the server ${tries} times; given up`;

interface Options {
  pool: pg.Pool;
  boss: PgBoss;
  log: FastifyBaseLogger;
  instanceId: number;
  /** A kind's hook, called before its job is failed for good by a reclaim (the handler never saw a last try). */
  onGivenUp: (name: string, data: object, reason: string) => Promise<void>;
}

interface Interrupted {
  id: string;
  name: string;
  data: object;
  tries: number;
  last_try: boolean;
}

const INTERRUPTED = `SELECT j.id, j.name, j.data, coalesce(r.unfinished_tries, 0) AS tries, j.retry_count >= j.retry_limit AS last_try
  FROM pgboss.job j LEFT JOIN job_runs r ON r.job_id = j.id WHERE j.state = 'active'`;

export function createJobTries({ pool, boss, log, instanceId, onGivenUp }: Options) {
  async function reclaim(rows: Interrupted[], message: string) {
    let requeued = 0;
    for (const row of rows) {
      const reason = row.tries >= MAX_UNFINISHED_TRIES ? givenUpReason(row.tries) : row.last_try ? `${message} on its last try` : undefined;
      if (reason === undefined) {
        await boss.fail(row.name, row.id, { message });
        requeued++;
        continue;
      }
      // first the user's record (a crash here repeats it at the next start), then the job
      await onGivenUp(row.name, row.data, reason).catch((err: unknown) =>
        log.error({ err, job: row.name, jobId: row.id }, 'Could not record a given-up job for its owner'),
      );
      await pool.query(`UPDATE pgboss.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [row.name, row.id]);
      await boss.fail(row.name, row.id, { message: reason });
      log.warn({ job: row.name, jobId: row.id, reason }, 'A background job was given up');
    }
    return requeued;
  }

  /** Records of jobs that have ended are not needed (kept a minute: a job may still be being marked done). */
  async function removeEnded() {
    await pool.query(
      `DELETE FROM job_runs r WHERE NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.id = r.job_id AND j.state < 'completed')
         AND r.started_at < now() - interval '1 minute'`,
    );
  }

  return {
    /** Written before the handler runs: the job is active from here on, and known to be this instance's. */
    async started(jobId: string) {
      await pool.query(
        `INSERT INTO job_runs (job_id, instance_id, unfinished_tries) VALUES ($1, $2, 1)
         ON CONFLICT (job_id) DO UPDATE SET instance_id = EXCLUDED.instance_id, started_at = now(),
           unfinished_tries = job_runs.unfinished_tries + 1`,
        [jobId, instanceId],
      );
    },

    /** The handler returned or threw, or a stop gave up waiting for it: this try did not stop the process. */
    async ended(jobIds: string[]) {
      await pool.query(`UPDATE job_runs SET unfinished_tries = greatest(unfinished_tries - 1, 0) WHERE job_id = ANY($1::uuid[])`, [jobIds]);
    },

    removeEnded,

    /** The only process on the database: every job still 'active' was left by a stop or a crash. */
    async reclaimInterrupted() {
      const { rows } = await pool.query<Interrupted>(INTERRUPTED);
      const requeued = await reclaim(rows, 'interrupted by a restart');
      await removeEnded();
      if (requeued > 0) log.warn(`Re-queued ${requeued} job(s) interrupted by a stop`);
    },

    /** Several instances: jobs active on an instance that is no longer alive. */
    async reclaimFromDeadInstances() {
      const { rows } = await pool.query<Interrupted>(`${INTERRUPTED} AND r.instance_id NOT IN (${LIVE_INSTANCE_IDS})`);
      const requeued = await reclaim(rows, 'interrupted: the instance running it stopped');
      await removeEnded();
      if (requeued > 0) log.warn(`Re-queued ${requeued} job(s) of instance(s) that stopped`);
      return rows.length;
    },
  };
}
