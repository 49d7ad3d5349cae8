// The instance bus when its connection is cut (decision 043): the instance looks dead to the others at once,
// serves nothing from its caches while it cannot hear them, takes its id back when reconnected, and forgets
// what it cached before (events sent meanwhile were missed).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANCE_LOCK_SPACE } from '@server/lib/instance-bus';
import { buildSecondApp, buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await buildTestApp({}, { severalInstances: true });
  b = await buildSecondApp(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const currentUser = (t: TestApp, cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(20);
  }
}

/** Ends B's bus connection from the server side, as a restarted database or a dropped network does. */
async function cutB() {
  const { rows } = await a.pool.query<{ ended: boolean }>(
    `SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
      WHERE locktype = 'advisory' AND objsubid = 2 AND classid::bigint = $1 AND objid::bigint = $2
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [INSTANCE_LOCK_SPACE, b.app.instances.id],
  );
  expect(rows).toEqual([{ ended: true }]);
}

describe('instance bus', () => {
  it('a cut connection: dead to the others at once, no cache meanwhile, and everything cached before forgotten', async () => {
    const first = await signUp(a.app);
    const second = await signUp(a.app);
    for (const { cookie } of [first, second]) for (let i = 0; i < 2; i++) expect((await currentUser(b, cookie)).statusCode).toBe(200);

    await cutB();
    await until(() => !b.app.instances.listening);
    await until(async () => !(await a.app.instances.liveInstances()).has(b.app.instances.id));
    // signed out while B cannot hear it: B answers from the database
    await a.app.inject({ method: 'POST', url: '/api/user/logout-all', headers: { cookie: first.cookie } });
    expect((await currentUser(b, first.cookie)).statusCode).toBe(401);

    await until(() => b.app.instances.listening);
    expect((await a.app.instances.liveInstances()).has(b.app.instances.id)).toBe(true); // the same id again
    expect((await currentUser(b, first.cookie)).statusCode).toBe(401);
    // events reach B again
    expect((await currentUser(b, second.cookie)).statusCode).toBe(200);
    await a.app.inject({ method: 'POST', url: '/api/user/logout-all', headers: { cookie: second.cookie } });
    await until(async () => (await currentUser(b, second.cookie)).statusCode === 401, 1000);
  });
});
