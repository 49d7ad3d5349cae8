// lib/send-file.ts through the real file routes: validators (304), ranges (206, 416, If-Range), the download
// name for any characters, and the headers that keep every user file inert, per type.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavFile } from '@server/features/memories/memories.test-files';
import { buildTestApp, multipart, signUp, type TestApp } from '@tests/helpers/server';
import { FILE_CSP, PDF_CSP } from '@server/lib/send-file';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const TEXT = Buffer.from('0123456789abcdefghij');

describe('serving a stored file', () => {
  let t: TestApp;
  let cookie: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await buildTestApp();
    cookie = (await signUp(t.app)).cookie;
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#369' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: { cookie, ...headers } });

  async function post(url: string, field: string, filename: string, content: Buffer) {
    const body = multipart([{ name: field, filename, content }]);
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  }
  const vaultFile = async (name: string, content: Buffer) => `/api/vault/${(await post('/api/vault', 'file', name, content)).id}`;

  describe('validators', () => {
    it('answers 304 to its ETag, weak or strong, alone, in a list or as *', async () => {
      const url = await vaultFile('notes.txt', TEXT);
      const first = await get(url);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await get(url, { 'if-none-match': ifNoneMatch });
        expect(res.statusCode, ifNoneMatch).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(etag);
      }
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    });
  });

  describe('ranges', () => {
    it('sends one range with 206, refuses an impossible one with 416, and sends everything for several', async () => {
      const url = await vaultFile('range.txt', TEXT);
      const part = await get(url, { range: 'bytes=2-5' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 2-5/${TEXT.length}`);
      expect(part.headers['content-length']).toBe('4');
      expect(part.body).toBe('2345');
      expect((await get(url, { range: 'bytes=-3' })).body).toBe('hij');
      expect((await get(url, { range: 'bytes=18-' })).body).toBe('ij');

      const beyond = await get(url, { range: `bytes=${TEXT.length}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${TEXT.length}`);

      const several = await get(url, { range: 'bytes=0-1,4-5' });
      expect(several.statusCode).toBe(200);
      expect(several.body).toBe(TEXT.toString());
    });

    it('keeps a range only for the version the client has (If-Range)', async () => {
      const url = await vaultFile('if-range.txt', TEXT);
      const { etag, 'last-modified': lastModified } = (await get(url)).headers;
      expect((await get(url, { range: 'bytes=0-1', 'if-range': String(etag) })).statusCode).toBe(206);
      expect((await get(url, { range: 'bytes=0-1', 'if-range': String(lastModified) })).statusCode).toBe(206);
      const stale = await get(url, { range: 'bytes=0-1', 'if-range': '"an-older-version"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(TEXT.toString());
    });

    it('cuts ranges from photos kept in memory as well as from streamed files', async () => {
      const photo = await post('/api/photos', 'photo', 'p.png', png);
      const url = `/api/photos/image/${photo.id}`;
      const whole = (await get(url)).rawPayload;
      const part = await get(url, { range: 'bytes=1-3' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload).toEqual(whole.subarray(1, 4));
    });

    it('answers HEAD with the headers of the download and no body', async () => {
      const url = await vaultFile('head.txt', TEXT);
      const head = await get(url, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(TEXT.length));
      expect(head.headers['content-disposition']).toMatch(/^attachment; /);
      expect(head.rawPayload.length).toBe(0);
    });
  });

  describe('the download name', () => {
    it('keeps quotes, percent signs, accents and emoji exactly in filename* with a plain ASCII fallback', async () => {
      const name = `"Oma's" 100% Brief – für dich 🎂.txt`;
      const url = await vaultFile(name.replace(/"/g, '%22'), TEXT); // as browsers send '"' in multipart names
      const header = String((await get(url)).headers['content-disposition']);
      expect(header).toBe(
        `attachment; filename="_Oma's_ 100_ Brief _ f_r dich _.txt"; filename*=UTF-8''%22Oma%27s%22%20100%25%20Brief%20%E2%80%93%20f%C3%BCr%20dich%20%F0%9F%8E%82.txt`,
      );
      expect(header).toMatch(/^[\x20-\x7e]+$/);
      expect(decodeURIComponent(header.split("filename*=UTF-8''")[1]!)).toBe(name);
    });
  });

  describe('headers per type', () => {
    it('text downloads as an attachment under the sandbox, never private data in a shared cache', async () => {
      const res = await get(await vaultFile('page.html', Buffer.from('<html><script>alert(1)</script></html>')));
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['content-security-policy']).toBe(FILE_CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('a PDF opens inline under the strict policy without sandbox (Chromium viewer), still without script', async () => {
      const res = await get(await vaultFile('report.pdf', PDF));
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; /);
      expect(res.headers['content-security-policy']).toBe(PDF_CSP);
      expect(res.headers['content-security-policy']).not.toMatch(/sandbox|script-src|'unsafe/);
    });

    it('images and audio open inline, sandboxed, on every route', async () => {
      const memory = await t.app.inject({
        method: 'POST',
        url: '/api/memories',
        headers: { cookie },
        payload: { title: 'Songs', content: 'x', eventDate: '1990-01-01', isPublic: false, tags: [] },
      });
      const [audio] = await post(`/api/memories/${memory.json().id}/attachments`, 'attachments', 'song.wav', wavFile(0.1));
      const photo = await post('/api/photos', 'photo', 'p.png', png);
      await post('/api/user/profile-picture', 'profilePicture', 'me.png', png);
      const cases: Array<[string, string, RegExp, string]> = [
        [audio.filePath, 'audio/wav', /^inline; filename="song.wav"/, 'private'],
        [await vaultFile('pic.png', png), 'image/png', /^inline; filename="pic.png"/, 'private, no-store'],
        [`/api/photos/image/${photo.id}`, 'image/png', /^inline$/, 'private, '],
        ['/api/user/profile-picture', 'image/jpeg', /^inline; filename="profile-picture.jpg"/, 'private, no-cache'],
      ];
      for (const [url, type, disposition, cache] of cases) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe(type);
        expect(res.headers['content-disposition'], url).toMatch(disposition);
        expect(res.headers['content-security-policy'], url).toBe(FILE_CSP);
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(String(res.headers['cache-control']), url).toContain(cache);
        expect(res.headers.etag, url).toMatch(/^".+"$/);
      }
    });

    it('an error while serving is plain JSON, never a file', async () => {
      const res = await get('/api/vault/999999');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
    });
  });
});
