// The database stops for 20 seconds under light load: requests fail fast with 503 and a clear message,
// none hangs, and heirloom recovers by itself when the database is back. The outage outlasts the requests'
// timeout by 5 seconds: a request sent in those first seconds that hung would be cut off by that timeout, and
// fail the test, before the database came back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, stopServer, waitForHealth, type ServerProcess } from '@tests/helpers/process';
import { signUpHttp } from '@tests/helpers/users';
import { stoppableDatabase } from './helpers';

const OUTAGE_MS = 20_000;
const REQUEST_TIMEOUT_MS = 15_000;

describe('database outage', () => {
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof stoppableDatabase>> | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-outage-'));

  afterAll(async () => {
    await database?.start().catch(() => {});
    if (server) await stopServer(server);
    await database?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 during the outage without hanging and recovers afterwards', async () => {
    database = await stoppableDatabase();
    server = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: database.url });
    await waitForHealth(server, 60_000);
    const { cookie } = await signUpHttp(server.url);
    const url = server.url;

    const results: Array<{ phase: string; status: number; ms: number; message?: string }> = [];
    let phase = 'before';
    let running = true;
    const load = (async () => {
      while (running) {
        const t0 = Date.now();
        try {
          const res = await fetch(`${url}/api/memories`, { headers: { cookie }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
          const body = (await res.json().catch(() => ({}))) as { message?: string };
          results.push({ phase, status: res.status, ms: Date.now() - t0, message: body.message });
        } catch {
          results.push({ phase, status: 0, ms: Date.now() - t0 }); // hung past the timeout or connection failed
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();

    await new Promise((r) => setTimeout(r, 2000));
    phase = 'outage';
    await database.stop();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await database.start();
    phase = 'after';
    // Recovery: within 20 s of the database returning, requests succeed again.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !results.some((r) => r.phase === 'after' && r.status === 200))
      await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await load;

    const before = results.filter((r) => r.phase === 'before');
    const outage = results.filter((r) => r.phase === 'outage');
    expect(before.every((r) => r.status === 200)).toBe(true);
    expect(outage.length).toBeGreaterThan(10);
    const failures = outage.filter((r) => r.status !== 200);
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) {
      expect(f.status, `outage request answered ${f.status} after ${f.ms} ms`).toBe(503);
      expect(f.message).toMatch(/database/i);
      expect(f.ms).toBeLessThan(REQUEST_TIMEOUT_MS);
    }
    const after = results.filter((r) => r.phase === 'after');
    expect(after.at(-1)?.status).toBe(200);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });
});
