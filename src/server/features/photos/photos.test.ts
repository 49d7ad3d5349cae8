import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import type { Photo } from '@shared/schemas/photos';
import { buildApp } from '@server/app';
import { memories, pendingFiles, photos, users } from '@server/db/schema';
import {
  buildTestApp,
  multipart,
  onS3,
  readStored,
  removeStored,
  signUp,
  storedFiles,
  tempFiles,
  writeStored,
  type TestApp,
} from '@tests/helpers/server';
import { createImageCache } from './image-cache';
import { createPhotosRepo } from './photos.repo';
import { createStorageService } from '../storage/storage.service';
import { createPhotosService } from './photos.service';
import type { DerivativeQueue } from './derivative-queue';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/files');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function hasExiftool() {
  try {
    execFileSync('exiftool', ['-ver'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A JPEG stamped like a phone photo: taken 2019-07-04 15:30 at +02:00, in Paris, with an iPhone. */
async function phoneJpeg(orientation = 1, width = 60, height = 20): Promise<Buffer> {
  const plain = await sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  if (hasExiftool()) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-exif-'));
    const file = path.join(dir, 'photo.jpg');
    fs.writeFileSync(file, plain);
    execFileSync('exiftool', [
      '-overwrite_original',
      '-n',
      '-DateTimeOriginal=2019:07:04 15:30:00',
      '-OffsetTimeOriginal=+02:00',
      '-Make=Apple',
      '-Model=iPhone 12 Pro',
      '-GPSLatitude=48.8584',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=2.2945',
      '-GPSLongitudeRef=E',
      `-Orientation=${orientation}`,
      file,
    ]);
    const stamped = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true, force: true });
    return stamped;
  }
  return sharp(plain)
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 12 Pro' },
      IFD2: { DateTimeOriginal: '2019:07:04 15:30:00', OffsetTimeOriginal: '+02:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 3024/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4020/100' },
    })
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();
}

const image = (format: 'jpeg' | 'png' | 'gif' | 'webp', width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: '#c0503a' } })
    .toFormat(format)
    .toBuffer();

function crc32(buf: Buffer) {
  let crc = ~0;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A few hundred bytes of PNG whose header claims 50,000 × 50,000 pixels (10 GB once decoded). */
async function decompressionBomb() {
  const png = Buffer.from(await image('png', 8, 8));
  png.writeUInt32BE(50_000, 16);
  png.writeUInt32BE(50_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('/api/photos', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    // The helper drops the database WITH (FORCE) right after pool.end(), which resolves before idle sockets
    // are closed: those then report "terminating connection" (57P01). Expected at teardown; not a failure.
    t.pool.on('error', () => {});
    await t.close();
  });

  const upload = (cookie: string, content: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') => {
    const body = multipart([{ name: 'photo', filename, content, contentType }]);
    return t.app.inject({ method: 'POST', url: '/api/photos', headers: { cookie, ...body.headers }, payload: body.payload });
  };
  const list = async (cookie: string, sortBy?: string): Promise<Photo[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/photos${sortBy ? `?sortBy=${sortBy}` : ''}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const getImage = (cookie: string, id: number, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/photos/image/${id}${query}`, headers: { cookie, ...headers } });
  async function waitForDerivatives(cookie: string, id: number): Promise<Photo> {
    for (let i = 0; i < 200; i++) {
      const photo = (await list(cookie)).find((p) => p.id === id);
      if (photo && photo.derivativeStatus !== 'pending') return photo;
      await sleep(50);
    }
    throw new Error(`photo ${id} stayed pending`);
  }
  /** Fast-forwards the queue's backoff (5 s, 10 s, 20 s) until the photo's last try has failed. */
  async function untilFailed(id: number) {
    for (let i = 0; i < 300; i++) {
      await t.pool.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'photo.derivatives' AND state = 'retry'`);
      const { rows } = await t.pool.query(`SELECT derivative_status FROM photos WHERE id = $1`, [id]);
      if (rows[0]?.derivative_status === 'failed') return;
      await sleep(100);
    }
    throw new Error(`photo ${id} never failed`);
  }
  const filesOf = async (userId: number) => (await storedFiles(t)).filter((f) => f.startsWith(`users/${userId}/`));
  const uploaded = async (cookie: string, content: Buffer, filename?: string, contentType?: string): Promise<Photo> => {
    const res = await upload(cookie, content, filename, contentType);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/photos' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/photos/image/1' })).statusCode).toBe(401);
  });

  it.each([
    ['jpeg', 'image/jpeg', 'holiday.jpg'],
    ['png', 'image/png', 'scan.png'],
    ['gif', 'image/gif', 'party.gif'],
    ['webp', 'image/webp', 'shared.webp'],
  ] as const)('stores a %s upload with a thumbnail and a mobile size', async (format, mime, name) => {
    const { cookie, user } = await signUp(t.app);
    const content = await image(format);
    const photo = await uploaded(cookie, content, name, mime);
    expect(photo).toMatchObject({
      userId: user.id,
      fileName: name,
      mimeType: mime,
      fileSize: String(content.length),
      title: null,
      memoryId: null,
      isPublic: false,
      width: 1600,
      height: 1200,
      filePath: `/api/photos/image/${photo.id}`,
    });
    expect((await waitForDerivatives(cookie, photo.id)).derivativeStatus).toBe('ready');

    const thumb = await getImage(cookie, photo.id, '?size=thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    const mobile = await getImage(cookie, photo.id, '?mobile=true');
    expect(mobile.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(mobile.rawPayload).metadata()).toMatchObject({ width: 1280, height: 960 });
    const full = await getImage(cookie, photo.id, '?t=123');
    expect(full.headers['content-type']).toBe(mime);
    expect(full.rawPayload.equals(content)).toBe(true);
    // the original is kept under a generated name; the user's name is only the fileName
    expect((await filesOf(user.id)).every((f) => !f.includes(name))).toBe(true);
    expect(await filesOf(user.id)).toHaveLength(3);
  });

  it('converts a HEIC to a JPEG a browser can show, with its EXIF read', async () => {
    const { cookie, user } = await signUp(t.app);
    const heic = fs.readFileSync(path.join(FIXTURES, 'tiny.heic'));
    const photo = await uploaded(cookie, heic, 'IMG_0001.HEIC', 'application/octet-stream');
    expect(photo).toMatchObject({
      mimeType: 'image/heic',
      width: 160,
      height: 120,
      cameraInfo: 'Apple iPhone 13',
      dateTaken: '2021-12-25T13:15:00.000Z', // 08:15 at -05:00
      location: '40.712800, -74.006000',
    });
    // asked for at once: the request waits up to 2 s for the conversion; if the (cold) decoder needs longer,
    // the answer is 503 with Retry-After: 2, and the client's one retry after 2 s gets the JPEG
    let full = await getImage(cookie, photo.id, '?cachebust=1');
    if (full.statusCode === 503) {
      expect(full.headers['retry-after']).toBe('2');
      expect(full.headers['cache-control']).toBe('no-store');
      await sleep(2000);
      full = await getImage(cookie, photo.id, '?cachebust=2');
    }
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
    const thumb = await getImage(cookie, photo.id, '?size=thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    const mobile = await getImage(cookie, photo.id, '?mobile=true');
    expect(mobile.headers['content-type']).toBe('image/jpeg');
    expect((await filesOf(user.id)).sort().map((f) => f.replace(/^.*\.heic/, ''))).toEqual([
      '',
      '.display.jpg',
      '.mobile.jpg',
      '.thumb.webp',
    ]);
  });

  it('judges a file by its bytes, not its name or claimed type', async () => {
    const { cookie, user } = await signUp(t.app);
    const text = await upload(cookie, Buffer.from('just some text, honest'), 'notes.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Only JPEG, PNG, GIF, WebP and HEIC/HEIF photos can be uploaded');
    const pdf = await upload(cookie, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'scan.png', 'image/png');
    expect(pdf.statusCode).toBe(415);
    expect(await filesOf(user.id)).toEqual([]);

    const png = await uploaded(cookie, await image('png', 40, 30), 'really-a-png.jpg', 'image/jpeg');
    expect(png.mimeType).toBe('image/png');
    expect((await getImage(cookie, png.id)).headers['content-type']).toBe('image/png');
  });

  it('refuses 10 MB + 1 byte with 413 and leaves no file and no row', async () => {
    const { cookie, user } = await signUp(t.app);
    const jpeg = await image('jpeg', 64, 64);
    const tooBig = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES + 1 - jpeg.length)]);
    const res = await upload(cookie, tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Photo must be 10MB or smaller');
    expect(res.headers.connection).not.toBe('close'); // the rest of the body was read: the connection can carry the next request
    expect(await filesOf(user.id)).toEqual([]);
    expect(await tempFiles(t)).toEqual([]);
    expect(await list(cookie)).toEqual([]);

    const exactly = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES - jpeg.length)]);
    expect((await upload(cookie, exactly)).statusCode).toBe(201);
  });

  it('refuses an empty upload, a missing file and two files at once', async () => {
    const { cookie, user } = await signUp(t.app);
    const empty = await upload(cookie, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The selected photo is empty');

    const noFile = multipart([{ name: 'title', value: 'x' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { cookie, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a photo to upload');

    const jpeg = await image('jpeg', 20, 20);
    const two = multipart([
      { name: 'photo', filename: 'a.jpg', content: jpeg },
      { name: 'photo', filename: 'b.jpg', content: jpeg },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/photos', headers: { cookie, ...two.headers }, payload: two.payload });
    expect(res.statusCode).toBe(400);
    expect(await filesOf(user.id)).toEqual([]);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('refuses a decompression bomb from its header, before decoding', async () => {
    const { cookie, user } = await signUp(t.app);
    const bomb = await decompressionBomb();
    expect(bomb.length).toBeLessThan(1000);
    const started = Date.now();
    const res = await upload(cookie, bomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large to process \(50000 × 50000 pixels/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await filesOf(user.id)).toEqual([]);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('refuses a file that starts like an image but is not one', async () => {
    const { cookie, user } = await signUp(t.app);
    const jpeg = await image('jpeg', 64, 64);
    const res = await upload(cookie, Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(2000, 7)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This file could not be read as an image');
    expect(await filesOf(user.id)).toEqual([]);
  });

  it('reads the date with its own offset, the camera, the place and a JSON subset of EXIF', async () => {
    const { cookie } = await signUp(t.app);
    const photo = await uploaded(cookie, await phoneJpeg());
    expect(photo.dateTaken).toBe('2019-07-04T13:30:00.000Z'); // 15:30 at +02:00, whatever the server's zone
    expect(photo.cameraInfo).toBe('Apple iPhone 12 Pro');
    expect(photo.location).toBe('48.858400, 2.294500');
    expect(photo.exifData).toMatchObject({
      Make: 'Apple',
      Model: 'iPhone 12 Pro',
      DateTimeOriginal: '2019:07:04 15:30:00',
      OffsetTimeOriginal: '+02:00',
      GPSLatitude: 48.8584,
      GPSLongitude: 2.2945,
    });
    for (const value of Object.values(photo.exifData!)) expect(['string', 'number', 'boolean', 'object']).toContain(typeof value);
    expect(JSON.stringify(photo.exifData)).not.toMatch(/Uint8Array|"0":/);
  });

  it('applies the EXIF orientation to the stored size and every derivative', async () => {
    const { cookie } = await signUp(t.app);
    const photo = await uploaded(cookie, await phoneJpeg(6, 60, 20)); // stored landscape, shown portrait
    expect(photo).toMatchObject({ width: 20, height: 60 });
    expect(photo.exifData?.Orientation).toBe(6);
    await waitForDerivatives(cookie, photo.id);
    expect(await sharp((await getImage(cookie, photo.id, '?size=thumb')).rawPayload).metadata()).toMatchObject({ width: 20, height: 60 });
    expect(await sharp((await getImage(cookie, photo.id, '?mobile=true')).rawPayload).metadata()).toMatchObject({ width: 20, height: 60 });
  });

  it('serves images privately with an ETag and answers 304 when it matches', async () => {
    const { cookie } = await signUp(t.app);
    const photo = await uploaded(cookie, await image('jpeg', 800, 600));
    const first = await getImage(cookie, photo.id, '?size=thumb&t=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^private/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await getImage(cookie, photo.id, '?size=thumb&t=2', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const full = await getImage(cookie, photo.id, '', { 'if-none-match': etag });
    expect(full.statusCode).toBe(200); // another variant, another tag
    expect((await getImage(cookie, photo.id, '?size=huge')).statusCode).toBe(400);
  });

  it('streams large originals, remembers small images, and notices a file that vanished meanwhile', async () => {
    const { cookie, user } = await signUp(t.app);
    const jpeg = await image('jpeg', 64, 64);
    const big = Buffer.concat([jpeg, Buffer.alloc(600_000 - jpeg.length, 1)]); // above the in-memory size
    const photo = await uploaded(cookie, big);
    await waitForDerivatives(cookie, photo.id);
    const full = await getImage(cookie, photo.id);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-length']).toBe(String(big.length));
    expect(full.rawPayload.equals(big)).toBe(true);
    const thumb = await getImage(cookie, photo.id, '?size=thumb');
    expect((await getImage(cookie, photo.id, '?size=thumb')).rawPayload.equals(thumb.rawPayload)).toBe(true);

    // the files disappear behind the server's back (another instance deleted the photo, a disk was swapped)
    for (const f of await filesOf(user.id)) await removeStored(t, f);
    const gone = await getImage(cookie, photo.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(gone.headers.etag).toBeUndefined();
  });

  it('sorts by date taken, upload date and title on the server', async () => {
    const { cookie } = await signUp(t.app);
    const small = await image('jpeg', 10, 10);
    const a = await uploaded(cookie, small, 'zebra.jpg');
    const b = await uploaded(cookie, small, 'apple.jpg');
    const c = await uploaded(cookie, small, 'mango.jpg');
    const patch = (id: number, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/photos/${id}`, headers: { cookie }, payload });
    expect((await patch(a.id, { title: 'banana', dateTaken: '2001-05-01T10:00:00.000Z' })).statusCode).toBe(200);
    expect((await patch(c.id, { title: 'Cherry', dateTaken: '1990-01-01T10:00:00.000Z' })).statusCode).toBe(200);
    // b keeps no title (falls back to apple.jpg) and no date (falls back to createdAt, i.e. now)
    const ids = (photos: Photo[]) => photos.map((p) => p.id);
    expect(ids(await list(cookie, 'title'))).toEqual([b.id, a.id, c.id]);
    expect(ids(await list(cookie, 'dateTaken'))).toEqual([b.id, a.id, c.id]);
    expect(ids(await list(cookie, 'createdAt'))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list(cookie))).toEqual([c.id, b.id, a.id]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/photos?sortBy=size', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('validates title and date changes', async () => {
    const { cookie } = await signUp(t.app);
    const photo = await uploaded(cookie, await image('jpeg', 10, 10));
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/photos/${photo.id}`, headers: { cookie }, payload });
    for (const [payload, message] of [
      [{ title: '' }, 'Title cannot be empty'],
      [{ title: '   ' }, 'Title cannot be empty'],
      [{ dateTaken: '1899-12-30T12:00:00.000Z' }, 'Date must be between 1900 and today'],
      [{ dateTaken: new Date(Date.now() + 3 * 86_400_000).toISOString() }, 'Date must be between 1900 and today'],
      [{ dateTaken: 'yesterday' }, 'Please enter a valid date'],
      [{}, 'Send a title, dateTaken, dateTakenPrecision, description, tags, location or labels'],
    ] as const) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const titled = await patch({ title: '  Grandma at the lake ' });
    expect(titled.json()).toMatchObject({ title: 'Grandma at the lake' });
    const dated = await patch({ dateTaken: '1900-01-01T00:00:00.000Z' });
    expect(dated.json()).toMatchObject({ title: 'Grandma at the lake', dateTaken: '1900-01-01T00:00:00.000Z' });
  });

  it("answers 404 for another user's photo on every route and changes nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const photo = await uploaded(owner.cookie, await image('jpeg', 10, 10));
    const as = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: other.cookie }, payload });
    expect((await as('GET', `/api/photos/image/${photo.id}`)).statusCode).toBe(404);
    expect((await as('GET', `/api/photos/image/${photo.id}?size=thumb`)).statusCode).toBe(404);
    expect((await as('PATCH', `/api/photos/${photo.id}`, { title: 'mine now' })).statusCode).toBe(404);
    expect((await as('DELETE', `/api/photos/${photo.id}/unlink`)).statusCode).toBe(404);
    expect((await as('DELETE', `/api/photos/${photo.id}`)).statusCode).toBe(404);
    expect(await list(other.cookie)).toEqual([]);
    const [still] = await list(owner.cookie);
    expect(still).toMatchObject({ id: photo.id, title: null });
    expect((await getImage(owner.cookie, photo.id)).statusCode).toBe(200);
  });

  it('unlinks a photo from its memory and nothing else', async () => {
    const { cookie, user } = await signUp(t.app);
    const photo = await uploaded(cookie, await image('jpeg', 10, 10));
    const [memory] = await t.db
      .insert(memories)
      .values({ userId: user.id, title: 'Summer', content: 'Lake', eventDate: '2001-07-01' })
      .returning();
    await t.db.update(photos).set({ memoryId: memory!.id, title: 'Kept' }).where(eq(photos.id, photo.id));
    expect((await list(cookie))[0]).toMatchObject({ memoryId: memory!.id });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/photos/${photo.id}/unlink`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect((await list(cookie))[0]).toMatchObject({ id: photo.id, memoryId: null, title: 'Kept' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/photos/999999/unlink', headers: { cookie } })).statusCode).toBe(404);
  });

  it('deletes the row and every file of the photo', async () => {
    const { cookie, user } = await signUp(t.app);
    const photo = await uploaded(cookie, fs.readFileSync(path.join(FIXTURES, 'tiny.heic')), 'x.heic');
    await waitForDerivatives(cookie, photo.id);
    expect(await filesOf(user.id)).toHaveLength(4);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/photos/${photo.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(await filesOf(user.id)).toEqual([]);
    expect(await list(cookie)).toEqual([]);
    expect((await getImage(cookie, photo.id)).statusCode).toBe(404);
  });

  describe('maintenance', () => {
    const post = (cookie: string, url: string) => t.app.inject({ method: 'POST', url: `/api/photos/${url}`, headers: { cookie } });
    const originalPath = (key: string) => path.join(t.dataDir, 'files', key);
    async function keyOf(id: number) {
      const [row] = await t.db.select({ key: photos.filePath }).from(photos).where(eq(photos.id, id));
      return row!.key;
    }
    const age = (file: string) => fs.utimesSync(file, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));

    // Files moved and aged by hand on the disk: a bucket's objects cannot be renamed or back-dated.
    it.skipIf(onS3)('fix-paths finds moved originals in the caller’s own folder, by name or by content, and nothing else', async () => {
      const me = await signUp(t.app);
      const other = await signUp(t.app);
      const byName = await uploaded(me.cookie, await image('jpeg', 30, 30));
      const byHash = await uploaded(me.cookie, await image('png', 31, 31));
      const lost = await uploaded(me.cookie, await image('jpeg', 32, 32));
      const theirs = await uploaded(other.cookie, await image('jpeg', 30, 30));
      await waitForDerivatives(me.cookie, lost.id);

      // byName moved to a sub-folder; byHash renamed; lost deleted; theirs moved into MY folder
      const nameKey = await keyOf(byName.id);
      const moved = originalPath(`users/${me.user.id}/photos/restored/${path.basename(nameKey)}`);
      fs.mkdirSync(path.dirname(moved), { recursive: true });
      fs.renameSync(originalPath(nameKey), moved);
      age(moved);
      const renamed = originalPath(`users/${me.user.id}/photos/renamed-by-hand.png`);
      fs.renameSync(originalPath(await keyOf(byHash.id)), renamed);
      age(renamed);
      fs.rmSync(originalPath(await keyOf(lost.id)));
      const theirKey = await keyOf(theirs.id);
      const stolen = originalPath(`users/${me.user.id}/photos/${path.basename(theirKey)}`);
      fs.renameSync(originalPath(theirKey), stolen);
      age(stolen);

      const res = await post(me.cookie, 'fix-paths');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ fixedCount: 2 });
      expect(await keyOf(byName.id)).toBe(`users/${me.user.id}/photos/restored/${path.basename(nameKey)}`);
      expect(await keyOf(byHash.id)).toBe(`users/${me.user.id}/photos/renamed-by-hand.png`);
      expect(await keyOf(lost.id)).not.toContain('restored');
      expect(await keyOf(theirs.id)).toBe(theirKey); // another user's row is never repointed
      await waitForDerivatives(me.cookie, byName.id);
      expect((await getImage(me.cookie, byName.id, '?size=thumb')).statusCode).toBe(200);
      expect((await getImage(me.cookie, byHash.id)).statusCode).toBe(200);
      expect((await getImage(me.cookie, lost.id)).statusCode).toBe(404);

      // the other user's fix-paths does not look into my folder
      expect((await post(other.cookie, 'fix-paths')).json()).toEqual({ fixedCount: 0 });
      expect(fs.existsSync(stolen)).toBe(true);
    });

    it('cleanup removes only the caller’s rows whose original is gone, with their files', async () => {
      const me = await signUp(t.app);
      const other = await signUp(t.app);
      const kept = await uploaded(me.cookie, await image('jpeg', 30, 30));
      const gone = await uploaded(me.cookie, await image('jpeg', 31, 31));
      const theirsGone = await uploaded(other.cookie, await image('jpeg', 31, 31));
      await waitForDerivatives(me.cookie, gone.id);
      await removeStored(t, await keyOf(gone.id));
      await removeStored(t, await keyOf(theirsGone.id));

      const res = await post(me.cookie, 'cleanup');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ cleanedCount: 1 });
      expect((await list(me.cookie)).map((p) => p.id)).toEqual([kept.id]);
      const keptKey = await keyOf(kept.id);
      expect((await filesOf(me.user.id)).length).toBeGreaterThan(0);
      expect((await filesOf(me.user.id)).every((f) => f.startsWith(keptKey))).toBe(true);
      expect((await list(other.cookie)).map((p) => p.id)).toEqual([theirsGone.id]);
    });

    // An unmounted disk; an unreachable bucket is covered by tests/integration/health.test.ts.
    it.skipIf(onS3)('both refuse with 503 and change nothing while the storage root is missing', async () => {
      const me = await signUp(t.app);
      const photo = await uploaded(me.cookie, await image('jpeg', 30, 30));
      const root = path.join(t.dataDir, 'files');
      const away = path.join(t.dataDir, 'files-unmounted');
      fs.renameSync(root, away);
      try {
        for (const url of ['cleanup', 'fix-paths']) {
          const res = await post(me.cookie, url);
          expect(res.statusCode).toBe(503);
          expect(res.json().message).toBe('Photo storage is not available right now (is the disk mounted?). Nothing was changed.');
        }
        expect((await list(me.cookie)).map((p) => p.id)).toEqual([photo.id]);
      } finally {
        fs.renameSync(away, root);
      }
      expect((await getImage(me.cookie, photo.id)).statusCode).toBe(200);
    });
  });

  describe('failures leave nothing behind', () => {
    it('removes the stored file when the database insert fails', async () => {
      const { cookie, user } = await signUp(t.app);
      await list(cookie); // the session is now cached in memory for a while
      await t.db.delete(users).where(eq(users.id, user.id)); // the session is still cached: the storing transaction fails
      const res = await upload(cookie, await image('jpeg', 20, 20));
      expect(res.statusCode).toBe(404); // the account is gone (found by the quota check before the insert)
      expect(await filesOf(user.id)).toEqual([]);
      expect(await tempFiles(t)).toEqual([]);
      expect(await t.db.select().from(pendingFiles)).toEqual([]);
    });

    // A file where the disk needs a folder; a bucket has no folders to block.
    it.skipIf(onS3)('creates no row when the file cannot be written', async () => {
      const { cookie, user } = await signUp(t.app);
      const blocked = path.join(t.dataDir, 'files', `users/${user.id}/photos`);
      fs.mkdirSync(path.dirname(blocked), { recursive: true });
      fs.writeFileSync(blocked, 'not a folder');
      const res = await upload(cookie, await image('jpeg', 20, 20));
      expect(res.statusCode).toBe(500);
      expect(await list(cookie)).toEqual([]);
      expect(await tempFiles(t)).toEqual([]);
      fs.rmSync(blocked);
    });
  });

  describe('derivatives', () => {
    it('answers a HEIC still being converted with 503, a JPEG with its original as a stand-in', async () => {
      const { cookie, user } = await signUp(t.app);
      const heic = await uploaded(cookie, fs.readFileSync(path.join(FIXTURES, 'tiny.heic')), 'a.heic');
      const jpeg = await uploaded(cookie, await image('jpeg', 30, 30));
      await waitForDerivatives(cookie, heic.id);
      await waitForDerivatives(cookie, jpeg.id);
      await t.db.update(photos).set({ derivativeStatus: 'pending' }).where(eq(photos.userId, user.id));
      // a queue that is always "still working" on it
      const busy = {
        isQueued: () => true,
        enqueue: () => {},
        waitFor: async () => {},
        warmHeicDecoder: () => {},
      } as unknown as DerivativeQueue;
      const storage = createStorageService({ db: t.db, quotaMb: t.env.STORAGE_QUOTA_MB });
      const service = createPhotosService({
        db: t.db,
        repo: createPhotosRepo(t.db),
        files: t.files,
        queue: busy,
        cache: createImageCache(),
        storage,
      });
      await expect(service.imageFile(user.id, heic.id, 'thumb')).rejects.toMatchObject({ statusCode: 503, code: 'PHOTO_PREPARING' });
      await expect(service.imageFile(user.id, heic.id, 'full')).rejects.toMatchObject({ statusCode: 503 });
      const standIn = await service.imageFile(user.id, jpeg.id, 'thumb');
      expect(standIn).toMatchObject({ contentType: 'image/jpeg', isFinal: false });
    });

    it('retries a failing conversion with backoff, then marks it failed and answers a clear 422', async () => {
      const { cookie, user } = await signUp(t.app);
      const heic = fs.readFileSync(path.join(FIXTURES, 'tiny.heic'));
      const photo = await uploaded(cookie, heic, 'broken.heic');
      await waitForDerivatives(cookie, photo.id);
      // the original is damaged on disk and its derivatives are made again
      for (const f of await filesOf(user.id)) {
        if (f.endsWith('.heic')) await writeStored(t, f, heic.subarray(0, heic.length - 400));
        else await removeStored(t, f);
      }
      await t.db.update(photos).set({ derivativeStatus: 'pending' }).where(eq(photos.id, photo.id));
      // the first try fails; the photo stays pending while retries are due
      expect((await getImage(cookie, photo.id)).statusCode).toBe(503);
      expect((await list(cookie))[0]!.derivativeStatus).toBe('pending');
      await untilFailed(photo.id);
      const img = await getImage(cookie, photo.id);
      expect(img.statusCode).toBe(422);
      expect(img.json().message).toBe('This photo could not be converted for display');
      await expect
        .poll(async () => {
          const jobs = await t.pool.query(
            `SELECT state, retry_count FROM pgboss.job WHERE name = 'photo.derivatives' AND data->>'photoId' = $1`,
            [String(photo.id)],
          );
          return jobs.rows.some((j) => j.state === 'failed' && j.retry_count === 3);
        })
        .toBe(true);
    });

    it('counts photos that could not be processed and makes them again on Retry', async () => {
      const { cookie, user } = await signUp(t.app);
      const photo = await uploaded(cookie, await image('jpeg', 300, 200));
      await waitForDerivatives(cookie, photo.id);
      const original = (await filesOf(user.id)).find((f) => f.endsWith('.jpg') && !/\.(thumb|mobile|display)\./.test(f))!;
      const bytes = await readStored(t, original);
      await writeStored(t, original, 'not an image any more');
      await t.db.update(photos).set({ derivativeStatus: 'pending' }).where(eq(photos.id, photo.id));
      await getImage(cookie, photo.id, '?size=thumb'); // queues it again
      await untilFailed(photo.id);
      const processing = await t.app.inject({ method: 'GET', url: '/api/photos/processing', headers: { cookie } });
      expect(processing.json()).toEqual({ pending: 0, failed: 1 });

      await writeStored(t, original, bytes); // e.g. the disk came back
      const retry = await t.app.inject({ method: 'POST', url: '/api/photos/retry-failed', headers: { cookie } });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ queued: 1 });
      expect((await waitForDerivatives(cookie, photo.id)).derivativeStatus).toBe('ready');
      const after = await t.app.inject({ method: 'GET', url: '/api/photos/processing', headers: { cookie } });
      expect(after.json()).toEqual({ pending: 0, failed: 0 });
    });

    it('makes the derivatives of photos left pending by a crash when the server starts again', async () => {
      const { cookie, user } = await signUp(t.app);
      const photo = await uploaded(cookie, await image('jpeg', 900, 600));
      await waitForDerivatives(cookie, photo.id);
      for (const f of await filesOf(user.id)) if (/\.(thumb|mobile)\./.test(f)) await removeStored(t, f);
      await t.db.update(photos).set({ derivativeStatus: 'pending' }).where(eq(photos.id, photo.id));

      const restarted = await buildApp({ env: t.env, db: t.db, files: t.files, logger: false });
      await restarted.ready();
      try {
        const status = async () => (await t.db.select().from(photos).where(eq(photos.id, photo.id)))[0]!.derivativeStatus;
        for (let i = 0; i < 100 && (await status()) === 'pending'; i++) await sleep(50);
        expect(await status()).toBe('ready');
        expect((await filesOf(user.id)).filter((f) => /\.(thumb|mobile)\./.test(f))).toHaveLength(2);
      } finally {
        await restarted.close();
      }
    });
  });
});
