// S3_PUBLIC_REDIRECT (decision 041): a file answer is a short-lived presigned link to the bucket carrying the
// headers heirloom would have sent; the pages may load pictures and videos from the bucket; what heirloom makes
// on the fly (a shared photo without its places) is still sent by heirloom.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipart, signUp, type TestApp } from '../helpers/server';
import { startLocalS3, type LocalS3 } from '../helpers/s3';

describe('files served by presigned redirect', () => {
  let s3: LocalS3;
  let t: TestApp;
  let cookie: string;
  let png: Buffer;

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await buildTestApp({ ...(await s3.newBucket()), S3_PUBLIC_REDIRECT: 'true' });
    cookie = (await signUp(t.app)).cookie;
    png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#963' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  async function post(url: string, field: string, filename: string, content: Buffer) {
    const body = multipart([{ name: field, filename, content }]);
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { id: number };
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('redirects a stored file to a presigned link that serves its bytes with heirloom’s type and name', async () => {
    const { id } = await post('/api/vault', 'file', 'Grandma’s recipe.txt', Buffer.from('two eggs, flour, patience'));
    const res = await get(`/api/vault/${id}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = String(res.headers.location);
    expect(location.startsWith(s3.endpoint)).toBe(true);
    expect(location).toContain('X-Amz-Expires=300');
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('two eggs, flour, patience');
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''Grandma%E2%80%99s%20recipe.txt");
  });

  it('redirects photos and their thumbnails once made, and the pages allow the bucket for images and media', async () => {
    const { id } = await post('/api/photos', 'photo', 'garden.png', png);
    const original = await get(`/api/photos/${id}/original`);
    expect(original.statusCode).toBe(302);
    expect(Buffer.from(await (await fetch(String(original.headers.location))).arrayBuffer())).toEqual(png);
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint.replace(/[.:/]/g, '\\$&')}`));
    expect(csp).toMatch(new RegExp(`media-src [^;]*${s3.endpoint.replace(/[.:/]/g, '\\$&')}`));
  });

  it('a missing object is still a 404 from heirloom, never a link to nothing', async () => {
    const { id } = await post('/api/vault', 'file', 'gone.txt', Buffer.from('soon gone'));
    const [row] = (await t.pool.query<{ file_path: string }>('SELECT file_path FROM vault_files WHERE id = $1', [id])).rows;
    await t.files.remove(row!.file_path);
    expect((await get(`/api/vault/${id}`)).statusCode).toBe(404);
  });
});
