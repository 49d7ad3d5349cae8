// Resumable archive uploads (tus 1.0 at /api/imports/uploads, decision 029) over a real socket: an upload
// made in two PATCHes becomes an import; it belongs to the user who created it (another user's id is 404 for
// HEAD, PATCH, DELETE and POST /api/imports), an unfinished one cannot be imported, and its file is gone
// from the storage root once the import has ended.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportJob } from '@shared/schemas/transfers';
import { uploadReservations } from '@server/db/schema';
import { buildTestApp, signUp, storedFiles, type TestApp, unfinishedUploads } from '@tests/helpers/server';
import { takeoutFixture } from '@tests/helpers/takeout-fixture';

describe('resumable import uploads (tus)', () => {
  let t: TestApp;
  let base: string;
  let archive: Buffer;

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    archive = (await takeoutFixture()).parts[1]!;
  });
  afterAll(() => t.close());

  const tus = (cookie: string, url: string, init: { method: string; headers?: Record<string, string>; body?: Buffer }) =>
    fetch(new URL(url, base), {
      method: init.method,
      headers: { cookie, 'tus-resumable': '1.0.0', ...init.headers },
      body: init.body ? new Uint8Array(init.body) : undefined,
    });

  async function create(cookie: string, length: number) {
    const res = await tus(cookie, '/api/imports/uploads', {
      method: 'POST',
      headers: {
        'upload-length': String(length),
        'upload-metadata': `filename ${Buffer.from('takeout.zip').toString('base64')},owner MQ==`,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const location = res.headers.get('location')!;
    return { location, id: location.split('/').pop()! };
  }

  const patch = (cookie: string, location: string, offset: number, body: Buffer) =>
    tus(cookie, location, {
      method: 'PATCH',
      headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body,
    });

  const post = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/imports', headers: { cookie }, payload });

  it('imports an archive uploaded in two chunks; another user cannot see or use the upload', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const { location, id } = await create(owner.cookie, archive.length);
    const half = Math.floor(archive.length / 2);

    expect((await patch(owner.cookie, location, 0, archive.subarray(0, half))).status).toBe(204);
    // where a client resumes from after a cut
    const head = await tus(owner.cookie, location, { method: 'HEAD' });
    expect(head.headers.get('upload-offset')).toBe(String(half));

    // another user: the upload does not exist for them, whatever they try
    expect((await tus(other.cookie, location, { method: 'HEAD' })).status).toBe(404);
    expect((await patch(other.cookie, location, half, archive.subarray(half))).status).toBe(404);
    expect((await tus(other.cookie, location, { method: 'DELETE' })).status).toBe(404);
    expect((await post(other.cookie, { uploads: [id] })).statusCode).toBe(404);

    // not finished yet: cannot be imported
    const early = await post(owner.cookie, { uploads: [id] });
    expect(early.statusCode).toBe(400);

    expect((await patch(owner.cookie, location, half, archive.subarray(half))).status).toBe(204);
    const started = await post(owner.cookie, { uploads: [id] });
    expect(started.statusCode, started.body).toBe(202);
    // taken: the room it held in the quota is free again
    expect(await t.db.select().from(uploadReservations).where(eq(uploadReservations.uploadId, id))).toEqual([]);
    let job: ImportJob | undefined;
    for (let i = 0; i < 600 && !(job && (job.status === 'done' || job.status === 'failed')); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 50));
      job = (await t.app.inject({ method: 'GET', url: `/api/imports/${started.json().id}`, headers: { cookie: owner.cookie } })).json();
    }
    expect(job?.status).toBe('done');
    expect(job?.report?.imported.collections).toBe(1);
    // the upload was taken over by the import and removed with it (the job removes the archive just after it
    // records the import done: removing it first would let a crash in between undo a finished import)
    await vi.waitFor(
      async () =>
        expect([...unfinishedUploads(t, 'import-uploads'), ...(await storedFiles(t)).filter((f) => f.includes('/imports/'))]).toEqual([]),
      {
        timeout: 5000,
      },
    );
    expect((await post(owner.cookie, { uploads: [id] })).statusCode).toBe(404);
  });

  it('refuses an upload larger than the remaining quota when it is created, and a signed-out client', async () => {
    const user = await signUp(t.app);
    const res = await tus(user.cookie, '/api/imports/uploads', {
      method: 'POST',
      headers: { 'upload-length': String(11 * 1024 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    const anonymous = await fetch(new URL('/api/imports/uploads', base), {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anonymous.status).toBe(401);
    // tus's own refusals answer in the app's JSON shape
    const bare = await fetch(new URL('/api/imports/uploads', base), {
      method: 'POST',
      headers: { cookie: user.cookie, 'upload-length': '10' },
    });
    expect(bare.status).toBe(412);
    expect(typeof ((await bare.json()) as { message: unknown }).message).toBe('string');
  });
});
