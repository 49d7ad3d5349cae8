import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '@shared/limits';
import { memoryAttachments, memories, photos, vaultFiles } from '@server/db/schema';
import { newFileKey } from '@server/lib/file-store';
import { buildTestApp, multipart, readStored, signUp, storedFiles, type TestApp } from '@tests/helpers/server';
import { jpegFile, mp3File, oversizedJpeg, pngFile, wavFile } from './memories.test-files';

type User = Awaited<ReturnType<typeof signUp>>;

const memoryInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Summer at the lake',
  content: 'We swam every morning.\nDad grilled fish.',
  eventDate: '1994-07-16',
  isPublic: false,
  tags: ['Family'],
  location: 'Lake Tahoe',
  ...overrides,
});

describe('/api/memories', () => {
  let t: TestApp;
  let owner: User;
  let other: User;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app);
    other = await signUp(t.app);
  });
  afterAll(() => t.close());

  const create = async (user: User, overrides: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { cookie: user.cookie },
      payload: memoryInput(overrides),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; tags: string[] };
  };

  const upload = (user: User, memoryId: number, files: Array<{ filename: string; content: Buffer; contentType?: string }>) => {
    const body = multipart(files.map((f) => ({ name: 'attachments', ...f })));
    return t.app.inject({
      method: 'POST',
      url: `/api/memories/${memoryId}/attachments`,
      headers: { cookie: user.cookie, ...body.headers },
      payload: body.payload,
    });
  };

  /** A gallery photo or vault file of a user, inserted directly with its file on disk (those features own the upload). */
  async function insertPhoto(user: User, memoryId: number | null = null) {
    const key = newFileKey(user.user.id, 'photos', 'jpg');
    const content = await jpegFile();
    await t.files.writeBuffer(key, content);
    const [row] = await t.db
      .insert(photos)
      .values({
        userId: user.user.id,
        memoryId,
        filePath: key,
        fileName: 'beach.jpg',
        fileSize: content.length,
        mimeType: 'image/jpeg',
        title: 'Beach',
      })
      .returning();
    return row!;
  }
  async function insertVaultFile(user: User, memoryId: number | null = null) {
    const key = newFileKey(user.user.id, 'vault', 'pdf');
    const content = Buffer.from('%PDF-1.4\n%%EOF\n');
    await t.files.writeBuffer(key, content);
    const [row] = await t.db
      .insert(vaultFiles)
      .values({
        userId: user.user.id,
        memoryId,
        fileName: 'will.pdf',
        originalName: 'Will 1998.pdf',
        filePath: key,
        fileSize: content.length,
        mimeType: 'application/pdf',
      })
      .returning();
    return row!;
  }

  it('requires a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/memories'],
      ['POST', '/api/memories'],
      ['POST', '/api/memories/analyze'],
      ['GET', '/api/memories/1/attachments'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ content: '' }, 'Content is required'],
    [{ content: undefined }, 'Content is required'],
    [{ eventDate: '2021-02-30' }, 'Please enter a valid date'],
    [{ eventDate: '16/07/1994' }, 'Please enter a valid date'],
  ])('refuses %o with the spec message and stores nothing', async (override, message) => {
    const before = (await t.db.select().from(memories)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { cookie: owner.cookie },
      payload: memoryInput(override),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.db.select().from(memories)).length).toBe(before);
  });

  it('trims tags, drops empty ones and keeps the first of duplicates (any case)', async () => {
    const created = await create(owner, { tags: ['  Family ', 'family', '', '   ', 'Lake  Tahoe', 'FAMILY', 'Summer'] });
    expect(created.tags).toEqual(['Family', 'Lake Tahoe', 'Summer']);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/memories/${created.id}`,
      headers: { cookie: owner.cookie },
      payload: { tags: [' a ', 'A', 'b'] },
    });
    expect(patched.json().tags).toEqual(['a', 'b']);
  });

  it('defaults isPublic to false and tags to empty, and stores an empty location as none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { cookie: owner.cookie },
      payload: { title: 'First steps', content: 'She walked!', eventDate: '2001-03-04', location: '  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'First steps',
      isPublic: false,
      tags: [],
      location: null,
      eventDate: '2001-03-04',
      attachments: [],
    });
  });

  it('lists only the caller’s memories, newest event first, with content line breaks kept', async () => {
    const user = await signUp(t.app);
    await create(user, { title: 'Old', eventDate: '1950-01-01' });
    await create(user, { title: 'New', eventDate: '2020-05-05' });
    await create(user, { title: 'Middle', eventDate: '1990-09-09' });
    await create(other, { title: 'Not yours', eventDate: '2024-01-01' });
    const res = await t.app.inject({ method: 'GET', url: '/api/memories', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { title: string }) => m.title)).toEqual(['New', 'Middle', 'Old']);
    expect(res.json()[0].content).toBe('We swam every morning.\nDad grilled fish.');
  });

  it('updates only the fields sent and validates them with the spec messages', async () => {
    const created = await create(owner);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/memories/${created.id}`,
      headers: { cookie: owner.cookie },
      payload: { title: 'Winter at the lake', location: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Winter at the lake',
      content: 'We swam every morning.\nDad grilled fish.',
      location: null,
      eventDate: '1994-07-16',
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/memories/${created.id}`,
      headers: { cookie: owner.cookie },
      payload: { content: ' ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Content is required');
  });

  it('answers 404 for another user’s memory and changes nothing', async () => {
    const created = await create(owner, { title: 'Mine' });
    const asOther = { cookie: other.cookie };
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/memories/${created.id}`,
      headers: asOther,
      payload: { title: 'Stolen' },
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/memories/${created.id}`, headers: asOther });
    const list = await t.app.inject({ method: 'GET', url: `/api/memories/${created.id}/attachments`, headers: asOther });
    const up = await upload(other, created.id, [{ filename: 'a.jpg', content: await jpegFile() }]);
    expect([patch.statusCode, del.statusCode, list.statusCode, up.statusCode]).toEqual([404, 404, 404, 404]);
    const [row] = await t.db.select().from(memories).where(eq(memories.id, created.id));
    expect(row!.title).toBe('Mine');
    expect((await storedFiles(t)).filter((f) => f.includes(`users/${other.user.id}/`))).toEqual([]);
  });

  it('refuses ids that are not numbers or out of range as not found', async () => {
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/memories/${id}`,
        headers: { cookie: owner.cookie },
        payload: { title: 'x' },
      });
      expect(res.statusCode, id).toBe(404); // a malformed id names nothing: the same answer as an unknown id
      expect(res.json().message).toBe('Not found');
    }
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/memories/2147483647',
      headers: { cookie: owner.cookie },
      payload: { title: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  describe('attachments', () => {
    it('stores images and audio recognised by their bytes and lists them in the spec shape', async () => {
      const memory = await create(owner);
      const jpeg = await jpegFile();
      const wav = wavFile();
      const mp3 = mp3File();
      const png = await pngFile();
      // Names and declared types lie: the bytes decide.
      const res = await upload(owner, memory.id, [
        { filename: 'holiday.jpg', content: jpeg, contentType: 'image/jpeg' },
        { filename: 'grandpa-singing.wav', content: wav, contentType: 'application/octet-stream' },
        { filename: 'voice note.mp3', content: mp3, contentType: 'audio/mpeg' },
        { filename: 'drawing.gif', content: png, contentType: 'image/gif' },
      ]);
      expect(res.statusCode).toBe(201);
      const list = await t.app.inject({ method: 'GET', url: `/api/memories/${memory.id}/attachments`, headers: { cookie: owner.cookie } });
      const attachments = list.json() as Array<Record<string, string>>;
      expect(attachments).toHaveLength(4);
      expect(attachments.map((a) => [a.fileName, a.mimeType, a.fileSize])).toEqual([
        ['holiday.jpg', 'image/jpeg', String(jpeg.length)],
        ['grandpa-singing.wav', 'audio/wav', String(wav.length)],
        ['voice note.mp3', 'audio/mpeg', String(mp3.length)],
        ['drawing.gif', 'image/png', String(png.length)],
      ]);
      for (const a of attachments) {
        expect(a.id).toMatch(/^\d+$/);
        expect(a.filePath).toBe(`/api/memories/${memory.id}/attachments/${a.id}/file`);
        expect(a).not.toHaveProperty('type');
      }
      // The memory list carries them too, so cards can show them.
      const memoriesList = await t.app.inject({ method: 'GET', url: '/api/memories', headers: { cookie: owner.cookie } });
      expect(memoriesList.json().find((m: { id: number }) => m.id === memory.id).attachments).toHaveLength(4);
      // Stored under generated names, never the user's.
      const rows = await t.db.select().from(memoryAttachments).where(eq(memoryAttachments.memoryId, memory.id));
      for (const row of rows)
        expect(row.filePath).toMatch(new RegExp(`^users/${owner.user.id}/attachments/[0-9a-f-]{36}\\.(jpg|wav|mp3|png)$`));
    });

    it('serves an attachment to its owner with its type, nosniff, private caching and byte ranges', async () => {
      const memory = await create(owner);
      const wav = wavFile(0.5);
      const [attachment] = (await upload(owner, memory.id, [{ filename: 'song.wav', content: wav }])).json();
      const url = attachment.filePath as string;

      const full = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('audio/wav');
      expect(full.headers['x-content-type-options']).toBe('nosniff');
      expect(full.headers['cache-control']).toBe('private');
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(full.rawPayload.equals(wav)).toBe(true);

      const part = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie, range: 'bytes=10-19' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-19/${wav.length}`);
      expect(part.rawPayload.equals(wav.subarray(10, 20))).toBe(true);

      const tail = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie, range: 'bytes=-4' } });
      expect(tail.rawPayload.equals(wav.subarray(wav.length - 4))).toBe(true);

      const beyond = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie, range: `bytes=${wav.length}-` } });
      expect(beyond.statusCode).toBe(416);

      const cached = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: owner.cookie, 'if-none-match': full.headers.etag as string },
      });
      expect(cached.statusCode).toBe(304);

      const stranger = await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
      expect(stranger.statusCode).toBe(404);
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
    });

    it('refuses a file over 15 MB with 413 and leaves nothing behind', async () => {
      const memory = await create(owner);
      const before = await storedFiles(t);
      const res = await upload(owner, memory.id, [
        { filename: 'small.jpg', content: await jpegFile() },
        { filename: 'huge.jpg', content: await oversizedJpeg(ATTACHMENT_MAX_BYTES + 1) },
      ]);
      expect(res.statusCode).toBe(413);
      expect(await storedFiles(t)).toEqual(before);
      expect(await t.db.select().from(memoryAttachments).where(eq(memoryAttachments.memoryId, memory.id))).toEqual([]);
    });

    it('accepts a file of exactly 15 MB', async () => {
      const memory = await create(owner);
      const res = await upload(owner, memory.id, [{ filename: 'big.jpg', content: await oversizedJpeg(ATTACHMENT_MAX_BYTES) }]);
      expect(res.statusCode).toBe(201);
      expect(res.json()[0].fileSize).toBe(String(ATTACHMENT_MAX_BYTES));
    });

    it('refuses a sixth file with 400 and leaves nothing behind', async () => {
      const memory = await create(owner);
      const before = await storedFiles(t);
      const jpeg = await jpegFile();
      const res = await upload(
        owner,
        memory.id,
        Array.from({ length: 6 }, (_, i) => ({ filename: `p${i}.jpg`, content: jpeg })),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Too many files. Upload at most 5 attachments at a time.');
      expect(await storedFiles(t)).toEqual(before);
      expect(await t.db.select().from(memoryAttachments).where(eq(memoryAttachments.memoryId, memory.id))).toEqual([]);
    });

    it('refuses a file that is not an image or audio, whatever its name, and keeps none of the batch', async () => {
      const memory = await create(owner);
      const before = await storedFiles(t);
      const res = await upload(owner, memory.id, [
        { filename: 'ok.jpg', content: await jpegFile() },
        { filename: 'notes.mp3', content: Buffer.from('just some text pretending to be audio'), contentType: 'audio/mpeg' },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/^File type must be/);
      expect(await storedFiles(t)).toEqual(before);
    });

    it('removes the files it wrote when the database refuses the rows', async () => {
      // A trigger makes the insert fail after the files were committed to disk.
      await t.pool.query(`
        CREATE OR REPLACE FUNCTION refuse_explosive() RETURNS trigger AS $$
        BEGIN
          IF NEW.file_name = 'explode.jpg' THEN RAISE EXCEPTION 'refused by test'; END IF;
          IF NEW.file_name = 'vanish.jpg' THEN DELETE FROM memories WHERE id = NEW.memory_id; END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse_explosive BEFORE INSERT ON memory_attachments FOR EACH ROW EXECUTE FUNCTION refuse_explosive();
      `);
      try {
        const memory = await create(owner);
        const before = await storedFiles(t);
        const jpeg = await jpegFile();
        const failed = await upload(owner, memory.id, [
          { filename: 'fine.jpg', content: jpeg },
          { filename: 'explode.jpg', content: jpeg },
        ]);
        expect(failed.statusCode).toBe(500);
        expect(await storedFiles(t)).toEqual(before);

        // The memory is deleted while its files upload: 404, and nothing is left behind.
        const vanishing = await create(owner);
        const gone = await upload(owner, vanishing.id, [{ filename: 'vanish.jpg', content: jpeg }]);
        expect(gone.statusCode).toBe(404);
        expect(await storedFiles(t)).toEqual(before);
      } finally {
        await t.pool.query('DROP TRIGGER refuse_explosive ON memory_attachments; DROP FUNCTION refuse_explosive();');
      }
    });

    it('refuses an upload with no files', async () => {
      const memory = await create(owner);
      const body = multipart([{ name: 'note', value: 'hello' }]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/memories/${memory.id}/attachments`,
        headers: { cookie: owner.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('No files selected');
    });

    it('keeps a HEIC attachment as uploaded and serves it as a JPEG copy every browser can show', async () => {
      const heic = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../tests/fixtures/files/tiny.heic'));
      const memory = await create(owner);
      const filesBefore = await storedFiles(t);
      const res = await upload(owner, memory.id, [{ filename: 'IMG_0001.HEIC', content: heic, contentType: 'image/heic' }]);
      expect(res.statusCode, res.body).toBe(201);
      const [attachment] = res.json() as Array<{ id: string; mimeType: string; fileSize: string }>;
      expect(attachment!.mimeType).toBe('image/heic');
      expect(attachment!.fileSize).toBe(String(heic.length));
      const added = (await storedFiles(t)).filter((f) => !filesBefore.includes(f));
      expect(added).toHaveLength(2); // the original and its JPEG copy

      const file = await t.app.inject({
        method: 'GET',
        url: `/api/memories/${memory.id}/attachments/${attachment!.id}/file`,
        headers: { cookie: owner.cookie },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
      const original = added.find((f) => !f.endsWith('.display.jpg'))!;
      expect((await readStored(t, original)).equals(heic)).toBe(true);

      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/memories/${memory.id}/attachments/${attachment!.id}`,
        headers: { cookie: owner.cookie },
      });
      expect(del.statusCode).toBe(204);
      expect(await storedFiles(t)).toEqual(filesBefore);
    });

    it('deletes an own attachment and its file; another user gets 404 and nothing changes', async () => {
      const memory = await create(owner);
      const [a, b] = (
        await upload(owner, memory.id, [
          { filename: 'a.jpg', content: await jpegFile() },
          { filename: 'b.wav', content: wavFile() },
        ])
      ).json();
      const filesBefore = await storedFiles(t);

      const stolen = await t.app.inject({
        method: 'DELETE',
        url: `/api/memories/${memory.id}/attachments/${a.id}`,
        headers: { cookie: other.cookie },
      });
      expect(stolen.statusCode).toBe(404);
      expect(await storedFiles(t)).toEqual(filesBefore);

      // Right attachment, wrong memory of the same user: 404 as well.
      const otherMemory = await create(owner);
      const mismatched = await t.app.inject({
        method: 'DELETE',
        url: `/api/memories/${otherMemory.id}/attachments/${a.id}`,
        headers: { cookie: owner.cookie },
      });
      expect(mismatched.statusCode).toBe(404);

      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/memories/${memory.id}/attachments/${a.id}`,
        headers: { cookie: owner.cookie },
      });
      expect(res.statusCode).toBe(204);
      const left = (
        await t.app.inject({ method: 'GET', url: `/api/memories/${memory.id}/attachments`, headers: { cookie: owner.cookie } })
      ).json();
      expect(left.map((x: { id: string }) => x.id)).toEqual([b.id]);
      expect((await storedFiles(t)).length).toBe(filesBefore.length - 1);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/memories/${memory.id}/attachments/${a.id}`,
        headers: { cookie: owner.cookie },
      });
      expect(again.statusCode).toBe(404);
    });

    it('deleting a memory removes its own files but only unlinks gallery photos and vault files', async () => {
      const memory = await create(owner);
      await upload(owner, memory.id, [{ filename: 'a.jpg', content: await jpegFile() }]);
      const photo = await insertPhoto(owner, memory.id);
      const vault = await insertVaultFile(owner, memory.id);
      const filesBefore = await storedFiles(t);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/memories/${memory.id}`, headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(204);
      expect((await storedFiles(t)).length).toBe(filesBefore.length - 1);
      expect(await storedFiles(t)).toContain(photo.filePath);
      expect(await storedFiles(t)).toContain(vault.filePath);
      const [p] = await t.db.select().from(photos).where(eq(photos.id, photo.id));
      const [v] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.id, vault.id));
      expect([p!.memoryId, v!.memoryId]).toEqual([null, null]);
    });
  });

  describe('linked gallery photos and vault files', () => {
    it('lists linked photos and vault files with p- and v- ids next to own files', async () => {
      const memory = await create(owner);
      await upload(owner, memory.id, [{ filename: 'own.jpg', content: await jpegFile() }]);
      const photo = await insertPhoto(owner, memory.id);
      const vault = await insertVaultFile(owner, memory.id);
      await insertPhoto(owner, null); // not linked: not listed
      const res = await t.app.inject({ method: 'GET', url: `/api/memories/${memory.id}/attachments`, headers: { cookie: owner.cookie } });
      expect(res.json()).toEqual([
        expect.objectContaining({ fileName: 'own.jpg', mimeType: 'image/jpeg' }),
        {
          id: `p-${photo.id}`,
          fileName: 'beach.jpg',
          fileSize: String(photo.fileSize),
          mimeType: 'image/jpeg',
          filePath: `/api/photos/image/${photo.id}`,
          type: 'photo',
        },
        {
          id: `v-${vault.id}`,
          fileName: 'Will 1998.pdf',
          fileSize: String(vault.fileSize),
          mimeType: 'application/pdf',
          filePath: `/api/vault/${vault.id}`,
          type: 'vault',
        },
      ]);
    });

    it('links the caller’s photos and vault files from the picker', async () => {
      const memory = await create(owner);
      const photo = await insertPhoto(owner);
      const vault = await insertVaultFile(owner);
      const candidates = await t.app.inject({
        method: 'GET',
        url: `/api/memories/${memory.id}/link-candidates`,
        headers: { cookie: owner.cookie },
      });
      expect(candidates.json().photos.map((p: { id: number }) => p.id)).toContain(photo.id);
      expect(candidates.json().vaultFiles.map((v: { id: number }) => v.id)).toContain(vault.id);
      expect(JSON.stringify(candidates.json())).not.toContain('users/'); // no storage keys

      const res = await t.app.inject({
        method: 'POST',
        url: `/api/memories/${memory.id}/links`,
        headers: { cookie: owner.cookie },
        payload: { photoIds: [photo.id, photo.id], vaultFileIds: [vault.id] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((a: { id: string }) => a.id)).toEqual([`p-${photo.id}`, `v-${vault.id}`]);
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/memories/${memory.id}/link-candidates`,
        headers: { cookie: owner.cookie },
      });
      expect(after.json().photos.map((p: { id: number }) => p.id)).not.toContain(photo.id);
    });

    it('links nothing and answers 404 when any photo, vault file or the memory is another user’s', async () => {
      const memory = await create(owner);
      const mine = await insertPhoto(owner);
      const theirs = await insertPhoto(other);
      const theirVault = await insertVaultFile(other);
      const theirMemory = await create(other);
      const link = (memoryId: number, payload: object, cookie = owner.cookie) =>
        t.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/links`, headers: { cookie }, payload });

      expect((await link(memory.id, { photoIds: [mine.id, theirs.id] })).statusCode).toBe(404);
      expect((await link(memory.id, { vaultFileIds: [theirVault.id] })).statusCode).toBe(404);
      expect((await link(theirMemory.id, { photoIds: [mine.id] })).statusCode).toBe(404);
      expect((await link(memory.id, { photoIds: [] })).statusCode).toBe(400);

      const rows = await t.db.select().from(photos);
      expect(rows.find((p) => p.id === mine.id)!.memoryId).toBeNull();
      expect(rows.find((p) => p.id === theirs.id)!.memoryId).toBeNull();
      const [v] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.id, theirVault.id));
      expect(v!.memoryId).toBeNull();
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/memories/${theirMemory.id}/link-candidates`, headers: { cookie: owner.cookie } }))
          .statusCode,
      ).toBe(404);
    });

    it('deleting a p- or v- attachment unlinks it and keeps the photo, the vault file and their files', async () => {
      const memory = await create(owner);
      const photo = await insertPhoto(owner, memory.id);
      const vault = await insertVaultFile(owner, memory.id);
      const filesBefore = await storedFiles(t);

      for (const id of [`p-${photo.id}`, `v-${vault.id}`]) {
        const stranger = await t.app.inject({
          method: 'DELETE',
          url: `/api/memories/${memory.id}/attachments/${id}`,
          headers: { cookie: other.cookie },
        });
        expect(stranger.statusCode).toBe(404);
      }
      expect((await t.db.select().from(photos).where(eq(photos.id, photo.id)))[0]!.memoryId).toBe(memory.id);

      for (const id of [`p-${photo.id}`, `v-${vault.id}`]) {
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/memories/${memory.id}/attachments/${id}`,
          headers: { cookie: owner.cookie },
        });
        expect(res.statusCode).toBe(204);
      }
      expect((await t.db.select().from(photos).where(eq(photos.id, photo.id)))[0]!.memoryId).toBeNull();
      expect((await t.db.select().from(vaultFiles).where(eq(vaultFiles.id, vault.id)))[0]!.memoryId).toBeNull();
      expect(await storedFiles(t)).toEqual(filesBefore);
      const list = await t.app.inject({ method: 'GET', url: `/api/memories/${memory.id}/attachments`, headers: { cookie: owner.cookie } });
      expect(list.json()).toEqual([]);
    });

    it('does not show another user’s photo linked (by a bad row) to my memory', async () => {
      const memory = await create(owner);
      await insertPhoto(other, memory.id);
      const res = await t.app.inject({ method: 'GET', url: `/api/memories/${memory.id}/attachments`, headers: { cookie: owner.cookie } });
      expect(res.json()).toEqual([]);
    });

    it('refuses malformed attachment ids as not found', async () => {
      const memory = await create(owner);
      for (const id of ['x-1', 'p-', 'p-abc', '1.5', 'p-0']) {
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/memories/${memory.id}/attachments/${id}`,
          headers: { cookie: owner.cookie },
        });
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe('Not found');
      }
      const linkedFile = await t.app.inject({
        method: 'GET',
        url: `/api/memories/${memory.id}/attachments/p-1/file`,
        headers: { cookie: owner.cookie },
      });
      expect(linkedFile.statusCode).toBe(404); // linked files are served by the photos and vault features
    });
  });
});
