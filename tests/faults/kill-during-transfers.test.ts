// kill -9 of the server while an export and then an import run (issue 14): after the restart the export's job
// runs again and ends ready with a complete archive; the import either finishes or fails cleanly — never a
// half-imported item, never a file without its row.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dataDirClient } from '@tests/helpers/database';
import { signUpHttp } from '@tests/helpers/users';
import { readZip } from '@tests/helpers/zip';
import { killableHeirloom } from './helpers';

const PHOTOS = 40;
const DOCUMENTS = 10;
const DOCUMENT_BYTES = 8 * 1024 * 1024;

interface Job {
  id: number;
  status: string;
  progress: { itemsDone: number; itemsTotal: number };
  report?: { imported: Record<string, number> } | null;
}

describe('kill -9 during an export and during an import', () => {
  const heirloom = killableHeirloom('heirloom-kill-transfers');
  const url = (p: string) => `${heirloom.server.url}${p}`;

  async function call(p: string, cookie: string, init: RequestInit = {}) {
    return fetch(url(p), { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } });
  }

  async function upload(cookie: string, route: string, field: string, data: Buffer, name: string, type: string) {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(data)], { type }), name);
    const res = await call(route, cookie, { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(201);
  }

  /** Polls a job until `done(job)`; fails the test after about a minute. */
  async function waitFor(p: string, cookie: string, done: (job: Job) => boolean, pollMs = 20): Promise<Job> {
    for (let i = 0; i < 60_000 / pollMs; i++) {
      const res = await call(p, cookie);
      if (res.ok) {
        const job = (await res.json()) as Job;
        if (done(job)) return job;
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
    throw new Error(`${p} never reached the awaited state`);
  }

  async function kill() {
    heirloom.server.child.kill('SIGKILL');
    await heirloom.server.exited;
  }

  /** Files under users/<id>/ that no row names (derivatives are named after their original). */
  async function orphanFiles(userId: number) {
    const root = path.join(heirloom.dataDir, 'files', 'users', String(userId));
    const all = fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[]) : [];
    const keys = all
      .filter((e) => e.isFile())
      .map((e) => path.relative(path.join(heirloom.dataDir, 'files'), path.join(e.parentPath, e.name)));
    const db = await dataDirClient(heirloom.dataDir);
    try {
      const { rows } = await db.query<{ key: string }>(
        `SELECT file_path AS key FROM photos WHERE user_id = $1
         UNION ALL SELECT file_path FROM vault_files WHERE user_id = $1
         UNION ALL SELECT file_path FROM memory_attachments WHERE user_id = $1
         UNION ALL SELECT file_key FROM exports WHERE user_id = $1 AND file_key IS NOT NULL`,
        [userId],
      );
      const named = rows.map((r) => r.key);
      return keys.filter((k) => !named.some((n) => k === n || k.startsWith(`${n}.`)));
    } finally {
      await db.end();
    }
  }

  let archive: Buffer;

  it('finishes an export interrupted by kill -9, with every original in the archive', async () => {
    const cookie = heirloom.cookie;
    for (let i = 0; i < PHOTOS; i++) {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: i * 6, g: 255 - i * 6, b: 90 } } })
        .jpeg()
        .toBuffer();
      await upload(cookie, '/api/photos', 'photo', jpeg, `photo-${i}.jpg`, 'image/jpeg');
    }
    for (let i = 0; i < DOCUMENTS; i++) {
      await upload(cookie, '/api/vault', 'file', randomBytes(DOCUMENT_BYTES), `letter-${i}.bin`, 'application/octet-stream');
    }

    const started = await call('/api/exports', cookie, { method: 'POST' });
    expect(started.status, await started.clone().text()).toBe(202);
    const { id } = (await started.json()) as { id: number };
    await waitFor(`/api/exports/${id}`, cookie, (job) => job.status === 'running', 5);
    await kill();

    await heirloom.start();
    const ready = await waitFor(`/api/exports/${id}`, cookie, (job) => job.status === 'ready' || job.status === 'failed', 200);
    expect(ready.status).toBe('ready');
    const res = await call(`/api/exports/${id}/download`, cookie);
    expect(res.status).toBe(200);
    archive = Buffer.from(await res.arrayBuffer());
    const entries = await readZip(archive);
    const originals = [...entries.keys()].filter((name) => name.startsWith('originals/'));
    expect(originals).toHaveLength(PHOTOS + DOCUMENTS);
    // nothing of the interrupted try is left behind
    expect(fs.readdirSync(path.join(heirloom.dataDir, 'files', '.tmp'))).toEqual([]);
    const me = (await (await call('/api/user', cookie)).json()) as { id: number };
    expect(await orphanFiles(me.id)).toEqual([]);
  });

  it('leaves an import interrupted by kill -9 complete or cleanly undone, with no orphan files', async () => {
    expect(archive, 'the export test ran first').toBeDefined();
    const { cookie, user } = await signUpHttp(heirloom.server.url);
    const form = new FormData();
    form.append('archive', new Blob([new Uint8Array(archive)], { type: 'application/zip' }), 'heirloom-export.zip');
    const started = await call('/api/imports', cookie, { method: 'POST', body: form });
    expect(started.status, await started.clone().text()).toBe(202);
    const { id } = (await started.json()) as { id: number };
    await waitFor(`/api/imports/${id}`, cookie, (job) => job.status === 'running' && job.progress.itemsDone > 0, 5);
    await kill();

    const atKill = await dataDirClient(heirloom.dataDir);
    const partial = await atKill.query(`SELECT id FROM photos WHERE user_id = $1 AND import_id = $2`, [user.id, id]);
    await atKill.end();
    console.log(`${partial.rowCount} of ${PHOTOS} photos imported at the kill`);

    await heirloom.start();
    const end = await waitFor(`/api/imports/${id}`, cookie, (job) => job.status === 'done' || job.status === 'failed', 200);
    console.log(`the interrupted import ended ${end.status}`);
    const db = await dataDirClient(heirloom.dataDir);
    try {
      const count = async (table: string) =>
        Number(
          (await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = $1 AND import_id = $2`, [user.id, id]))
            .rows[0]!.n,
        );
      if (end.status === 'done') {
        expect(await count('photos')).toBe(PHOTOS);
        expect(await count('vault_files')).toBe(DOCUMENTS);
        expect(end.report?.imported.photos).toBe(PHOTOS);
      } else {
        expect(await count('photos')).toBe(0);
        expect(await count('vault_files')).toBe(0);
      }
    } finally {
      await db.end();
    }
    expect(await orphanFiles(user.id)).toEqual([]);
  });
});
