// Two heirloom processes on one PostgreSQL and one bucket (issue 17, decisions 041 and 043), as a load balancer
// would use them: what one writes the other reads and deletes, a sign-out on one is refused by the other within
// a second, jobs run once, and a kill -9 of one leaves the other serving and nothing orphaned.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, startTempPostgres } from '@tests/helpers/database';
import { freePort, startServer, stopServer, waitForHealth, type ServerProcess } from '@tests/helpers/process';
import { S3_TEST_KEYS, startLocalS3, type LocalS3 } from '@tests/helpers/s3';
import { signUpHttp } from '@tests/helpers/users';

const jpeg = () =>
  sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
    .jpeg()
    .toBuffer();

async function upload(base: string, cookie: string, image: Buffer, name = 'photo.jpg') {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), name);
  return fetch(`${base}/api/photos`, { method: 'POST', headers: { cookie }, body: form });
}

describe('two app servers on one PostgreSQL and one bucket', () => {
  let s3: LocalS3;
  let bucketEnv: Record<string, string>;
  let database: { url: string; dispose: () => Promise<void> };
  let db: pg.Pool;
  let bucket: S3Client;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  async function startInstance() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-instance-'));
    dataDirs.push(dataDir);
    return startServer({ ...bucketEnv, DATA_DIR: dataDir, DATABASE_URL: database.url, PORT: String(await freePort()) });
  }

  /** Every object key under users/ in the bucket. */
  async function objects(): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await bucket.send(new ListObjectsV2Command({ Bucket: bucketEnv.S3_BUCKET, Prefix: 'users/', ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  }

  beforeAll(async () => {
    s3 = await startLocalS3();
    bucketEnv = await s3.newBucket();
    bucket = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_KEYS });
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await createScratchDatabase({ connectionString: process.env.TEST_DATABASE_URL }, 'heirloom_two');
      database = { url: scratch.config.connectionString!, dispose: () => scratch.drop() };
    } else {
      database = await startTempPostgres('heirloom-two-db');
    }
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    // started together, as a scaled deployment starts them: one migrates, the other waits
    [a, b] = await Promise.all([startInstance(), startInstance()]);
    await Promise.all([waitForHealth(a, 90_000), waitForHealth(b, 90_000)]);
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) if (server) await stopServer(server);
    await db?.end();
    await database?.dispose();
    bucket?.destroy();
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a photo uploaded through A is served and deleted through B', async () => {
    const { cookie } = await signUpHttp(a.url);
    const image = await jpeg();
    const res = await upload(a.url, cookie, image);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const original = await fetch(`${b.url}/api/photos/${id}/original`, { headers: { cookie } });
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(image);
    const ranged = await fetch(`${b.url}/api/photos/${id}/original`, { headers: { cookie, range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(image.subarray(0, 10));
    // warm A's caches, then delete through B: A answers 404 at once
    expect((await fetch(`${a.url}/api/photos/image/${id}?size=thumb`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${b.url}/api/photos/${id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(204);
    expect((await fetch(`${a.url}/api/photos/${id}`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(`${a.url}/api/photos/image/${id}?size=thumb`, { headers: { cookie } })).status).toBe(404);
    expect(await objects()).toEqual([]);
  });

  it('sign out everywhere on A: B refuses the cookie within a second', async () => {
    const { cookie, email, password } = await signUpHttp(a.url);
    // a second session, signed in through B
    const other = await fetch(`${b.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(other.status).toBe(200);
    const otherCookie = other.headers.getSetCookie()[0]!.split(';')[0]!;
    // B has both sessions cached
    for (const c of [cookie, otherCookie]) expect((await fetch(`${b.url}/api/user`, { headers: { cookie: c } })).status).toBe(200);
    expect((await fetch(`${a.url}/api/user/logout-all`, { method: 'POST', headers: { cookie } })).status).toBe(200);
    const signedOutAt = Date.now();
    let refusedAfter = Infinity;
    while (Date.now() - signedOutAt < 5000) {
      if ((await fetch(`${b.url}/api/user`, { headers: { cookie: otherCookie } })).status === 401) {
        refusedAfter = Date.now() - signedOutAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(refusedAfter).toBeLessThan(1000);
  });

  it('50 derivative jobs queued through both instances are each done once', async () => {
    const { cookie } = await signUpHttp(b.url);
    const images = await Promise.all(Array.from({ length: 50 }, jpeg));
    const ids = await Promise.all(
      images.map(async (image, i) => {
        const res = await upload(i % 2 ? a.url : b.url, cookie, image, `p${i}.jpg`);
        expect(res.status).toBe(201);
        return ((await res.json()) as { id: number }).id;
      }),
    );
    const jobsOf = async () =>
      (
        await db.query<{ key: string; state: string; retry_count: number }>(
          `SELECT singleton_key AS key, state, retry_count FROM pgboss.job WHERE name = 'photo.derivatives' AND singleton_key = ANY($1)
           UNION ALL
           SELECT singleton_key AS key, state, retry_count FROM pgboss.archive WHERE name = 'photo.derivatives' AND singleton_key = ANY($1)`,
          [ids.map((id) => `photo-${id}`)],
        )
      ).rows;
    // a photo is ready a moment before its job is marked completed: wait for both
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM photos WHERE id = ANY($1) AND derivative_status = 'ready'`, [ids]);
      const settled = (await jobsOf()).filter((j) => j.state !== 'created' && j.state !== 'active').length;
      if ((rows[0].n === ids.length && settled === ids.length) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const jobs = await jobsOf();
    // one job per photo, completed on its first try: no instance ran another's job
    expect(jobs.length).toBe(50);
    expect(jobs.filter((j) => j.state !== 'completed' || j.retry_count !== 0)).toEqual([]);
  }, 180_000);

  it('kill -9 of A during uploads and deletes: B keeps serving, and nothing is orphaned once B has swept', async () => {
    const { cookie } = await signUpHttp(b.url);
    const kept: number[] = [];
    for (let i = 0; i < 10; i++) kept.push(((await (await upload(b.url, cookie, await jpeg(), `d${i}.jpg`)).json()) as { id: number }).id);
    const images = await Promise.all(Array.from({ length: 20 }, jpeg));
    // uploads and deletes through A when it dies
    const uploads = [
      ...images.map((image, i) => upload(a.url, cookie, image, `k${i}.jpg`).catch(() => undefined)),
      ...kept.map((id) => fetch(`${a.url}/api/photos/${id}`, { method: 'DELETE', headers: { cookie } }).catch(() => undefined)),
    ];
    await new Promise((r) => setTimeout(r, 150));
    a.child.kill('SIGKILL');
    await Promise.all(uploads);
    await a.exited;
    expect((await fetch(`${b.url}/api/user`, { headers: { cookie } })).status).toBe(200);
    expect((await upload(b.url, cookie, await jpeg())).status).toBe(201);

    // B notices A is gone and removes what A had journalled but not finished
    const deadline = Date.now() + 90_000;
    for (;;) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM pending_files`);
      if (rows[0].n === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect((await db.query(`SELECT key FROM pending_files`)).rows).toEqual([]);
    // let derivatives A was making be made again by B
    for (let i = 0; i < 240; i++) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM photos WHERE derivative_status = 'pending'`);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const { rows: photos } = await db.query<{ file_path: string }>('SELECT file_path FROM photos');
    const stored = await objects();
    for (const photo of photos) expect(stored, `the object of ${photo.file_path}`).toContain(photo.file_path);
    for (const key of stored.filter((k) => k.includes('/photos/'))) {
      expect(
        photos.some((p) => key === p.file_path || key.startsWith(`${p.file_path}.`)),
        `object ${key} belongs to a row`,
      ).toBe(true);
    }
    // A comes back and joins again
    a = await startInstance();
    await waitForHealth(a, 90_000);
    expect((await fetch(`${a.url}/api/user`, { headers: { cookie } })).status).toBe(200);
  }, 300_000);
});
