// Two job queues on one database, each with its own pool and instance bus, as two app servers have them
// (decision 043): every job runs once across them, and a job whose instance died is run again at once by
// the other instead of after its expiry. A test kind of job counts its runs.
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstanceBus, type InstanceBus } from '@server/lib/instance-bus';
import { createJobQueue, type JobQueue } from '@server/lib/jobs';
import { buildTestApp, type TestApp } from '@tests/helpers/server';

let t: TestApp;
const opened: Array<{ queue: JobQueue; bus: InstanceBus; pool: pg.Pool }> = [];

beforeAll(async () => {
  t = await buildTestApp({}, { severalInstances: true }); // a migrated database with the queue's schema
});
afterAll(async () => {
  for (const o of opened) {
    await o.queue.stop();
    await o.bus.close();
    await o.pool.end();
  }
  await t.close();
});

/** One more instance: a pool, a bus (its id and lock) and a queue with one job kind of the test's own. */
async function instance(name: string, handler: (data: { n: number }, jobId: string) => Promise<void>) {
  const pool = new pg.Pool({ ...t.database, max: 5 });
  pool.on('error', () => {});
  const bus = await startInstanceBus({ pool, log: t.app.log });
  const queue = createJobQueue({ pool, log: t.app.log, soleInstance: false, instances: bus, pollingIntervalSeconds: 0.5 });
  queue.define<{ n: number }>({
    name,
    handler: (data, job) => handler(data, job.id),
    concurrency: 3,
    retryLimit: 2,
    retryDelaySeconds: 0,
    expireInSeconds: 6 * 60 * 60, // as long as an export's: waiting for the expiry is what must not happen
  });
  await queue.start();
  const o = { queue, bus, pool };
  opened.push(o);
  return o;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(50);
  }
}

describe('jobs across instances', () => {
  it('runs each of 50 jobs exactly once across two instances, both taking part', async () => {
    const runs = new Map<number, number>();
    const byInstance = new Map<string, number>();
    const work = (who: string) => async (data: { n: number }) => {
      runs.set(data.n, (runs.get(data.n) ?? 0) + 1);
      byInstance.set(who, (byInstance.get(who) ?? 0) + 1);
      await sleep(50); // long enough that both instances' workers are busy at once
    };
    const a = await instance('test.once', work('a'));
    const b = await instance('test.once', work('b'));
    for (let n = 0; n < 50; n++) await (n % 2 ? b : a).queue.send('test.once', { n }); // each wakes its own workers at once

    await until(async () => (await a.queue.pending('test.once')) === 0);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(byInstance.get('a')).toBeGreaterThan(0);
    expect(byInstance.get('b')).toBeGreaterThan(0);
  });

  it("runs a dead instance's job again at once, and leaves a live instance's running job alone", async () => {
    const done: string[] = [];
    const b = await instance('test.rescue', async (_data, jobId) => {
      done.push(jobId);
    });
    // Two jobs taken by other instances, as pg-boss leaves them: 'active', recorded in job_runs. One instance
    // is alive; the other was, and its connection has ended (as when its process is killed).
    const pools = [new pg.Pool(t.database), new pg.Pool(t.database)];
    const alive = await startInstanceBus({ pool: pools[0]!, log: t.app.log });
    const dead = await startInstanceBus({ pool: pools[1]!, log: t.app.log });
    await dead.close();
    const runningOn = async (instanceId: number) => {
      const id = await b.queue.send('test.rescue', { n: instanceId }, { startAfter: new Date(Date.now() + 60 * 60_000) });
      await t.pool.query(`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = $1`, [id]);
      await t.pool.query(`INSERT INTO job_runs (job_id, instance_id) VALUES ($1, $2)`, [id, instanceId]);
      return id!;
    };
    const ofTheLiving = await runningOn(alive.id);
    const ofTheDead = await runningOn(dead.id);

    expect(await b.queue.reclaimFromDeadInstances()).toBe(1);
    await until(() => done.length === 1);
    expect(done).toEqual([ofTheDead]);
    const { rows } = await t.pool.query(`SELECT state FROM pgboss.job WHERE id = $1`, [ofTheLiving]);
    expect(rows).toEqual([{ state: 'active' }]);
    await alive.close();
    for (const pool of pools) await pool.end();
  });
});
