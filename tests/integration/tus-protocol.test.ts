// The tus 1.0 protocol at its edges, over a real socket: what is not offered (concatenation, another version)
// is refused with the status the protocol names, in the app's error shape and without an error log; a chunk
// sent with Upload-Checksum is kept only when it matches, and a client that sends no checksum still uploads.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import nodePath from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

const ENDPOINT = '/api/imports/uploads';

describe('tus protocol edges', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    cookie = (await signUp(t.app)).cookie;
  });
  afterAll(() => t.close());

  const tus = (url: string, method: string, headers: Record<string, string> = {}, body?: Buffer) =>
    fetch(new URL(url, base), {
      method,
      headers: { cookie, 'tus-resumable': '1.0.0', ...headers },
      body: body ? new Uint8Array(body) : undefined,
    });
  const create = async (length: number) => {
    const res = await tus(ENDPOINT, 'POST', { 'upload-length': String(length) });
    expect(res.status).toBe(201);
    return res.headers.get('location')!;
  };
  const patch = (location: string, offset: number, body: Buffer, checksum?: string) =>
    tus(
      location,
      'PATCH',
      {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        ...(checksum && { 'upload-checksum': checksum }),
      },
      body,
    );
  const offsetOf = async (location: string) => (await tus(location, 'HEAD')).headers.get('upload-offset');
  const digest = (algorithm: string, data: Buffer) => `${algorithm} ${createHash(algorithm).update(data).digest('base64')}`;
  const stored = (location: string) => fs.readFileSync(nodePath.join(t.files.localPath('import-uploads'), location.split('/').pop()!));

  it('refuses concatenation with a 400 in the error shape, and logs no error', async () => {
    const errors = vi.spyOn(t.app.log, 'error');
    try {
      for (const concat of ['partial', `final;${ENDPOINT}/0123456789abcdef0123456789abcdef`]) {
        const res = await tus(ENDPOINT, 'POST', { 'upload-length': '10', 'upload-concat': concat });
        expect(res.status, concat).toBe(400);
        expect(await res.json()).toEqual({ message: expect.stringContaining('concatenation'), code: 'TUS_CONCATENATION' });
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('answers another protocol version with 412 and the version it speaks', async () => {
    const res = await tus(ENDPOINT, 'POST', { 'upload-length': '10', 'tus-resumable': '0.2.2' });
    expect(res.status).toBe(412);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(await res.json()).toMatchObject({ code: 'TUS_VERSION' });
  });

  it('offers the checksum extension and says which algorithms', async () => {
    const res = await fetch(new URL(ENDPOINT, base), { method: 'OPTIONS', headers: { cookie } });
    expect(res.status).toBe(204);
    const extensions = res.headers.get('tus-extension')!.split(',');
    expect(extensions).toContain('checksum');
    expect(extensions).not.toContain('concatenation');
    expect(extensions).not.toContain('creation-defer-length');
    expect(res.headers.get('tus-checksum-algorithm')!.split(',')).toContain('sha1');
    expect(res.headers.get('access-control-allow-origin')).toBeNull(); // same-origin pages only
  });

  it('keeps a chunk only when it matches its Upload-Checksum', async () => {
    const data = Buffer.from('a family video, in two chunks of bytes');
    const half = 16;
    const location = await create(data.length);
    const first = data.subarray(0, half);

    const damaged = Buffer.from(first);
    damaged[3] = damaged[3]! ^ 0xff;
    const mismatch = await patch(location, 0, damaged, digest('sha1', first));
    expect(mismatch.status).toBe(460);
    expect(await mismatch.json()).toMatchObject({ code: 'CHECKSUM_MISMATCH' });
    expect(await offsetOf(location)).toBe('0');

    const unknown = await patch(location, 0, first, `md5 ${createHash('md5').update(first).digest('base64')}`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'CHECKSUM_ALGORITHM' });
    expect(await offsetOf(location)).toBe('0');

    expect((await patch(location, 0, first, digest('sha1', first))).status).toBe(204);
    expect(await offsetOf(location)).toBe(String(half));
    expect((await patch(location, half, data.subarray(half), digest('sha256', data.subarray(half)))).status).toBe(204);
    expect(stored(location)).toEqual(data);
  });

  it('still takes chunks sent without a checksum', async () => {
    const data = Buffer.from('no checksum here');
    const location = await create(data.length);
    expect((await patch(location, 0, data)).status).toBe(204);
    expect(await offsetOf(location)).toBe(String(data.length));
    expect(stored(location)).toEqual(data);
  });

  it("another user's upload id is 404 with a checksum too, and nothing of the chunk is read into the upload", async () => {
    const data = Buffer.from('mine');
    const location = await create(data.length);
    const other = await signUp(t.app);
    const res = await fetch(new URL(location, base), {
      method: 'PATCH',
      headers: {
        cookie: other.cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'upload-checksum': digest('sha1', data),
      },
      body: new Uint8Array(data),
    });
    expect(res.status).toBe(404);
    expect(await offsetOf(location)).toBe('0');
  });
});
