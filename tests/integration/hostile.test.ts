// Findings of an outside attack, each a regression test named after it: every request gets the right 4xx,
// never a 5xx, and changes nothing.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, memories, photos, users, vaultFiles } from '@server/db/schema';
import { buildTestApp, multipart, signUp, type TestApp } from '@tests/helpers/server';

describe('hostile requests', () => {
  let t: TestApp;
  let cookie: string;
  let memoryId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie } = await signUp(t.app));
    const res = await t.app.inject({
      method: 'POST', url: '/api/memories', headers: { cookie },
      payload: { title: 'Picnic', content: 'By the lake', eventDate: '1999-07-04', isPublic: false, tags: [] },
    });
    memoryId = res.json().id;
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'DELETE' | 'PATCH', url: string) =>
    t.app.inject({ method, url, headers: { cookie }, ...(method === 'PATCH' ? { payload: {} } : {}) });

  describe('ids above 2³¹−1 are simply not found', () => {
    const huge = ['2147483648', '9999999999', '99999999999999999999'];
    for (const id of huge) {
      it(`answers 404 for id ${id} in every id position`, async () => {
        const urls: Array<['GET' | 'DELETE' | 'PATCH', string]> = [
          ['GET', `/api/memories/${id}/attachments`],
          ['GET', `/api/memories/${memoryId}/attachments/${id}/file`],
          ['DELETE', `/api/memories/${memoryId}/attachments/${id}`],
          ['DELETE', `/api/memories/${memoryId}/attachments/p-${id}`],
          ['DELETE', `/api/memories/${memoryId}/attachments/v-${id}`],
          ['PATCH', `/api/memories/${id}`],
          ['DELETE', `/api/photos/${id}`],
          ['GET', `/api/photos/image/${id}`],
          ['GET', `/api/vault/${id}`],
          ['DELETE', `/api/contacts/${id}`],
        ];
        for (const [method, url] of urls) {
          const res = await send(method, url);
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json()).toEqual({ message: expect.any(String) });
        }
      });
    }
  });

  describe('ids are read strictly', () => {
    const lookalikes = (n: number) => [`0x${n.toString(16)}`, `%2B${n}`, `${n}.0`, `${n}e0`, `%20${n}`, `0${n}`, `${n}%20`, `-${n}`, `${n}n`];
    it('does not take 0x4, +4, 4.0, 4e0, " 4" or 04 for id 4', async () => {
      expect((await send('GET', `/api/memories/${memoryId}/attachments`)).statusCode).toBe(200);
      for (const id of lookalikes(memoryId)) {
        const res = await send('GET', `/api/memories/${id}/attachments`);
        expect(res.statusCode, id).toBe(404);
      }
    });
  });

  describe('a NUL character in stored text is a clear 400, never a 500', () => {
    const NUL = 'before\u0000after';
    const memory = { title: 'Picnic', content: 'By the lake', eventDate: '1999-07-04', isPublic: false, tags: [] };
    const contact = { firstName: 'Ann', lastName: 'Lee', relationship: 'friend' };

    const snapshot = async () => {
      const rows = await Promise.all(
        [memories, contacts, photos, vaultFiles, users].map((table) => t.db.select({ n: sql<string>`md5(string_agg(t::text, ',' ORDER BY t::text))` }).from(sql`${table} t`)),
      );
      return rows.map((r) => r[0]!.n);
    };

    it('refuses NUL in memory, contact, profile and photo fields and changes nothing', async () => {
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).jpeg().toBuffer();
      const form = multipart([{ name: 'photo', filename: 'a.jpg', content: jpeg, contentType: 'image/jpeg' }]);
      const upload = await t.app.inject({ method: 'POST', url: '/api/photos', headers: { cookie, ...form.headers }, payload: form.payload });
      expect(upload.statusCode, upload.body).toBe(201);
      const photoId = upload.json().id;
      await expect // its thumbnails are made in the background: let that row change settle first
        .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie } })).json()[0].derivativeStatus)
        .toBe('ready');
      const contactId = (await t.app.inject({ method: 'POST', url: '/api/contacts', headers: { cookie }, payload: contact })).json().id;
      const before = await snapshot();
      const cases: Array<['POST' | 'PATCH', string, object]> = [
        ['POST', '/api/memories', { ...memory, title: NUL }],
        ['POST', '/api/memories', { ...memory, content: NUL }],
        ['POST', '/api/memories', { ...memory, location: NUL }],
        ['POST', '/api/memories', { ...memory, tags: [NUL] }],
        ['PATCH', `/api/memories/${memoryId}`, { title: NUL }],
        ['PATCH', `/api/memories/${memoryId}`, { tags: ['ok', NUL] }],
        ['POST', '/api/contacts', { ...contact, firstName: NUL }],
        ['POST', '/api/contacts', { ...contact, notes: NUL }],
        ['POST', '/api/contacts', { ...contact, email: `a${NUL}@example.com` }],
        ['PATCH', `/api/contacts/${contactId}`, { ...contact, address: NUL }],
        ['PATCH', '/api/user/profile', { firstName: NUL }],
        ['PATCH', '/api/user/profile', { address: NUL }],
        ['PATCH', `/api/photos/${photoId}`, { title: NUL }],
        ['POST', '/api/memories/analyze', { content: NUL }],
      ];
      for (const [method, url, payload] of cases) {
        const res = await t.app.inject({ method, url, headers: { cookie }, payload });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json().message).toBe('Text cannot contain the NUL character (\\u0000)');
      }
      const query = await t.app.inject({ method: 'GET', url: '/api/photos?sortBy=title%00', headers: { cookie } });
      expect(query.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses NUL in a vault description and stores no file', async () => {
      const form = multipart([
        { name: 'description', value: NUL },
        { name: 'file', filename: 'note.txt', content: Buffer.from('hello'), contentType: 'text/plain' },
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/vault', headers: { cookie, ...form.headers }, payload: form.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Text cannot contain the NUL character (\\u0000)');
      expect((await t.app.inject({ method: 'GET', url: '/api/vault', headers: { cookie } })).json()).toEqual([]);
    });
  });

  it('refuses a multipart text field over its limit with 413 instead of storing it cut', async () => {
    const form = multipart([
      { name: 'description', value: 'x'.repeat(150_000) },
      { name: 'file', filename: 'note.txt', content: Buffer.from('hello'), contentType: 'text/plain' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/vault', headers: { cookie, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too long/);
    expect((await t.app.inject({ method: 'GET', url: '/api/vault', headers: { cookie } })).json()).toEqual([]);
  });
});
