// Resumable uploads within the storage quota: each upload holds its declared length from its creation, across
// both tus endpoints, until it is used, cancelled (DELETE) or removed after a day untouched; an account may
// hold at most OPEN_UPLOADS_MAX; a length given later (Upload-Defer-Length) is refused.
import fs from 'node:fs';
import nodePath from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB, OPEN_UPLOADS_MAX } from '@shared/limits';
import { uploadReservations } from '@server/db/schema';
import { buildTestApp, multipart, signUp, type TestApp } from '@tests/helpers/server';

const QUOTA_MB = 3;
const IMPORTS = '/api/imports/uploads';
const VIDEOS = '/api/photos/video-uploads';

describe('resumable uploads hold room in the quota', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp({ STORAGE_QUOTA_MB: String(QUOTA_MB) });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const tus = (cookie: string, url: string, method: string, headers: Record<string, string> = {}) =>
    fetch(new URL(url, base), { method, headers: { cookie, 'tus-resumable': '1.0.0', ...headers } });
  const create = (cookie: string, endpoint: string, length: number) => tus(cookie, endpoint, 'POST', { 'upload-length': String(length) });
  const held = async (userId: number) =>
    (await t.db.select().from(uploadReservations).where(eq(uploadReservations.userId, userId))).map((r) => r.bytes);

  it('refuses an upload that does not fit beside the unfinished ones, on either endpoint, and frees the room when one is cancelled', async () => {
    const who = await signUp(t.app);
    const first = await create(who.cookie, IMPORTS, 2.5 * MB);
    expect(first.status).toBe(201);
    expect(await held(who.user.id)).toEqual([2.5 * MB]);

    for (const endpoint of [IMPORTS, VIDEOS]) {
      const second = await create(who.cookie, endpoint, 2.5 * MB);
      expect(second.status, endpoint).toBe(413);
      expect(await second.json()).toEqual({
        message: 'Your storage is full (0 B of 3 MB used, 2.5 MB held for uploads not yet finished or used).',
        code: 'STORAGE_QUOTA_EXCEEDED',
      });
    }
    expect(await held(who.user.id)).toEqual([2.5 * MB]);
    expect(fs.readdirSync(t.files.localPath('video-uploads')).filter((f) => f.endsWith('.json'))).toEqual([]);

    // the room held counts for every other upload too
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#4a7' } })
      .png()
      .toBuffer();
    const form = multipart([
      { name: 'file', filename: 'f.png', content: Buffer.concat([png, Buffer.alloc(MB)]), contentType: 'image/png' },
    ]);
    const vault = await t.app.inject({
      method: 'POST',
      url: '/api/vault',
      headers: { cookie: who.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(vault.statusCode).toBe(413);

    // cancelled: its room is free again
    expect((await tus(who.cookie, first.headers.get('location')!, 'DELETE')).status).toBe(204);
    expect(await held(who.user.id)).toEqual([]);
    expect((await create(who.cookie, VIDEOS, 2.5 * MB)).status).toBe(201);
  });

  it(`holds at most ${OPEN_UPLOADS_MAX} uploads per account; one left untouched for a day is removed and frees its place`, async () => {
    const who = await signUp(t.app);
    const ids: string[] = [];
    for (let i = 0; i < OPEN_UPLOADS_MAX; i++) {
      const res = await create(who.cookie, i % 2 ? IMPORTS : VIDEOS, 100);
      expect(res.status).toBe(201);
      ids.push(res.headers.get('location')!.split('/').pop()!);
    }
    const over = await create(who.cookie, IMPORTS, 100);
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ code: 'TOO_MANY_UPLOADS', message: expect.stringContaining(`${OPEN_UPLOADS_MAX} uploads`) });

    // the first (a video upload) last touched 25 hours ago
    const dir = t.files.localPath('video-uploads');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (const name of [ids[0]!, `${ids[0]}.json`]) fs.utimesSync(nodePath.join(dir, name), dayAgo, dayAgo);
    await t.db.update(uploadReservations).set({ createdAt: dayAgo }).where(eq(uploadReservations.uploadId, ids[0]!));

    expect((await create(who.cookie, IMPORTS, 100)).status).toBe(201);
    expect(fs.existsSync(nodePath.join(dir, ids[0]!))).toBe(false);
    expect((await tus(who.cookie, `${VIDEOS}/${ids[0]}`, 'HEAD')).status).toBe(404);
    expect(await held(who.user.id)).toHaveLength(OPEN_UPLOADS_MAX);
  });

  it('refuses an upload whose length would come later, so that nothing goes unheld', async () => {
    const who = await signUp(t.app);
    const res = await tus(who.cookie, IMPORTS, 'POST', { 'upload-defer-length': '1' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'UPLOAD_LENGTH_REQUIRED' });
    expect(await held(who.user.id)).toEqual([]);
  });
});
