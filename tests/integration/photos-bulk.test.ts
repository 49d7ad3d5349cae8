// POST /api/photos/bulk (decision 033): one action on many photos, all or nothing, owner only.
// Real app, real PostgreSQL, real files on disk.
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import { collectionItems, pendingFiles, photos } from '@server/db/schema';
import { buildTestApp, idOf, multipart, postAs, signUp, storedFiles, type TestApp } from '@tests/helpers/server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('POST /api/photos/bulk', () => {
  let t: TestApp;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a63' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  const upload = async (cookie: string) =>
    idOf(
      await postAs(t, cookie, '/api/photos', multipart([{ name: 'photo', filename: 'p.jpg', content: jpeg, contentType: 'image/jpeg' }])),
    );
  const bulk = (cookie: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/photos/bulk', headers: { cookie }, payload: payload as object });
  const list = async (cookie: string): Promise<Photo[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie } })).json();
  const filesOf = async (userId: number) => (await storedFiles(t)).filter((f) => f.startsWith(`users/${userId}/`));

  /** Derivatives written, so a delete has every file of a photo to remove. */
  async function settled(cookie: string) {
    for (let i = 0; i < 200; i++) {
      if ((await list(cookie)).every((p) => p.derivativeStatus !== 'pending')) return;
      await sleep(50);
    }
    throw new Error('photos stayed pending');
  }

  it('deletes the selected photos with their files and collection items, and nothing else', async () => {
    const { cookie, user } = await signUp(t.app);
    const [a, b, kept] = [await upload(cookie), await upload(cookie), await upload(cookie)];
    await settled(cookie);
    const collection = idOf(await postAs(t, cookie, '/api/collections', { title: 'Trip' }));
    await postAs(t, cookie, `/api/collections/${collection}/items`, { photoIds: [a, kept] });
    const before = await filesOf(user.id);
    expect(before.length).toBeGreaterThan(3); // originals and their derivatives

    const res = await bulk(cookie, { ids: [a, b], action: { type: 'delete' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });

    expect((await list(cookie)).map((p) => p.id)).toEqual([kept]);
    const left = await filesOf(user.id);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((f) => before.includes(f))).toBe(true);
    const { rows } = await t.pool.query<{ file_path: string }>('SELECT file_path FROM photos WHERE id = $1', [kept]);
    expect(left.every((f) => f.startsWith(rows[0]!.file_path.replace(/\.[^.]+$/, '')))).toBe(true);
    expect(await t.db.select().from(pendingFiles)).toEqual([]);
    const items = await t.db.select().from(collectionItems).where(eq(collectionItems.collectionId, collection));
    expect(items.map((i) => i.photoId)).toEqual([kept]);
    for (const id of [a, b]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/photos/image/${id}`, headers: { cookie } })).statusCode).toBe(404);
    }
  });

  it('sets the date taken of every selected photo', async () => {
    const { cookie } = await signUp(t.app);
    const [a, b, other] = [await upload(cookie), await upload(cookie), await upload(cookie)];
    const res = await bulk(cookie, { ids: [a, b], action: { type: 'setDate', dateTaken: '1975-08-15T12:00:00+02:00' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    const byId = new Map((await list(cookie)).map((p) => [p.id, p]));
    expect(byId.get(a)!.dateTaken).toBe('1975-08-15T10:00:00.000Z');
    expect(byId.get(b)!.dateTaken).toBe('1975-08-15T10:00:00.000Z');
    expect(byId.get(other)!.dateTaken).not.toBe('1975-08-15T10:00:00.000Z');
  });

  it('adds tags without repeating any a photo has, ignoring case and keeping the photo’s spelling', async () => {
    const { cookie } = await signUp(t.app);
    const [a, b] = [await upload(cookie), await upload(cookie)];
    await t.app.inject({ method: 'PATCH', url: `/api/photos/${a}`, headers: { cookie }, payload: { tags: ['Summer', 'beach'] } });
    const res = await bulk(cookie, { ids: [a, b], action: { type: 'addTags', tags: ['summer', ' Family ', 'FAMILY', 'Beach', 'Dog'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    const byId = new Map((await list(cookie)).map((p) => [p.id, p]));
    expect(byId.get(a)!.tags).toEqual(['Summer', 'beach', 'Family', 'Dog']);
    expect(byId.get(b)!.tags).toEqual(['summer', 'Family', 'Beach', 'Dog']);

    const search = await t.app.inject({ method: 'GET', url: '/api/search?q=dog&kind=photo', headers: { cookie } });
    const found = (search.json() as { groups: Array<{ items: Array<{ id: number }> }> }).groups.flatMap((g) => g.items.map((i) => i.id));
    expect(found.sort()).toEqual([a, b].sort());
  });

  it('refuses tags that would take a photo past 50, changing no photo', async () => {
    const { cookie } = await signUp(t.app);
    const [full, empty] = [await upload(cookie), await upload(cookie)];
    const fifty = Array.from({ length: 50 }, (_, i) => `tag${i}`);
    await t.app.inject({ method: 'PATCH', url: `/api/photos/${full}`, headers: { cookie }, payload: { tags: fifty } });
    const res = await bulk(cookie, { ids: [empty, full], action: { type: 'addTags', tags: ['one more'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('at most 50 tags') });
    const byId = new Map((await list(cookie)).map((p) => [p.id, p]));
    expect(byId.get(empty)!.tags).toEqual([]);
    expect(byId.get(full)!.tags).toEqual(fifty);
  });

  it("answers 404 and changes nothing when one id is another user's photo", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const [mine1, mine2] = [await upload(owner.cookie), await upload(owner.cookie)];
    const theirs = await upload(other.cookie);
    await settled(owner.cookie);
    await settled(other.cookie);
    const rowsBefore = await t.db
      .select()
      .from(photos)
      .where(inArray(photos.id, [mine1, mine2, theirs]));
    const filesBefore = await storedFiles(t);

    for (const action of [{ type: 'delete' }, { type: 'setDate', dateTaken: '2001-01-01T12:00:00Z' }, { type: 'addTags', tags: ['x'] }]) {
      const res = await bulk(owner.cookie, { ids: [mine1, theirs, mine2], action });
      expect(res.statusCode, `${action.type}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(/^Photo not found/) });
      // and the other way round: someone naming the owner's photos alone
      expect((await bulk(other.cookie, { ids: [mine1], action })).statusCode).toBe(404);
    }

    const rowsAfter = await t.db
      .select()
      .from(photos)
      .where(inArray(photos.id, [mine1, mine2, theirs]));
    expect(rowsAfter).toEqual(rowsBefore);
    expect(await storedFiles(t)).toEqual(filesBefore);
  });

  it('answers 404 for ids that are no photo at all, changing nothing', async () => {
    const { cookie } = await signUp(t.app);
    const mine = await upload(cookie);
    const res = await bulk(cookie, { ids: [mine, 2_000_000_000], action: { type: 'delete' } });
    expect(res.statusCode).toBe(404);
    expect((await list(cookie)).map((p) => p.id)).toEqual([mine]);
  });

  it('refuses hostile bodies with 400 and a clear message', async () => {
    const { cookie } = await signUp(t.app);
    const mine = await upload(cookie);
    const del = { type: 'delete' };
    const cases: Array<[string, unknown, string]> = [
      ['no body', undefined, ''],
      ['ids missing', { action: del }, 'Select from 1 to 1000 photos'],
      ['ids empty', { ids: [], action: del }, 'Select from 1 to 1000 photos'],
      ['1001 ids', { ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: del }, 'Select from 1 to 1000 photos'],
      ['duplicate ids', { ids: [mine, mine], action: del }, 'Each photo may be listed once'],
      ['negative id', { ids: [-1], action: del }, 'Photo ids are whole numbers from 1 to 2147483647'],
      ['zero id', { ids: [0], action: del }, 'Photo ids are whole numbers from 1 to 2147483647'],
      ['id beyond any row', { ids: [2_147_483_648], action: del }, 'Photo ids are whole numbers from 1 to 2147483647'],
      ['fractional id', { ids: [1.5], action: del }, 'Photo ids are whole numbers from 1 to 2147483647'],
      ['string ids', { ids: [String(mine)], action: del }, 'Photo ids are whole numbers from 1 to 2147483647'],
      ['ids not a list', { ids: mine, action: del }, 'Select from 1 to 1000 photos'],
      ['unknown action', { ids: [mine], action: { type: 'rotate' } }, 'action.type must be delete, setDate or addTags'],
      ['action missing', { ids: [mine] }, 'action.type must be delete, setDate or addTags'],
      ['setDate without a date', { ids: [mine], action: { type: 'setDate' } }, 'Please enter a valid date'],
      ['setDate in the future', { ids: [mine], action: { type: 'setDate', dateTaken: '2999-01-01T00:00:00Z' } }, 'Date must be between'],
      ['addTags with none', { ids: [mine], action: { type: 'addTags', tags: [] } }, 'Add at least one tag'],
      ['addTags with a blank tag', { ids: [mine], action: { type: 'addTags', tags: [' '] } }, 'A tag cannot be empty'],
      ['addTags with a string', { ids: [mine], action: { type: 'addTags', tags: 'x' } }, 'Tags must be a list of words'],
    ];
    for (const [name, payload, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/photos/bulk',
        headers: { cookie, 'content-type': 'application/json' },
        payload: payload === undefined ? '' : JSON.stringify(payload),
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect((res.json() as { message: string }).message, name).toContain(message);
    }
    const [photo] = await list(cookie);
    expect(photo).toMatchObject({ id: mine, tags: [] });
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/photos/bulk', payload: { ids: [1], action: { type: 'delete' } } });
    expect(res.statusCode).toBe(401);
  });
});
