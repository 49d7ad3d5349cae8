// One storage quota per account over photos (with their derivatives), attachments (with display copies),
// vault files and the profile picture: parallel uploads cannot overshoot it, a refusal is a 413 with the
// account's usage in words, and a refused upload leaves no row, no file and no journal entry behind.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB } from '@shared/limits';
import { memoryAttachments, pendingFiles, photos, users, vaultFiles } from '@server/db/schema';
import { buildTestApp, multipart, signUp, storedFiles, tempFiles, type TestApp } from '@tests/helpers/server';

const QUOTA_MB = 1;
const FULL = /^Your storage is full \((\d+(\.\d)?) (B|KB|MB) of 1 MB used\)\.$/;

describe('one storage quota per account', () => {
  let t: TestApp;
  let png: Buffer;
  /** A real PNG followed by zeros: an image to every decoder, `size` bytes on disk. */
  const paddedPng = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);

  beforeAll(async () => {
    t = await buildTestApp({ STORAGE_QUOTA_MB: String(QUOTA_MB) });
    png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#4a7' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  type Who = Awaited<ReturnType<typeof signUp>>;
  const newMemory = async (who: Who) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/memories',
        headers: { cookie: who.cookie },
        payload: { title: 'Quota', content: 'x', eventDate: '2001-02-03', isPublic: false, tags: [] },
      })
    ).json().id as number;

  const upload = (who: Who, url: string, field: string, content: Buffer, name = 'f.png') => {
    const body = multipart([{ name: field, filename: name, content, contentType: 'image/png' }]);
    return t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie, ...body.headers }, payload: body.payload });
  };
  const usage = async (who: Who) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/storage', headers: { cookie: who.cookie } })).json();

  /** What the database says the account stores, summed independently of the app's own query. */
  async function storedBytes(userId: number) {
    const one = async (q: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: string }>(q)).rows[0]!.n);
    return (
      (await one(
        sql`select coalesce(sum(${photos.fileSize} + ${photos.derivativesSize}), 0) as n from ${photos} where ${photos.userId} = ${userId}`,
      )) +
      (await one(
        sql`select coalesce(sum(${memoryAttachments.fileSize} + ${memoryAttachments.displaySize}), 0) as n from ${memoryAttachments} where ${memoryAttachments.userId} = ${userId}`,
      )) +
      (await one(sql`select coalesce(sum(${vaultFiles.fileSize}), 0) as n from ${vaultFiles} where ${vaultFiles.userId} = ${userId}`)) +
      (await one(sql`select ${users.profilePictureSize} as n from ${users} where ${users.id} = ${userId}`))
    );
  }

  /** Nothing half-done: no journal entry, no temp file, and every stored file belongs to a row. */
  async function expectNothingLeftBehind(userId: number) {
    // derivatives are written in the background (through .tmp): wait until the account's photos are done
    for (let i = 0; i < 200; i++) {
      const [p] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(photos)
        .where(sql`${photos.userId} = ${userId} and ${photos.derivativeStatus} = 'pending'`);
      if (p!.n === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await t.db.select().from(pendingFiles)).toEqual([]);
    expect(await tempFiles(t)).toEqual([]);
    const keys = new Set<string>();
    for (const r of await t.db
      .select({ k: photos.filePath })
      .from(photos)
      .where(sql`${photos.userId} = ${userId}`))
      keys.add(r.k);
    for (const r of await t.db
      .select({ k: memoryAttachments.filePath })
      .from(memoryAttachments)
      .where(sql`${memoryAttachments.userId} = ${userId}`))
      keys.add(r.k);
    for (const r of await t.db
      .select({ k: vaultFiles.filePath })
      .from(vaultFiles)
      .where(sql`${vaultFiles.userId} = ${userId}`))
      keys.add(r.k);
    const originals = (await storedFiles(t)).filter(
      (f) => f.startsWith(`users/${userId}/`) && !/\.(thumb\.webp|mobile\.jpg|display\.jpg)$/.test(f),
    );
    expect(originals.filter((f) => !f.includes('/profile/')).sort()).toEqual([...keys].sort());
  }

  it('GET /api/user/storage needs a session and starts at zero', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/storage' })).statusCode).toBe(401);
    const who = await signUp(t.app);
    expect(await usage(who)).toEqual({
      usedBytes: 0,
      quotaBytes: QUOTA_MB * MB,
      byKind: { photos: 0, attachments: 0, vault: 0, profile: 0 },
    });
  });

  it('counts every kind: photos with their derivatives, attachments, vault files and the profile picture', async () => {
    const who = await signUp(t.app);
    const memoryId = await newMemory(who);
    expect((await upload(who, '/api/photos', 'photo', paddedPng(40_000))).statusCode).toBe(201);
    expect((await upload(who, `/api/memories/${memoryId}/attachments`, 'attachments', paddedPng(30_000))).statusCode).toBe(201);
    expect((await upload(who, '/api/vault', 'file', paddedPng(20_000))).statusCode).toBe(201);
    expect((await upload(who, '/api/user/profile-picture', 'profilePicture', paddedPng(10_000))).statusCode).toBe(200);
    const used = await usage(who);
    expect(used.byKind.photos).toBeGreaterThan(40_000); // the original and (an estimate of, then) its derivatives
    expect(used.byKind.attachments).toBe(30_000);
    expect(used.byKind.vault).toBe(20_000);
    expect(used.byKind.profile).toBeGreaterThan(0); // the re-encoded picture, not the upload
    expect(used.usedBytes).toBe(used.byKind.photos + used.byKind.attachments + used.byKind.vault + used.byKind.profile);
    expect(used.usedBytes).toBe(await storedBytes(who.user.id));
  });

  it('one account uploading attachments in a loop is stopped at its quota', async () => {
    const who = await signUp(t.app);
    const memoryId = await newMemory(who);
    const file = paddedPng(150_000);
    let stored = 0;
    let refusal;
    for (let i = 0; i < 20; i++) {
      const res = await upload(who, `/api/memories/${memoryId}/attachments`, 'attachments', file, `a${i}.png`);
      if (res.statusCode !== 201) {
        refusal = res;
        break;
      }
      stored += 1;
    }
    expect(stored).toBe(Math.floor((QUOTA_MB * MB) / file.length)); // 6 × 150 kB fit in 1 MB, the 7th does not
    expect(refusal?.statusCode).toBe(413);
    expect(refusal?.json().message).toBe('Your storage is full (879 KB of 1 MB used).');
    expect(await storedBytes(who.user.id)).toBe(stored * file.length);
    await expectNothingLeftBehind(who.user.id);
  });

  it('20 parallel uploads of every kind never store more than the quota together', async () => {
    const who = await signUp(t.app);
    const memoryId = await newMemory(who);
    const file = paddedPng(90_000);
    const routes = [
      { url: '/api/vault', field: 'file' },
      { url: `/api/memories/${memoryId}/attachments`, field: 'attachments' },
      { url: '/api/photos', field: 'photo' },
    ];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(who, routes[i % 3]!.url, routes[i % 3]!.field, file, `p${i}.png`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 413)).toEqual([]);
    expect(statuses).toContain(413);
    for (const r of results.filter((r) => r.statusCode === 413)) expect(r.json().message).toMatch(FULL);
    expect(await storedBytes(who.user.id)).toBeLessThanOrEqual(QUOTA_MB * MB);
    expect((await usage(who)).usedBytes).toBeLessThanOrEqual(QUOTA_MB * MB);
    await expectNothingLeftBehind(who.user.id);
  });

  it('a profile picture replaces the previous one: only the difference counts', async () => {
    const who = await signUp(t.app);
    expect((await upload(who, '/api/vault', 'file', paddedPng(QUOTA_MB * MB - 60_000))).statusCode).toBe(201);
    const picture = async (size: number) =>
      upload(
        who,
        '/api/user/profile-picture',
        'profilePicture',
        await sharp({
          create: { width: size, height: size, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
        })
          .png()
          .toBuffer(),
      );
    expect((await picture(200)).statusCode).toBe(200);
    const first = (await usage(who)).byKind.profile;
    expect((await picture(200)).statusCode).toBe(200); // same size again: fits, because it replaces the first
    expect((await usage(who)).byKind.profile).toBeGreaterThan(first * 0.5);
    expect(await storedBytes(who.user.id)).toBeLessThanOrEqual(QUOTA_MB * MB);
  });
});
