// An import whose try stops the server every time (here a kill -9 as soon as its job is running, each time):
// after the restarts it is given up instead of run again in a loop. The server stays up, the import ends
// failed for its owner, and its job says why (decision 019).
import { describe, expect, it } from 'vitest';
import { dataDirClient } from '@tests/helpers/database';
import { jpeg, zipOf } from '@tests/helpers/takeout-fixture';
import { killableHeirloom } from './helpers';

const IMPORT_JOB = 'import.run';
/** Photos enough that a try is still running when the kill comes. */
const PHOTOS = 150;
const GIVEN_UP_AFTER = 3;

describe('an import that crashes its server', () => {
  const heirloom = killableHeirloom('heirloom-import-crash');

  async function db() {
    return dataDirClient(heirloom.dataDir);
  }

  async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await check();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it(`is given up after stopping the server ${GIVEN_UP_AFTER} times; the server stays up and the owner sees it failed`, async () => {
    const entries: Array<[string, Buffer]> = [];
    for (let i = 0; i < PHOTOS; i++) entries.push([`Takeout/Google Photos/Photos from 2019/IMG_${i}.jpg`, await jpeg(i)]);
    const form = new FormData();
    form.append('archive', new Blob([new Uint8Array(await zipOf(entries))], { type: 'application/zip' }), 'takeout.zip');
    const res = await fetch(`${heirloom.server.url}/api/imports`, { method: 'POST', headers: { cookie: heirloom.cookie }, body: form });
    expect(res.status, await res.clone().text()).toBe(202);
    const importId = ((await res.json()) as { id: number }).id;

    let lastStart = '';
    for (let kill = 1; kill <= GIVEN_UP_AFTER; kill++) {
      const client = await db();
      try {
        // after a restart the interrupted try waits for its retry delay (seconds): no need to wait for it here
        await client.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'retry'`, [IMPORT_JOB]);
        // the handler has begun (each try marks the import running anew): its job is active and its try counted
        lastStart = await until(async () => {
          const { rows } = await client.query<{ started: string }>(
            `SELECT started_at::text AS started FROM imports WHERE id = $1 AND status = 'running'`,
            [importId],
          );
          return rows[0] && rows[0].started !== lastStart ? rows[0].started : undefined;
        }, `try ${kill} of the import to run`);
        heirloom.server.child.kill('SIGKILL');
        await heirloom.server.exited;
        const cut = await client.query<{ status: string }>(`SELECT status FROM imports WHERE id = $1`, [importId]);
        expect(cut.rows[0]?.status, `try ${kill} was cut short`).not.toMatch(/done|failed/);
      } finally {
        await client.end();
      }
      await heirloom.start();
    }

    // the start after the last crash gave the import up: it is not run again, and the server answers
    const client = await db();
    try {
      const job = await client.query(`SELECT state, output FROM pgboss.job WHERE name = $1`, [IMPORT_JOB]);
      expect(job.rows).toEqual([{ state: 'failed', output: { message: `stopped the server ${GIVEN_UP_AFTER} times; given up` } }]);
    } finally {
      await client.end();
    }
    const imported = await fetch(`${heirloom.server.url}/api/imports/${importId}`, { headers: { cookie: heirloom.cookie } });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({
      status: 'failed',
      error: 'The import could not be finished. Nothing was imported; please try again.',
    });
    const photos = await fetch(`${heirloom.server.url}/api/photos`, { headers: { cookie: heirloom.cookie } });
    expect(photos.status).toBe(200);
    expect(heirloom.server.child.exitCode).toBeNull();
    expect((await fetch(`${heirloom.server.url}/api/health`)).status).toBe(200);
  });
});
