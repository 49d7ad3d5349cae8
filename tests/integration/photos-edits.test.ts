// PATCH /api/photos/:id with description, tags and place; GET /api/photos/:id; GET /api/photos/:id/original.
// Real app, real PostgreSQL, real files: edits must be what search finds, and the original the uploaded bytes.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import type { SearchResult } from '@shared/schemas/search';
import { buildTestApp, idOf, multipart, postAs, signUp, type TestApp } from '@tests/helpers/server';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/files');

describe('photo edits and the original download', () => {
  let t: TestApp;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#5a7' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  const upload = async (cookie: string, content = jpeg, filename = 'beach.jpg', contentType = 'image/jpeg') =>
    idOf(await postAs(t, cookie, '/api/photos', multipart([{ name: 'photo', filename, content, contentType }])));
  const patch = (cookie: string, id: number | string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/photos/${id}`, headers: { cookie }, payload: payload as object });
  const get = (cookie: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  it('saves description, tags and place, and GET /api/photos/:id reads them back', async () => {
    const { cookie } = await signUp(t.app);
    const id = await upload(cookie);
    const res = await patch(cookie, id, {
      description: '  Grandma at the lighthouse  ',
      tags: [' Summer ', 'family', 'summer', 'FAMILY', 'Brittany'],
      location: ' Ploumanac’h ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'Grandma at the lighthouse',
      tags: ['Summer', 'family', 'Brittany'],
      location: 'Ploumanac’h',
    });

    const read = await get(cookie, `/api/photos/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, description: 'Grandma at the lighthouse', tags: ['Summer', 'family', 'Brittany'] });
  });

  it('clears description and place with "" or null, and tags with an empty list', async () => {
    const { cookie } = await signUp(t.app);
    const id = await upload(cookie);
    await patch(cookie, id, { description: 'x', location: 'y', tags: ['z'] });
    expect((await patch(cookie, id, { description: '   ', location: null, tags: [] })).json()).toMatchObject({
      description: null,
      location: null,
      tags: [],
    });
    await patch(cookie, id, { description: 'again', location: 'there' });
    expect((await patch(cookie, id, { description: null, location: '' })).json()).toMatchObject({ description: null, location: null });
  });

  it('leaves fields a PATCH does not name as they were (title and date keep the spec behaviour)', async () => {
    const { cookie } = await signUp(t.app);
    const id = await upload(cookie);
    await patch(cookie, id, { description: 'kept', tags: ['kept'] });
    const titled = (await patch(cookie, id, { title: ' Lighthouse ' })).json() as Photo;
    expect(titled).toMatchObject({ title: 'Lighthouse', description: 'kept', tags: ['kept'] });
    const dated = (await patch(cookie, id, { dateTaken: '1987-06-05T12:00:00.000Z' })).json() as Photo;
    expect(dated).toMatchObject({ title: 'Lighthouse', dateTaken: '1987-06-05T12:00:00.000Z', description: 'kept' });
    const empty = await patch(cookie, id, { title: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Title cannot be empty' });
  });

  it('makes edits findable by GET /api/search', async () => {
    const { cookie } = await signUp(t.app);
    const id = await upload(cookie);
    await patch(cookie, id, { description: 'Picnic beside the windmill', tags: ['Zanzibar'], location: 'Kinderdijk' });
    for (const q of ['windmill', 'zanzibar', 'Kinderdijk']) {
      const res = await get(cookie, `/api/search?q=${q}&kind=photo`);
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json() as SearchResult).groups.flatMap((g) => g.items.map((i) => i.id));
      expect(ids, q).toContain(id);
    }
    await patch(cookie, id, { tags: [] });
    const gone = (await get(cookie, '/api/search?q=zanzibar&kind=photo')).json() as SearchResult;
    expect(gone.groups.flatMap((g) => g.items)).toEqual([]);
  });

  it('refuses bad edits with a clear message and changes nothing', async () => {
    const { cookie } = await signUp(t.app);
    const id = await upload(cookie);
    await patch(cookie, id, { description: 'before', tags: ['before'] });
    const cases: Array<[unknown, string]> = [
      [{ tags: 'summer' }, 'Tags must be a list of words'],
      [{ tags: [1, 2] }, 'Tags must be a list of words'],
      [{ tags: ['ok', '  '] }, 'A tag cannot be empty'],
      [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, 'A photo can have at most 50 tags'],
      [{ description: 42 }, 'Description must be text'],
      [{ location: ['Paris'] }, 'Place must be text'],
      [{}, 'Send a title, dateTaken, dateTakenPrecision, description, tags, location or labels'],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(cookie, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { message: string }).message).toContain(message);
    }
    expect((await get(cookie, `/api/photos/${id}`)).json()).toMatchObject({ description: 'before', tags: ['before'] });
  });

  it('downloads the original byte for byte, as an attachment with its own name', async () => {
    const { cookie } = await signUp(t.app);
    const id = await upload(cookie, jpeg, 'Été à Paris (1).jpg');
    const res = await get(cookie, `/api/photos/${id}/original`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(jpeg)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_t_ _ Paris (1).jpg"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Paris%20%281%29.jpg`,
    );

    const part = await get(cookie, `/api/photos/${id}/original`, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(jpeg.subarray(0, 10))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${jpeg.length}`);
  });

  it('downloads a HEIC as the HEIC that was uploaded', async () => {
    const { cookie } = await signUp(t.app);
    const heic = fs.readFileSync(path.join(FIXTURES, 'tiny.heic'));
    const id = await upload(cookie, heic, 'IMG_0001.HEIC', 'image/heic');
    const res = await get(cookie, `/api/photos/${id}/original`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(heic)).toBe(true);
    expect(res.headers['content-type']).toBe('image/heic');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="IMG_0001.HEIC"/);
  });

  it("answers 404 for another user's photo on GET, PATCH and the original, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = await upload(owner.cookie);
    await patch(owner.cookie, id, { description: 'mine' });
    for (const url of [`/api/photos/${id}`, `/api/photos/${id}/original`]) {
      const res = await get(other.cookie, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Photo not found' });
    }
    expect((await patch(other.cookie, id, { description: 'theirs', tags: ['x'] })).statusCode).toBe(404);
    expect((await get(owner.cookie, `/api/photos/${id}`)).json()).toMatchObject({ description: 'mine', tags: [] });
  });

  it('answers 404 for ids that are not photos and leaves the other photo routes where they were', async () => {
    const { cookie } = await signUp(t.app);
    for (const url of ['/api/photos/999999', '/api/photos/abc', '/api/photos/-1/original', '/api/photos/1.5/original']) {
      const res = await get(cookie, url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get(cookie, '/api/photos/page')).statusCode).toBe(200);
    expect((await get(cookie, '/api/photos/months')).statusCode).toBe(200);
    expect((await get(cookie, '/api/photos/processing')).statusCode).toBe(200);
  });
});
