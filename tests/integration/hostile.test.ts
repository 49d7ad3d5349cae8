// Findings of an outside attack, each a regression test named after it: every request gets the right 4xx,
// never a 5xx, and changes nothing.
import net from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, memories, photos, users, vaultFiles } from '@server/db/schema';
import { buildTestApp, multipart, signUp, TEST_PASSWORD, type TestApp } from '@tests/helpers/server';
import { recordAnswers } from '@tests/helpers/documented-answers';

// Every status these requests are answered with is documented for its operation in the OpenAPI document.
const answers = recordAnswers();
afterAll(() => {
  answers.stop();
  expect(answers.count).toBeGreaterThan(0);
  expect(answers.undocumented()).toEqual([]);
});

describe('hostile requests', () => {
  let t: TestApp;
  let cookie: string;
  let memoryId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie } = await signUp(t.app));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { cookie },
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
    const lookalikes = (n: number) => [
      `0x${n.toString(16)}`,
      `%2B${n}`,
      `${n}.0`,
      `${n}e0`,
      `%20${n}`,
      `0${n}`,
      `${n}%20`,
      `-${n}`,
      `${n}n`,
    ];
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
        [memories, contacts, photos, vaultFiles, users].map((table) =>
          t.db.select({ n: sql<string>`md5(string_agg(t::text, ',' ORDER BY t::text))` }).from(sql`${table} t`),
        ),
      );
      return rows.map((r) => r[0]!.n);
    };

    it('refuses NUL in memory, contact, profile and photo fields and changes nothing', async () => {
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer();
      const form = multipart([{ name: 'photo', filename: 'a.jpg', content: jpeg, contentType: 'image/jpeg' }]);
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/photos',
        headers: { cookie, ...form.headers },
        payload: form.payload,
      });
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

  describe('the Origin check compares scheme, host and port', () => {
    const memory = { title: 'x', content: 'y', eventDate: '2001-01-01', isPublic: false, tags: [] };
    const post = (origin: string) =>
      t.app.inject({ method: 'POST', url: '/api/memories', headers: { cookie, origin, host: '127.0.0.1:5000' }, payload: memory });
    it('refuses https://127.0.0.1:5000 on an http server, and other ports and hosts', async () => {
      for (const origin of [
        'https://127.0.0.1:5000',
        'http://127.0.0.1:5001',
        'http://127.0.0.1',
        'http://evil.example:5000',
        'null',
        'not a url',
      ]) {
        const res = await post(origin);
        expect(res.statusCode, origin).toBe(403);
        expect(res.json().message).toBe('Cross-site requests are not allowed');
      }
      expect((await post('http://127.0.0.1:5000')).statusCode).toBe(201);
    });
    it("never takes X-Forwarded-Host for the request's own origin", async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/memories',
        payload: memory,
        headers: { cookie, origin: 'http://evil.example', host: '127.0.0.1:5000', 'x-forwarded-host': 'evil.example' },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('DNS rebinding: heirloom answers only to its own names', () => {
    it('answers 421 to a Host it is not known by, before any route runs', async () => {
      for (const host of ['attacker.example', 'attacker.example:5000', 'localhost.attacker.example']) {
        const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie, host } });
        expect(res.statusCode, host).toBe(421);
        expect(res.json().message).toMatch(/does not answer to the name/);
      }
      for (const host of ['localhost:5000', '127.0.0.1', '[::1]:5000', 'LOCALHOST']) {
        const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie, host } });
        expect(res.statusCode, host).toBe(200);
      }
    });

    it('answers to ALLOWED_HOSTS and PUBLIC_URL names', async () => {
      const named = await buildTestApp({ ALLOWED_HOSTS: 'nas.home', PUBLIC_URL: 'https://heirloom.example.com' });
      try {
        for (const host of ['nas.home:5000', 'heirloom.example.com']) {
          expect((await named.app.inject({ method: 'GET', url: '/api/health', headers: { host } })).statusCode, host).toBe(200);
        }
        expect((await named.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'other.example' } })).statusCode).toBe(421);
      } finally {
        await named.close();
      }
    });

    it('refuses a request with two Host headers with 400', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n');
        });
        let data = '';
        socket.on('data', (c) => (data += c.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1.1 400/);
    });
  });

  it('marks personal JSON private and not to be stored', async () => {
    for (const url of [
      '/api/user',
      '/api/memories',
      '/api/contacts',
      '/api/vault',
      '/api/photos',
      `/api/memories/${memoryId}/attachments`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('X-Frame-Options and CSP frame-ancestors agree', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('rate limits behind a proxy', () => {
  it('believes only the trusted hop: a client-chosen X-Forwarded-For does not reset the login limit', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        // the client sends its own X-Forwarded-For; the one proxy appends the address it really saw
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: `nobody${i}@example.com`, password: TEST_PASSWORD },
          headers: { 'x-forwarded-for': `10.9.8.${i}, 203.0.113.7` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For from an address that is not a listed proxy', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '10.0.0.1', AUTH_RATE_LIMIT: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: `nobody${i}@example.com`, password: TEST_PASSWORD },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    } finally {
      await t.close();
    }
  });
});
