import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB, VAULT_QUOTA_BYTES } from '@shared/limits';
import { memories, pendingFiles, vaultFiles } from '@server/db/schema';
import { buildTestApp, multipart, readStored, removeStored, signUp, storedFiles, tempFiles, type TestApp } from '@tests/helpers/server';
import { FILE_CSP, PDF_CSP } from '@server/lib/send-file';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('/api/vault', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  type Part = Parameters<typeof multipart>[0][number];
  const upload = (cookie: string, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/vault', headers: { cookie, ...body.headers }, payload: body.payload });
  };
  const uploadFile = (cookie: string, filename: string, content: Buffer, fields: Record<string, string> = {}) =>
    upload(cookie, [{ name: 'file', filename, content }, ...Object.entries(fields).map(([name, value]) => ({ name, value }))]);
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const del = (cookie: string, url: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } });

  const rowsOf = (userId: number) => t.db.select().from(vaultFiles).where(eq(vaultFiles.userId, userId));
  const filesOf = async (userId: number) => (await storedFiles(t)).filter((f) => f.startsWith(`users/${userId}/vault/`));
  const journal = () => t.db.select().from(pendingFiles);
  const newMemory = async (userId: number) => {
    const [row] = await t.db
      .insert(memories)
      .values({ userId, title: 'Summer', content: 'At the lake', eventDate: '2020-07-01' })
      .returning();
    return row!.id;
  };

  it('requires a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/vault'],
      ['GET', '/api/vault/usage'],
      ['POST', '/api/vault'],
      ['GET', '/api/vault/1'],
      ['DELETE', '/api/vault/1'],
      ['DELETE', '/api/vault/1/unlink'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('stores a document with its description and lists it with the usage', async () => {
    const { user, cookie } = await signUp(t.app);
    const res = await uploadFile(cookie, 'will.pdf', PDF, { description: '  My last will  ' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      originalName: 'will.pdf',
      fileSize: PDF.length,
      mimeType: 'application/pdf',
      description: 'My last will',
      memoryId: null,
      lastAccessedAt: null,
    });
    expect(created).not.toHaveProperty('filePath');
    expect(created.fileName).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    const list = await get(cookie, '/api/vault');
    expect(list.json()).toEqual([created]);
    expect((await get(cookie, '/api/vault/usage')).json()).toEqual({ usedBytes: PDF.length, quotaBytes: VAULT_QUOTA_BYTES });
    expect(await filesOf(user.id)).toHaveLength(1);
    expect(await readStored(t, (await filesOf(user.id))[0]!)).toEqual(PDF);
  });

  it("refuses a request without a file with 'Please select a file to upload'", async () => {
    const { user, cookie } = await signUp(t.app);
    const res = await upload(cookie, [{ name: 'description', value: 'nothing attached' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a file to upload');
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('refuses an empty file and keeps nothing', async () => {
    const { user, cookie } = await signUp(t.app);
    const res = await uploadFile(cookie, 'empty.txt', Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The selected file is empty');
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(await filesOf(user.id)).toHaveLength(0);
    expect(await tempFiles(t)).toHaveLength(0);
  });

  it("refuses 15 MB + 1 byte with 413 'File size must not exceed 15MB' and keeps nothing", async () => {
    const { user, cookie } = await signUp(t.app);
    const res = await uploadFile(cookie, 'big.bin', Buffer.alloc(15 * MB + 1, 7));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size must not exceed 15MB');
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(await filesOf(user.id)).toHaveLength(0);
    expect(await tempFiles(t)).toHaveLength(0);
  });

  it('accepts exactly 15 MB', async () => {
    const { user, cookie } = await signUp(t.app);
    const res = await uploadFile(cookie, 'exact.bin', Buffer.alloc(15 * MB));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileSize: 15 * MB, mimeType: 'application/octet-stream' });
    expect(await filesOf(user.id)).toHaveLength(1);
  });

  it('holds the 100 MB quota against 20 parallel 10 MB uploads and leaves nothing of the refused ones', async () => {
    const { user, cookie } = await signUp(t.app);
    const tenMb = Buffer.alloc(10 * MB, 1);
    for (let i = 0; i < 5; i++) expect((await uploadFile(cookie, `base-${i}.bin`, tenMb)).statusCode).toBe(201);
    expect((await get(cookie, '/api/vault/usage')).json().usedBytes).toBe(50 * MB);

    const body = multipart([{ name: 'file', filename: 'parallel.bin', content: tenMb }]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/vault', headers: { cookie, ...body.headers }, payload: body.payload }),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(5); // 50 MB + 5 × 10 MB = exactly 100 MB, still within the limit
    for (const r of refused) {
      expect(r.statusCode).toBe(413);
      expect(r.json().message).toBe('Upload would exceed total storage limit of 100MB');
    }
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(10);
    expect(rows.reduce((sum, r) => sum + r.fileSize, 0)).toBe(VAULT_QUOTA_BYTES);
    expect((await get(cookie, '/api/vault/usage')).json().usedBytes).toBe(VAULT_QUOTA_BYTES);
    expect((await filesOf(user.id)).sort()).toEqual(rows.map((r) => r.filePath).sort());
    expect(await tempFiles(t)).toHaveLength(0);
    expect(await journal()).toEqual([]);

    const oneMore = await uploadFile(cookie, 'one-byte.txt', Buffer.from('x'));
    expect(oneMore.statusCode).toBe(413);
    expect(oneMore.json().message).toBe('Upload would exceed total storage limit of 100MB');
  }, 120_000);

  it.each([
    ['page.html', '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'],
    ['image.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['prolog.svg', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
  ])('serves an uploaded %s only as a sandboxed attachment, never as a page', async (name, text) => {
    const { cookie } = await signUp(t.app);
    const created = (await uploadFile(cookie, name, Buffer.from(text), {})).json();
    const res = await get(cookie, `/api/vault/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(text);
    expect(res.headers['content-type']).not.toMatch(/html|svg|xml/);
    expect(res.headers['content-type']).toMatch(/^(text\/plain; charset=utf-8|application\/octet-stream)$/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(FILE_CSP);
    expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('lets PDFs and raster images open inline, still without script', async () => {
    const { cookie } = await signUp(t.app);
    const pdf = (await uploadFile(cookie, 'report.pdf', PDF)).json();
    const png = (await uploadFile(cookie, 'notes.txt', PNG_1PX)).json(); // the bytes decide, not the name
    expect(png.mimeType).toBe('image/png');

    const pdfRes = await get(cookie, `/api/vault/${pdf.id}`);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toBe(`inline; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(pdfRes.headers['content-security-policy']).toBe(PDF_CSP);
    expect(pdfRes.headers['content-security-policy']).not.toMatch(/script-src|'unsafe/);

    const pngRes = await get(cookie, `/api/vault/${png.id}`);
    expect(pngRes.headers['content-type']).toBe('image/png');
    expect(pngRes.headers['content-disposition']).toMatch(/^inline; /);
    expect(pngRes.headers['content-security-policy']).toBe(FILE_CSP);
    expect(pngRes.rawPayload).toEqual(PNG_1PX);
  });

  it('recognises text and binary data by their bytes', async () => {
    const { cookie } = await signUp(t.app);
    const text = (await uploadFile(cookie, 'diary.md', Buffer.from('Dear diary — today 🌞\n'))).json();
    const binary = (await uploadFile(cookie, 'diary.txt', Buffer.from([0x41, 0x00, 0xff, 0xfe, 0x10]))).json();
    expect(text.mimeType).toBe('text/plain');
    expect(binary.mimeType).toBe('application/octet-stream');
  });

  it('keeps a name with quotes, ../, non-Latin letters and emoji safe from list to download header', async () => {
    const { user, cookie } = await signUp(t.app);
    // Browsers send '"' as %22 in multipart file names (HTML form-data encoding) and the rest as raw UTF-8.
    const res = await uploadFile(cookie, "../%22Grandma's' (recipes)* Привет 日本 🎉.txt", Buffer.from('soup'));
    expect(res.statusCode).toBe(201);
    const expected = `"Grandma's' (recipes)* Привет 日本 🎉.txt`;
    expect(res.json().originalName).toBe(expected);
    expect((await get(cookie, '/api/vault')).json()[0].originalName).toBe(expected);
    expect((await filesOf(user.id))[0]).toMatch(/^users\/\d+\/vault\/[0-9a-f-]{36}\.txt$/);

    const download = await get(cookie, `/api/vault/${res.json().id}`);
    const header = download.headers['content-disposition'] as string;
    expect(header).toBe(
      `attachment; filename="_Grandma's' (recipes)* ______ __ _.txt"; filename*=UTF-8''%22Grandma%27s%27%20%28recipes%29%2A%20%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82%20%E6%97%A5%E6%9C%AC%20%F0%9F%8E%89.txt`,
    );
    expect(header).toMatch(/^[\x20-\x7e]+$/); // a header value must be plain ASCII
    expect(decodeURIComponent(header.split("filename*=UTF-8''")[1]!)).toBe(expected);
  });

  it("answers 404 for another user's file on GET, DELETE and unlink and changes nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const memoryId = await newMemory(owner.user.id);
    const created = (await uploadFile(owner.cookie, 'private.txt', Buffer.from('secret'), { memoryId: String(memoryId) })).json();
    expect(created.memoryId).toBe(memoryId);
    const before = await rowsOf(owner.user.id);

    for (const res of [
      await get(other.cookie, `/api/vault/${created.id}`),
      await del(other.cookie, `/api/vault/${created.id}`),
      await del(other.cookie, `/api/vault/${created.id}/unlink`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret');
    }
    expect(await rowsOf(owner.user.id)).toEqual(before); // memoryId kept, lastAccessedAt untouched
    expect(await filesOf(owner.user.id)).toHaveLength(1);
    expect((await get(other.cookie, '/api/vault')).json()).toEqual([]);
  });

  it('records lastAccessedAt when the file is downloaded', async () => {
    const { cookie } = await signUp(t.app);
    const created = (await uploadFile(cookie, 'a.txt', Buffer.from('hello'))).json();
    expect(created.lastAccessedAt).toBeNull();
    const head = await t.app.inject({ method: 'HEAD', url: `/api/vault/${created.id}`, headers: { cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-disposition']).toMatch(/^attachment; /);
    expect((await get(cookie, '/api/vault')).json()[0].lastAccessedAt).toBeNull(); // a HEAD is not a download
    const startedAt = Date.now();
    const res = await get(cookie, `/api/vault/${created.id}`);
    expect(res.body).toBe('hello');
    expect(res.headers['content-length']).toBe('5');
    const [listed] = (await get(cookie, '/api/vault')).json();
    expect(Date.parse(listed.lastAccessedAt)).toBeGreaterThanOrEqual(startedAt - 1000);
  });

  it('links a file to an own memory, unlinks it, and refuses a memory of another user with 404', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const ownMemory = await newMemory(owner.user.id);
    const foreignMemory = await newMemory(other.user.id);

    const refused = await uploadFile(owner.cookie, 'x.txt', Buffer.from('x'), { memoryId: String(foreignMemory) });
    expect(refused.statusCode).toBe(404);
    const missing = await uploadFile(owner.cookie, 'x.txt', Buffer.from('x'), { memoryId: '999999' });
    expect(missing.statusCode).toBe(404);
    expect(await rowsOf(owner.user.id)).toHaveLength(0);
    expect(await filesOf(owner.user.id)).toHaveLength(0);
    expect(await tempFiles(t)).toHaveLength(0);

    const linked = (await uploadFile(owner.cookie, 'x.txt', Buffer.from('x'), { memoryId: String(ownMemory) })).json();
    expect(linked.memoryId).toBe(ownMemory);
    const unlinked = await del(owner.cookie, `/api/vault/${linked.id}/unlink`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ id: linked.id, memoryId: null });
    expect(await filesOf(owner.user.id)).toHaveLength(1); // unlink keeps the file
  });

  it.each(['abc', '1.5', '-3', '0', '99999999999'])('refuses memoryId %s with 400 and keeps nothing', async (memoryId) => {
    const { user, cookie } = await signUp(t.app);
    const res = await uploadFile(cookie, 'x.txt', Buffer.from('x'), { memoryId });
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(await filesOf(user.id)).toHaveLength(0);
  });

  it('deletes the row and the file, then answers 404', async () => {
    const { user, cookie } = await signUp(t.app);
    const created = (await uploadFile(cookie, 'gone.txt', Buffer.from('bye'))).json();
    const res = await del(cookie, `/api/vault/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(await filesOf(user.id)).toHaveLength(0);
    expect(await journal()).toEqual([]);
    expect((await del(cookie, `/api/vault/${created.id}`)).statusCode).toBe(404);
    expect((await get(cookie, `/api/vault/${created.id}`)).statusCode).toBe(404);
    expect((await get(cookie, '/api/vault/usage')).json().usedBytes).toBe(0);
  });

  it('leaves neither row nor file when moving the file into place fails, before or after the rename', async () => {
    const { user, cookie } = await signUp(t.app);
    const realCommit = t.files.commit;
    try {
      t.files.commit = async () => {
        throw new Error('disk gone');
      };
      expect((await uploadFile(cookie, 'a.txt', Buffer.from('a'))).statusCode).toBe(500);
      // the rename happened, then the transaction failed: the file must be removed again
      t.files.commit = async (staged, key) => {
        await realCommit(staged, key);
        throw new Error('failed after rename');
      };
      expect((await uploadFile(cookie, 'b.txt', Buffer.from('b'))).statusCode).toBe(500);
    } finally {
      t.files.commit = realCommit;
    }
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(await filesOf(user.id)).toHaveLength(0);
    expect(await tempFiles(t)).toHaveLength(0);
    expect(await journal()).toEqual([]);
  });

  it('answers 404 (not 500) when a stored file has gone missing from disk', async () => {
    const { cookie } = await signUp(t.app);
    const created = (await uploadFile(cookie, 'lost.txt', Buffer.from('lost'))).json();
    const [row] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.id, created.id));
    await removeStored(t, row!.filePath);
    const res = await get(cookie, `/api/vault/${created.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('File not found');
  });
});
