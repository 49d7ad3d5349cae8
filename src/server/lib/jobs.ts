// Background work on one durable queue in PostgreSQL (pg-boss, decision 019). A job is a row: it survives a
// kill -9 and a restart, is retried with exponential backoff, and ends 'failed' after its last try. Every
// kind of job is defined here by its feature (name, retries, handler) before the app is ready; the queue
// starts with the app and stops with it.
// Several app instances on one database share the queue: pg-boss fetches with SELECT … FOR UPDATE SKIP
// LOCKED, so each job is taken once. Each worker records which instance runs the job (job_runs); a job
// still active whose instance is dead (its advisory lock released, lib/instance-bus.ts) is put back in the
// queue at start and every half minute, not after its expiry (decision 043).
// No failure of a job can stop the process: a handler's error is stored cleaned and bounded (job-error.ts),
// pg-boss's own writes after a try cannot become unhandled rejections, and a job that stops its process each
// time it runs is given up after a few tries (job-tries.ts).
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { InstanceBus } from './instance-bus';
import { storableJobError } from './job-error';
import { createJobTries } from './job-tries';
import { withAdvisoryLock } from '../db/advisory-lock';

export interface JobInfo {
  id: string;
  /** Tries already failed before this one. */
  retryCount: number;
  /** No retry follows if this try fails: the handler may record the failure for the user. */
  isLastTry: boolean;
}

export interface JobDefinition<T extends object> {
  name: string;
  handler: (data: T, job: JobInfo) => Promise<void>;
  /** Jobs of this kind running at once in this process. */
  concurrency?: number;
  /** Tries after the first; each waits retryDelaySeconds × 2^n (pg-boss backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A try still running after this long is given up (a crashed process's job is tried again). */
  expireInSeconds: number;
  /**
   * At most one job of this kind waits per singleton key (pg-boss `short` policy): a photo asked for again
   * while its job waits is one job. Without it every send is its own job (`standard`).
   */
  oneQueuedPerKey?: boolean;
  /**
   * The job is failed for good without its handler having seen a last try: its process stopped during it
   * (a crash, kill -9) on its last try, or every time it ran (decision 019). Record the failure for the user
   * here, as a last try would (idempotent: a crash during it calls it again at the next start).
   */
  onGivenUp?: (data: T, reason: string) => Promise<void>;
}

export interface SendOptions {
  /** With `oneQueuedPerKey`: a job with this key already waiting makes this send a no-op. */
  singletonKey?: string;
  startAfter?: Date;
  /**
   * Queue the job inside the caller's transaction (its connection): the job exists exactly when the
   * transaction commits (an interview question claimed and its mail queued together, decision 066).
   */
  db?: { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
}

interface Options {
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /**
   * This process is the only one using the database (embedded PostgreSQL, whose lock guarantees it): jobs
   * left 'active' by a crash are tried again at start instead of after their expiry. Otherwise only the
   * jobs of dead instances are, at start and every `reclaimEverySeconds`.
   */
  soleInstance: boolean;
  instances: InstanceBus;
  reclaimEverySeconds?: number;
  /** How often an idle worker looks for work another process queued (this process wakes its own at once). */
  pollingIntervalSeconds?: number;
}

/** Any fixed number: the advisory lock around pg-boss's schema and queue set-up. */
const QUEUE_SETUP_LOCK = 0x6865_6972_6a; // "heirj"

export function createJobQueue({ pool, log, soleInstance, instances, pollingIntervalSeconds = 2, reclaimEverySeconds = 30 }: Options) {
  // pg-boss may still run a job it fetched just as stop() began, and marks jobs complete without awaiting
  // the statement: stop() waits for both, or a pool closed right after it would reject them.
  const inFlight = new Set<Promise<unknown>>();
  const running = new Set<string>();
  // After a try pg-boss marks its job done or failed without awaiting or catching the statement: were it
  // refused (the database gone), the rejection would be unhandled and stop the process. The job's id is noted
  // when its try ends; that statement is then logged on failure instead (the job stays active: retried later).
  const ending = new Set<string>();
  const executeSql = (text: string, values?: unknown[]) => {
    const query = pool.query(text, values);
    inFlight.add(query);
    const settle = () => inFlight.delete(query);
    query.then(settle, settle);
    const ids = values?.[1];
    if (Array.isArray(ids) && ids.length === 1 && ending.delete(ids[0] as string)) {
      return query.catch((err: unknown) => {
        log.error({ err, jobId: ids[0] }, 'Could not record the end of a job try');
        return { rows: [{ count: '0' }] };
      });
    }
    return query;
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 30,
    // finished jobs are kept a week for support questions, then removed
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (err) => log.error({ err }, 'Job queue error'));

  const definitions = new Map<string, JobDefinition<object>>();
  const tries = createJobTries({
    pool,
    boss,
    log,
    instanceId: instances.id,
    onGivenUp: async (name, data, reason) => definitions.get(name)?.onGivenUp?.(data, reason),
  });
  const workers = new Map<string, string[]>();
  let starting: Promise<void> | undefined;
  let stopped = false;
  let reclaimTimer: NodeJS.Timeout | undefined;

  async function setUpQueues() {
    await boss.start();
    for (const def of definitions.values()) {
      const queue = {
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds,
      };
      const policy = def.oneQueuedPerKey ? 'short' : 'standard';
      // existing queues take the current policy and retry settings
      if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, { name: def.name, policy, ...queue });
      else await boss.createQueue(def.name, { name: def.name, policy, ...queue });
    }
  }

  async function startQueue() {
    // pg-boss creates its schema and each queue's tables here: app servers starting together take turns
    await withAdvisoryLock(pool, QUEUE_SETUP_LOCK, setUpQueues);
    if (soleInstance) await tries.reclaimInterrupted();
    else await reclaimFromDeadInstances();
    reclaimTimer = setInterval(() => {
      const work = soleInstance ? tries.removeEnded() : reclaimFromDeadInstances();
      work.catch((err: unknown) => log.error({ err }, 'Could not re-queue the jobs of stopped instances'));
    }, reclaimEverySeconds * 1000);
    reclaimTimer.unref();
    for (const def of definitions.values()) {
      const ids: string[] = [];
      for (let i = 0; i < (def.concurrency ?? 1); i++) {
        const id = await boss.work<object>(def.name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
          if (!job) return;
          running.add(job.id);
          try {
            await tries.started(job.id);
            await def.handler(job.data, { id: job.id, retryCount: job.retryCount, isLastTry: job.retryCount >= job.retryLimit });
          } catch (err) {
            throw storableJobError(err);
          } finally {
            await tries.ended([job.id]).catch((err: unknown) => log.error({ err, jobId: job.id }, 'Could not record the end of a job try'));
            running.delete(job.id);
            ending.add(job.id);
            // pg-boss waits a polling interval after every job; more may be waiting: look again at once
            for (const worker of workers.get(def.name) ?? []) boss.notifyWorker(worker);
          }
        });
        ids.push(id);
      }
      workers.set(def.name, ids);
    }
  }

  /** Several instances: jobs active on an instance that is no longer alive are failed once (so retried). */
  async function reclaimFromDeadInstances() {
    if (!instances.listening) return 0; // our own lock may be gone for a moment: we would take our own jobs for dead
    return tries.reclaimFromDeadInstances();
  }

  return {
    define<T extends object>(definition: JobDefinition<T>) {
      if (starting) throw new Error(`Job ${definition.name} defined after the queue started`);
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },

    /** Idempotent; the first send also starts it (every job kind is defined by then: features register first). */
    start() {
      starting ??= startQueue();
      return starting;
    },
    /** Queue a job; this process's idle workers of that kind are woken at once. */
    async send<T extends object>(name: string, data: T, options: SendOptions = {}) {
      if (!definitions.has(name)) throw new Error(`Unknown job ${name}`);
      if (stopped) return null;
      await this.start();
      const id = await boss.send(name, data, { singletonKey: options.singletonKey, startAfter: options.startAfter, db: options.db });
      for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },

    /**
     * Queue many keyed jobs in a few statements (a start-up catching up on thousands of photos). A key that
     * already has an unfinished job (queued, waiting for a retry, or running) is skipped.
     */
    async sendMany<T extends object>(name: string, items: Array<{ data: T; singletonKey: string }>) {
      if (!definitions.has(name)) throw new Error(`Unknown job ${name}`);
      if (stopped || items.length === 0) return;
      await this.start();
      for (let i = 0; i < items.length; i += 1000) {
        const chunk = items.slice(i, i + 1000);
        const { rows } = await pool.query<{ key: string }>(
          `SELECT k AS key FROM unnest($2::text[]) AS k
           WHERE NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = $1 AND j.singleton_key = k AND j.state < 'completed')`,
          [name, chunk.map((item) => item.singletonKey)],
        );
        const missing = new Set(rows.map((r) => r.key));
        const jobs = chunk.filter((item) => missing.has(item.singletonKey));
        if (jobs.length > 0) await boss.insert(jobs.map((item) => ({ name, data: item.data, singletonKey: item.singletonKey })));
      }
      for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
    },

    /** Replaces a job's stored data: what a finished job must not keep (a sent mail's one-time link). */
    async replaceData(id: string, data: object) {
      await pool.query(`UPDATE pgboss.job SET data = $2::jsonb WHERE id = $1`, [id, JSON.stringify(data)]);
    },

    /** Re-queue now what dead instances left running (tests; the queue does it every half minute itself). */
    reclaimFromDeadInstances,

    /** Jobs of a kind not yet finished (queued, waiting for a retry or running): tests and benchmarks. */
    async pending(name: string) {
      const { rows } = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
        [name],
      );
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * The whole queue (every instance's jobs) for operators' metrics: jobs not yet finished by kind and state,
     * and jobs that failed for good in the last 24 hours (pg-boss moves older ones to its archive).
     */
    async depth() {
      const { rows } = await pool.query<{ name: string; state: string; n: string }>(
        `SELECT name, state, count(*) AS n FROM pgboss.job
          WHERE state IN ('created', 'retry', 'active') OR (state = 'failed' AND completed_on > now() - interval '24 hours')
          GROUP BY name, state`,
      );
      return rows.map((r) => ({ name: r.name, state: r.state as 'created' | 'retry' | 'active' | 'failed', count: Number(r.n) }));
    },

    /** Stop taking jobs and wait (up to 10 s) for running ones; what is left is done after the restart. */
    async stop() {
      if (stopped) return;
      stopped = true;
      if (starting) await starting.catch(() => {});
      clearInterval(reclaimTimer);
      if (starting) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      const deadline = Date.now() + 10_000;
      while ((running.size > 0 || inFlight.size > 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      // tries this stop cut short did not stop the process: they do not count towards giving their jobs up
      if (running.size > 0)
        await tries.ended([...running]).catch((err: unknown) => log.error({ err }, 'Could not record stopped job tries'));
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
