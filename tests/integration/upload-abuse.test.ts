// Hostile uploads against every upload route, one table: each is refused with a clear 4xx and leaves no row
// and no file behind, or (where the route legitimately takes it) is stored under the type its bytes show, with
// a safe name and a generated key, and is served back so that no browser could ever run it as a page.
import { desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryAttachments, photos, users, vaultFiles } from '@server/db/schema';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  MB,
  PHOTO_MAX_BYTES,
  PROFILE_PICTURE_MAX_BYTES,
  VAULT_FILE_MAX_BYTES,
} from '@shared/limits';
import { buildTestApp, multipart, signUp, storedFiles, tempFiles, type TestApp } from '@tests/helpers/server';

type RouteName = 'photos' | 'attachments' | 'vault' | 'profile';

/** What a route stored for an accepted upload (read from the database, not the response). */
interface Stored {
  key: string;
  /** The user's name as kept for display; undefined where the route keeps none (profile picture). */
  name?: string;
  mime: string;
  /** GET of the stored file. */
  serve: () => Promise<LightMyRequestResponse>;
}

interface Route {
  name: RouteName;
  field: string;
  maxBytes: number;
  tooLarge: string;
  url: () => string;
  extraParts?: Array<{ name: string; value: string }>;
  /** The newest stored upload of this route. */
  latest: () => Promise<Stored>;
}

// ---- fixtures ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A valid-looking PNG of a few dozen bytes whose IHDR claims 50,000 × 50,000 RGB pixels (7.5 GB decoded). */
function decompressionBomb() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const idat = Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]); // zlib of one 0 byte
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const HTML = '<html><script>alert(1)</script></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';

let png: Buffer;
let jpeg: Buffer;

/** A real PNG followed by zeros up to `size` bytes: still an image by its bytes and to every decoder. */
const paddedPng = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);

// ---- the app ----

describe('hostile uploads on every upload route', () => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let memoryId: number;

  const count = async (table: typeof photos | typeof memoryAttachments | typeof vaultFiles) =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  /** Photo derivatives are written in the background: wait until none is pending so file listings are stable. */
  const settle = async () => {
    for (let i = 0; i < 200; i++) {
      const [p] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(photos)
        .where(eq(photos.derivativeStatus, 'pending'));
      if (p!.n === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('photo derivatives never settled');
  };
  const snapshot = async () => {
    await settle();
    const [u] = await t.db.select({ pic: users.profilePicture }).from(users).where(eq(users.id, userId));
    return {
      photos: await count(photos),
      attachments: await count(memoryAttachments),
      vault: await count(vaultFiles),
      profilePicture: u!.pic,
      files: await storedFiles(t),
    };
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  const ROUTES: Route[] = [
    {
      name: 'photos',
      field: 'photo',
      maxBytes: PHOTO_MAX_BYTES,
      tooLarge: 'Photo must be 10MB or smaller',
      url: () => '/api/photos',
      latest: async () => {
        const [row] = await t.db.select().from(photos).orderBy(desc(photos.id)).limit(1);
        return { key: row!.filePath, name: row!.fileName, mime: row!.mimeType, serve: () => get(`/api/photos/image/${row!.id}`) };
      },
    },
    {
      name: 'attachments',
      field: 'attachments',
      maxBytes: ATTACHMENT_MAX_BYTES,
      tooLarge: 'File is larger than 15 MB. Each attachment can be at most 15 MB.',
      url: () => `/api/memories/${memoryId}/attachments`,
      latest: async () => {
        const [row] = await t.db.select().from(memoryAttachments).orderBy(desc(memoryAttachments.id)).limit(1);
        return {
          key: row!.filePath,
          name: row!.fileName,
          mime: row!.mimeType,
          serve: () => get(`/api/memories/${memoryId}/attachments/${row!.id}/file`),
        };
      },
    },
    {
      name: 'vault',
      field: 'file',
      maxBytes: VAULT_FILE_MAX_BYTES,
      tooLarge: 'File size must not exceed 15MB', // the spec's message
      url: () => '/api/vault',
      extraParts: [{ name: 'description', value: 'hostile' }],
      latest: async () => {
        const [row] = await t.db.select().from(vaultFiles).orderBy(desc(vaultFiles.id)).limit(1);
        expect(row!.fileName, 'the vault stored name is generated').not.toBe(row!.originalName);
        return { key: row!.filePath, name: row!.originalName, mime: row!.mimeType, serve: () => get(`/api/vault/${row!.id}`) };
      },
    },
    {
      name: 'profile',
      field: 'profilePicture',
      maxBytes: PROFILE_PICTURE_MAX_BYTES,
      tooLarge: 'Please select an image smaller than 5MB.',
      url: () => '/api/user/profile-picture',
      latest: async () => {
        const [u] = await t.db.select({ pic: users.profilePicture }).from(users).where(eq(users.id, userId));
        return { key: u!.pic!, mime: 'image/jpeg', serve: () => get('/api/user/profile-picture') };
      },
    },
  ];

  const send = (route: Route, files: Array<{ filename: string; content: Buffer; contentType: string }>) => {
    const body = multipart([...files.map((f) => ({ name: route.field, ...f })), ...(route.extraParts ?? [])]);
    return t.app.inject({ method: 'POST', url: route.url(), headers: { cookie, ...body.headers }, payload: body.payload });
  };

  /** Refused: the given 4xx, a JSON {message}, and nothing stored (no row, no file, no temp file). */
  async function expectRefused(
    route: Route,
    file: { filename: string; content: Buffer; contentType: string },
    status: number,
    message?: string | RegExp,
  ) {
    const before = await snapshot();
    const res = await send(route, [file]);
    const label = `${route.name} ${file.filename}`;
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(status);
    expect(res.headers['content-type'], label).toMatch(/^application\/json/);
    const msg = (res.json() as { message?: unknown }).message;
    expect(typeof msg, label).toBe('string');
    expect((msg as string).length, label).toBeGreaterThan(0);
    if (message) expect(msg, label).toMatch(message);
    expect(await snapshot(), label).toEqual(before);
    expect(await tempFiles(t), label).toEqual([]);
    return res;
  }

  /** Accepted: 2xx, exactly one new row (or new picture key), a generated key, a safe name, served inertly. */
  async function expectAccepted(route: Route, file: { filename: string; content: Buffer; contentType: string }) {
    const before = await snapshot();
    const res = await send(route, [file]);
    const label = `${route.name} ${file.filename}`;
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
    const after = await snapshot();
    if (route.name === 'profile') expect(after.profilePicture, label).not.toBe(before.profilePicture);
    else expect(after[route.name], label).toBe(before[route.name] + 1);
    expect(await tempFiles(t), label).toEqual([]);
    const stored = await route.latest();
    const area = route.name === 'profile' ? 'profile' : route.name;
    expect(stored.key, label).toMatch(new RegExp(`^users/${userId}/${area}/[0-9a-f-]{36}\\.[a-z0-9]+$`));
    expect(after.files, label).toContain(stored.key);
    // The original bytes are kept as sent, except the profile picture, which is always re-encoded.
    if (route.name !== 'profile') expect((await t.files.stat(stored.key)).size, label).toBe(file.content.length);
    if (stored.name !== undefined) expectSafeName(stored.name, label);
    const served = await stored.serve();
    expect(served.statusCode, label).toBe(200);
    expect(served.headers['x-content-type-options'], label).toBe('nosniff');
    expect(String(served.headers['content-type']), label).not.toMatch(/html|svg|xml|javascript/i);
    expect(String(served.headers['content-type']).split(';')[0], label).toBe(
      route.name === 'vault' && stored.mime === 'text/plain'
        ? 'text/plain'
        : route.name === 'vault' && !/^image\/(jpeg|png|gif|webp)$|^application\/pdf$/.test(stored.mime)
          ? 'application/octet-stream'
          : stored.mime,
    );
    if (route.name === 'vault') {
      // Passive raster images open inline (sandboxed); everything else downloads.
      const inline = /^image\/(jpeg|png|gif|webp)$/.test(stored.mime);
      expect(served.headers['content-disposition'], label).toMatch(inline ? /^inline;/ : /^attachment;/);
      expect(served.headers['content-security-policy'], label).toMatch(/^sandbox;/);
    }
    return { res, stored, served };
  }

  function expectSafeName(name: string, label: string) {
    expect(name, label).not.toMatch(/[/\\]/);
    // eslint-disable-next-line no-control-regex
    expect(name, label).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
    expect(name.length, label).toBeLessThanOrEqual(255);
    expect(name.length, label).toBeGreaterThan(0);
  }

  const route = (name: RouteName) => ROUTES.find((r) => r.name === name)!;

  beforeAll(async () => {
    png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    // Noise so the JPEG has a real entropy-coded body worth cutting in half.
    const noise = Buffer.alloc(64 * 64 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    jpeg = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    t = await buildTestApp();
    const actor = await signUp(t.app);
    cookie = actor.cookie;
    userId = actor.user.id;
    const m = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { cookie },
      payload: { title: 'Uploads', content: 'x', eventDate: '2000-01-01', isPublic: false, tags: [] },
    });
    expect(m.statusCode).toBe(201);
    memoryId = (m.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  describe('1. bytes that do not match the claimed type (text named photo.jpg, sent as image/jpeg)', () => {
    const file = () => ({ filename: 'photo.jpg', content: Buffer.from('just some text, not a JPEG\n'), contentType: 'image/jpeg' });
    it.each(['photos', 'attachments', 'profile'] as const)('%s refuses it with 415', async (name) => {
      await expectRefused(route(name), file(), 415);
    });
    it('vault stores it as text/plain (from the bytes) and serves it as a download', async () => {
      const { stored, served } = await expectAccepted(route('vault'), file());
      expect(stored.mime).toBe('text/plain');
      expect(stored.key).toMatch(/\.txt$/);
      expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    });
  });

  describe('2. a PNG with an HTML page appended (polyglot)', () => {
    const file = () => ({ filename: 'poly.html', content: Buffer.concat([png, Buffer.from(HTML)]), contentType: 'text/html' });
    it.each(['photos', 'attachments', 'vault'] as const)(
      '%s stores it as image/png and serves it only as image/png with nosniff',
      async (name) => {
        const { stored, served } = await expectAccepted(route(name), file());
        expect(stored.mime).toBe('image/png');
        expect(stored.key).toMatch(/\.png$/);
        expect(served.headers['content-type']).toBe('image/png');
      },
    );
    it('profile re-encodes it to a JPEG: the appended page is gone', async () => {
      const { served } = await expectAccepted(route('profile'), file());
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    });
  });

  describe('3. an SVG with script, sent as image/svg+xml', () => {
    const file = () => ({ filename: 'x.svg', content: Buffer.from(SVG), contentType: 'image/svg+xml' });
    it.each(['photos', 'attachments', 'profile'] as const)('%s refuses it with 415', async (name) => {
      await expectRefused(route(name), file(), 415);
    });
    it('vault keeps it as inert text/plain, downloaded, never as SVG', async () => {
      const { stored, served } = await expectAccepted(route('vault'), file());
      expect(stored.mime).toBe('text/plain');
      expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    });
  });

  describe('4. a zero-byte file', () => {
    it.each(['photos', 'attachments', 'vault', 'profile'] as const)('%s refuses it with 400', async (name) => {
      await expectRefused(route(name), { filename: 'empty.png', content: Buffer.alloc(0), contentType: 'image/png' }, 400, /empty/);
    });
  });

  describe('5. a truncated JPEG (its first half)', () => {
    const file = () => ({ filename: 'half.jpg', content: jpeg.subarray(0, Math.floor(jpeg.length / 2)), contentType: 'image/jpeg' });
    it.each(['photos', 'attachments', 'profile'] as const)('%s decodes it at upload and refuses it with 400', async (name) => {
      await expectRefused(route(name), file(), 400, /damaged or incomplete/);
    });
    it('the vault keeps documents as they are: it stores it as image/jpeg', async () => {
      const { stored } = await expectAccepted(route('vault'), file());
      expect(stored.mime).toBe('image/jpeg');
    });
  });

  describe('6. a decompression bomb (a tiny PNG claiming 50,000 × 50,000 pixels)', () => {
    const file = () => ({ filename: 'bomb.png', content: decompressionBomb(), contentType: 'image/png' });
    it('the bomb is a well-formed PNG header that sharp reads without decoding', async () => {
      const meta = await sharp(decompressionBomb(), { limitInputPixels: false }).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 50_000, 50_000]);
    });
    it.each(['photos', 'attachments', 'profile'] as const)('%s refuses it from its header with 413', async (name) => {
      await expectRefused(route(name), file(), 413, /too large to process \(50000 × 50000 pixels/);
    });
    it('the vault never decodes documents: it stores it as image/png', async () => {
      const { stored } = await expectAccepted(route('vault'), file());
      expect(stored.mime).toBe('image/png');
    });
  });

  describe('7. hostile file names', () => {
    const NAMES: Array<[string, string, (stored: string) => void]> = [
      ['path traversal', '../../etc/passwd', (n) => expect(n).toBe('passwd')],
      ['backslash traversal', '..\\..\\windows\\win.ini', (n) => expect(n).toBe('win.ini')],
      ['NUL byte', 'a\u0000b.png', (n) => expect(n).toBe('ab.png')],
      ['300 characters', `${'n'.repeat(296)}.png`, (n) => expect(n).toBe(`${'n'.repeat(251)}.png`)],
      ['emoji', 'holiday 📷🌊.png', (n) => expect(n).toBe('holiday 📷🌊.png')],
      ['RTL override', 'invoice\u202Egnp.exe', (n) => expect(n).toBe('invoicegnp.exe')],
    ];
    for (const name of ['photos', 'attachments', 'vault'] as const) {
      it.each(NAMES)(`${name} stores a safe display name for %s and a generated key`, async (_label, filename, check) => {
        const content = name === 'vault' ? Buffer.from('a letter') : png;
        const { stored } = await expectAccepted(route(name), { filename, content, contentType: 'image/png' });
        check(stored.name!);
        for (const part of ['passwd', 'etc', 'win', 'nnnn', 'holiday', 'invoice', 'gnp']) expect(stored.key).not.toContain(part);
      });
    }
    it('profile picture keeps no name: the key is generated', async () => {
      const { stored } = await expectAccepted(route('profile'), {
        filename: '../../etc/passwd\u202E',
        content: png,
        contentType: 'image/png',
      });
      expect(stored.key).toMatch(/^users\/\d+\/profile\/[0-9a-f-]{36}\.jpg$/);
    });
  });

  describe('8. size limits: exactly at the limit is accepted, one byte over is 413 and leaves nothing', () => {
    it.each(['photos', 'attachments', 'vault', 'profile'] as const)('%s', async (name) => {
      const r = route(name);
      // An image by its bytes for the image routes; the vault takes anything, so the same file works.
      const at = name === 'attachments' ? Buffer.concat([jpeg, Buffer.alloc(r.maxBytes - jpeg.length)]) : paddedPng(r.maxBytes);
      expect(at.length).toBe(r.maxBytes);
      await expectAccepted(r, { filename: 'at-limit.png', content: at, contentType: 'image/png' });
      const over = Buffer.concat([at, Buffer.alloc(1)]);
      await expectRefused(r, { filename: 'over-limit.png', content: over, contentType: 'image/png' }, 413, r.tooLarge);
    });

    it('the limits are the spec values', () => {
      expect([PHOTO_MAX_BYTES, ATTACHMENT_MAX_BYTES, VAULT_FILE_MAX_BYTES, PROFILE_PICTURE_MAX_BYTES]).toEqual([
        10 * MB,
        15 * MB,
        15 * MB,
        5 * MB,
      ]);
    });

    it(`attachments refuses a ${ATTACHMENT_MAX_FILES + 1}th file with 400 and keeps none of the others`, async () => {
      const before = await snapshot();
      const six = Array.from({ length: ATTACHMENT_MAX_FILES + 1 }, (_, i) => ({
        filename: `p${i}.png`,
        content: png,
        contentType: 'image/png',
      }));
      const res = await send(route('attachments'), six);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Too many files. Upload at most 5 attachments at a time.');
      expect(await snapshot()).toEqual(before);
      expect(await tempFiles(t)).toEqual([]);
      // …while exactly five are fine
      const five = await send(route('attachments'), six.slice(0, ATTACHMENT_MAX_FILES));
      expect(five.statusCode).toBe(201);
      expect((five.json() as unknown[]).length).toBe(ATTACHMENT_MAX_FILES);
    });
  });
});
