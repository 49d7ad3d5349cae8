// No failure of a background job stops the server (decision 019): an error carrying text the database refuses
// (NUL, a lone surrogate) or a megabyte of it is stored cleaned and short, and the job ends failed after its
// retries; a job whose process stopped during it too often is given up, and its kind told so, not run again.
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstanceBus, type InstanceBus } from '@server/lib/instance-bus';
import { MAX_JOB_ERROR_LENGTH } from '@server/lib/job-error';
import { createJobQueue, type JobDefinition, type JobQueue } from '@server/lib/jobs';
import { buildTestApp, type TestApp } from '@tests/helpers/server';

let t: TestApp;
const opened: Array<{ queue: JobQueue; bus: InstanceBus; pool: pg.Pool }> = [];

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const o of opened) {
    await o.queue.stop();
    await o.bus.close();
    await o.pool.end();
  }
  await t.close();
});

/** A queue on the app's database (as a second instance has it) with one job kind of the test's own. */
async function queueWith(definition: JobDefinition<{ n: number }>) {
  const pool = new pg.Pool({ ...t.database, max: 5 });
  pool.on('error', () => {});
  const bus = await startInstanceBus({ pool, log: t.app.log });
  const queue = createJobQueue({ pool, log: t.app.log, soleInstance: false, instances: bus, pollingIntervalSeconds: 0.5 });
  queue.define(definition);
  await queue.start();
  opened.push({ queue, bus, pool });
  return queue;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(50);
  }
}

const jobRow = async (id: string) =>
  (
    await t.pool.query<{ state: string; retry_count: number; output: { message?: string; name?: string; stack?: string } | null }>(
      `SELECT state, retry_count, output FROM pgboss.job WHERE id = $1`,
      [id],
    )
  ).rows[0]!;

describe('a job whose handler throws', () => {
  it('ends failed after its retries with its error stored cleaned and short, and the server answers', async () => {
    let tries = 0;
    const queue = await queueWith({
      name: 'test.poison',
      retryLimit: 1,
      retryDelaySeconds: 0,
      expireInSeconds: 60,
      async handler() {
        tries++;
        throw new TypeError(`title "a\u0000b" half a pair \uD800 end ${'x'.repeat(1024 * 1024)}`);
      },
    });
    const id = (await queue.send('test.poison', { n: 1 }))!;

    await until(async () => (await jobRow(id)).state === 'failed');
    const job = await jobRow(id);
    expect(tries).toBe(2);
    expect(job.retry_count).toBe(1);
    expect(job.output?.name).toBe('TypeError');
    expect(job.output?.message?.startsWith('title "ab" half a pair \uFFFD end xxx')).toBe(true);
    expect(job.output?.message?.length).toBeLessThanOrEqual(MAX_JOB_ERROR_LENGTH + 1);
    expect(job.output?.stack).toBeUndefined();
    expect(JSON.stringify(job.output).length).toBeLessThan(MAX_JOB_ERROR_LENGTH + 200);
    // both tries ended in this process: neither counts as one that stopped it
    const runs = await t.pool.query(`SELECT unfinished_tries FROM job_runs WHERE job_id = $1`, [id]);
    expect(runs.rows).toEqual([{ unfinished_tries: 0 }]);

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // and the queue goes on working
    const after = await queueWith({
      name: 'test.after',
      retryLimit: 0,
      retryDelaySeconds: 0,
      expireInSeconds: 60,
      handler: async () => {},
    });
    const next = (await after.send('test.after', { n: 2 }))!;
    await until(async () => (await jobRow(next)).state === 'completed');
  });
});

describe('a job whose process stopped during it', () => {
  it('is given up after 3 such tries, or on its last try, and its kind is told; otherwise it runs again', async () => {
    const ran: number[] = [];
    const givenUp: Array<{ n: number; reason: string }> = [];
    const queue = await queueWith({
      name: 'test.crasher',
      retryLimit: 5,
      retryDelaySeconds: 0,
      expireInSeconds: 6 * 60 * 60,
      handler: async ({ n }) => void ran.push(n),
      onGivenUp: async ({ n }, reason) => void givenUp.push({ n, reason }),
    });
    const deadPool = new pg.Pool(t.database);
    const dead = await startInstanceBus({ pool: deadPool, log: t.app.log });
    await dead.close();
    await deadPool.end();
    /** A job left active by the dead instance after `tries` tries that stopped it, on try number `retryCount`. */
    const leftActive = async (n: number, tries: number, retryCount: number) => {
      const id = (await queue.send('test.crasher', { n }, { startAfter: new Date(Date.now() + 60 * 60_000) }))!;
      await t.pool.query(`UPDATE pgboss.job SET state = 'active', started_on = now(), retry_count = $2 WHERE id = $1`, [id, retryCount]);
      await t.pool.query(`INSERT INTO job_runs (job_id, instance_id, unfinished_tries) VALUES ($1, $2, $3)`, [id, dead.id, tries]);
      return id;
    };
    const looping = await leftActive(1, 3, 2);
    const onLastTry = await leftActive(2, 1, 5);
    const once = await leftActive(3, 1, 0);

    expect(await queue.reclaimFromDeadInstances()).toBe(3);
    await until(() => ran.length === 1);
    expect(ran).toEqual([3]);
    expect(givenUp.sort((a, b) => a.n - b.n)).toEqual([
      { n: 1, reason: 'stopped the server 3 times; given up' },
      { n: 2, reason: 'interrupted: the instance running it stopped on its last try' },
    ]);
    expect(await jobRow(looping)).toMatchObject({ state: 'failed', output: { message: 'stopped the server 3 times; given up' } });
    expect((await jobRow(onLastTry)).state).toBe('failed');
    await until(async () => (await jobRow(once)).state === 'completed');
  });
});
