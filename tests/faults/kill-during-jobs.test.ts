// kill -9 of the server while HEIC conversions wait in the job queue: the jobs are rows in PostgreSQL, so
// after the restart every queued conversion (and any that was running) finishes with no user action.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirClient } from '@tests/helpers/database';
import { killableHeirloom } from './helpers';

const HEIC = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/files/tiny.heic'));
/** Uploaded in one burst: far faster than conversions finish, so many are still queued at the kill. */
const BURST = 40;
const MIN_QUEUED_AT_KILL = 5;

describe('kill -9 with conversions queued', () => {
  const heirloom = killableHeirloom('heirloom-kill-jobs');
  const { dataDir } = heirloom;

  async function uploadHeic(i: number): Promise<number> {
    const form = new FormData();
    form.append('photo', new Blob([HEIC], { type: 'image/heic' }), `burst-${i}.heic`);
    const res = await fetch(`${heirloom.server.url}/api/photos`, { method: 'POST', headers: { cookie: heirloom.cookie }, body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }

  it(`finishes every queued HEIC conversion after a kill -9 and a restart, with no user action`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < BURST; i += 8) {
      ids.push(...(await Promise.all(Array.from({ length: Math.min(8, BURST - i) }, (_, j) => uploadHeic(i + j)))));
    }
    heirloom.server.child.kill('SIGKILL');
    await heirloom.server.exited;

    // The orphaned PostgreSQL still runs until the next start stops it: read what the kill left behind.
    const before = await dataDirClient(dataDir);
    const pending = await before.query<{ id: number }>(`SELECT id FROM photos WHERE derivative_status = 'pending' AND id = ANY($1)`, [ids]);
    const queued = await before.query(
      `SELECT state FROM pgboss.job WHERE name = 'photo.derivatives' AND state IN ('created', 'retry', 'active')`,
    );
    await before.end();
    expect(pending.rows.length, 'conversions still waiting at the kill').toBeGreaterThanOrEqual(MIN_QUEUED_AT_KILL);
    expect(queued.rows.length, 'their jobs are stored').toBeGreaterThanOrEqual(pending.rows.length);

    const restartedAt = Date.now();
    await heirloom.start(); // nothing else: no request, no maintenance
    const after = await dataDirClient(dataDir);
    try {
      let statuses: Array<{ derivative_status: string }> = [];
      for (let i = 0; i < 600; i++) {
        statuses = (await after.query(`SELECT derivative_status FROM photos WHERE id = ANY($1)`, [ids])).rows;
        const open = await after.query(
          `SELECT 1 FROM pgboss.job WHERE name = 'photo.derivatives' AND state IN ('created', 'retry', 'active')`,
        );
        if (statuses.every((r) => r.derivative_status === 'ready') && open.rowCount === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      console.log(
        `${pending.rows.length} conversions queued at the kill; all ${BURST} ready ${Date.now() - restartedAt} ms after the restart`,
      );
      expect(statuses).toHaveLength(BURST);
      expect(statuses.filter((r) => r.derivative_status !== 'ready')).toEqual([]);
      const open = await after.query(
        `SELECT state FROM pgboss.job WHERE name = 'photo.derivatives' AND state IN ('created', 'retry', 'active')`,
      );
      expect(open.rows).toEqual([]);
    } finally {
      await after.end();
    }
    // And the converted images are served.
    const img = await fetch(`${heirloom.server.url}/api/photos/image/${ids[0]}`, { headers: { cookie: heirloom.cookie } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
  });
});
