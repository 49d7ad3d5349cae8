// Pictures through a link without places (decision 051): each camera's file loses the tags that name where it
// was taken (EXIF GPS, XMP, IPTC, a maker note's location) and nothing else. The pixels and the compressed
// image data are the upload's byte for byte, the date taken, camera and orientation stay, a picture naming no
// place is the upload itself, and a damaged one is refused alone. Singly and in "Download all"; made once.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ExifTool } from 'exiftool-vendored';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heirloomExportSchema } from '@shared/export-format';
import type { SharedCollection } from '@shared/schemas/sharing';
import { photos, vaultFiles } from '@server/db/schema';
import { buildTestApp, idOf, multipart, postAs, signUp, writeStored, type TestApp } from '@tests/helpers/server';
import { readZip } from '@tests/helpers/zip';
import { photoForm, tokenOf, waitForDerivatives } from './shared-view.test-world';

const decodeHeic = createRequire(import.meta.url)('heic-decode') as (input: { buffer: Uint8Array }) => Promise<{ data: Uint8ClampedArray }>;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const exiftool = new ExifTool({ maxProcs: 1, useMWG: false });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-pictures-'));

/** What must not survive: the names of the place, and the coordinates as XMP writes them. */
const PLACE_TEXT = ['Paris', 'Eiffel', 'Champ de Mars', 'France', '48,51', '2,17'];
const PLACE_TAG = /GPS|City|Location|Country|Province|State|Landmark/i;
const TAKEN = { DateTimeOriginal: '2019:07:04 15:30:00', OffsetTimeOriginal: '+02:00', SubSecTimeOriginal: '123' };
const GPS = { GPSLatitude: 48.8584, GPSLatitudeRef: 'N', GPSLongitude: 2.2945, GPSLongitudeRef: 'E', GPSAltitude: 35 };

async function withTags(bytes: Buffer, ext: string, tags: Record<string, unknown>, args: string[] = []) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.${ext}`);
  fs.writeFileSync(file, bytes);
  await exiftool.write(file, tags as never, { writeArgs: ['-overwrite_original', ...args] });
  return fs.readFileSync(file);
}

async function tagsOf(bytes: Buffer, ext: string): Promise<Record<string, unknown>> {
  const file = path.join(dir, `read-${Math.random().toString(36).slice(2)}.${ext}`);
  fs.writeFileSync(file, bytes);
  return (await exiftool.readRaw(file, { readArgs: ['-G0:1', '-a', '-u', '-n'] })) as Record<string, unknown>;
}

const tagValue = (tags: Record<string, unknown>, name: string) => Object.entries(tags).find(([key]) => key.endsWith(`:${name}`))?.[1];

/** A Nikon maker note (type 3, its own TIFF header) holding a LocationInfo block, as GPS-equipped COOLPIX write. */
function nikonMakerNote() {
  const location = Buffer.alloc(79);
  location.write('0100', 0, 'latin1');
  location[4] = 1; // UTF-8
  location.write('FRA', 5, 'latin1');
  location.write('Tour Eiffel, Paris', 9, 'latin1');
  const ifd = Buffer.alloc(2 + 2 * 12 + 4);
  ifd.writeUInt16BE(2, 0);
  ifd.writeUInt16BE(0x0001, 2); // MakerNoteVersion
  ifd.writeUInt16BE(7, 4);
  ifd.writeUInt32BE(4, 6);
  ifd.write('0210', 10, 'latin1');
  ifd.writeUInt16BE(0x0039, 14); // LocationInfo
  ifd.writeUInt16BE(7, 16);
  ifd.writeUInt32BE(location.length, 18);
  ifd.writeUInt32BE(8 + ifd.length, 22);
  const file = path.join(dir, 'nikon-makernote.bin');
  fs.writeFileSync(file, Buffer.concat([Buffer.from('Nikon\0\x02\x10\0\0MM\0\x2a\0\0\0\x08', 'latin1'), ifd, location]));
  return file;
}

// The compressed image data of each format, found by walking its structure.
function jpegScan(b: Buffer) {
  for (let at = 2; at < b.length; at += 2 + b.readUInt16BE(at + 2)) if (b[at + 1] === 0xda) return b.subarray(at);
  throw new Error('no SOS');
}
function pngIdat(b: Buffer) {
  const parts: Buffer[] = [];
  for (let at = 8; at < b.length; at += 12 + b.readUInt32BE(at))
    if (b.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(b.subarray(at + 8, at + 8 + b.readUInt32BE(at)));
  return Buffer.concat(parts);
}
function webpImage(b: Buffer) {
  const parts: Buffer[] = [];
  for (let at = 12; at < b.length; at += 8 + b.readUInt32LE(at + 4) + (b.readUInt32LE(at + 4) % 2))
    if (/^(VP8 |VP8L|ALPH|ANMF)$/.test(b.toString('latin1', at, at + 4))) parts.push(b.subarray(at, at + 8 + b.readUInt32LE(at + 4)));
  return Buffer.concat(parts);
}
function gifFrames(b: Buffer) {
  const skipBlocks = (at: number) => {
    while (b[at] !== 0) at += b[at]! + 1;
    return at + 1;
  };
  const parts: Buffer[] = [];
  let at = 13 + (b[10]! & 0x80 ? 3 * 2 ** ((b[10]! & 7) + 1) : 0);
  while (b[at] !== 0x3b) {
    if (b[at] === 0x21) {
      at = skipBlocks(at + 2);
      continue;
    }
    const start = at;
    const flags = b[at + 9]!;
    at += 10 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0) + 1; // descriptor, local colours, LZW code size
    at = skipBlocks(at);
    parts.push(b.subarray(start, at));
  }
  return Buffer.concat(parts);
}
async function heicImageData(b: Buffer) {
  const file = path.join(dir, `hash-${Math.random().toString(36).slice(2)}.heic`);
  fs.writeFileSync(file, b);
  return (await exiftool.readRaw(file, { readArgs: ['-api', 'ImageHashType=SHA256', '-ImageDataHash'] })).ImageDataHash;
}

interface Camera {
  name: string;
  ext: string;
  mimeType: string;
  bytes: Buffer;
  imageData: (b: Buffer) => Buffer | Promise<unknown>;
  pixels: (b: Buffer) => Promise<Uint8Array>;
  keeps: Record<string, unknown>;
}

const rgb = async (b: Buffer) => new Uint8Array(await sharp(b, { animated: true }).raw().toBuffer());

async function cameras(): Promise<Camera[]> {
  const base = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  const camera = { Make: 'Apple', Model: 'iPhone 12 Pro' };
  const phone = await withTags(await base().jpeg().toBuffer(), 'jpg', {
    ...camera,
    ...TAKEN,
    ...GPS,
    'IFD0:Orientation#': 6,
    'XMP-exif:GPSLatitude': 48.8584,
    'XMP-exif:GPSLongitude': 2.2945,
    'XMP-photoshop:City': 'Paris',
    'XMP-photoshop:State': 'Île-de-France',
    'XMP-photoshop:Country': 'France',
    'XMP-iptcCore:Location': 'Champ de Mars',
    'XMP-iptcCore:CountryCode': 'FR',
    'XMP-iptcExt:LocationCreated': { City: 'Paris', CountryName: 'France', Sublocation: 'Champ de Mars' },
    'XMP-iptcExt:LocationShown': { Sublocation: 'Tour Eiffel' },
    'XMP-dc:Title': 'The tower',
    'IPTC:City': 'Paris',
    'IPTC:Sub-location': 'Champ de Mars',
    'IPTC:Province-State': 'Île-de-France',
    'IPTC:Country-PrimaryLocationName': 'France',
    'IPTC:Country-PrimaryLocationCode': 'FRA',
    'IPTC:Keywords': 'holiday',
  });
  const nikon = await withTags(
    await base().jpeg().toBuffer(),
    'jpg',
    { Make: 'NIKON CORPORATION', Model: 'COOLPIX AW100', ...TAKEN, ...GPS },
    [`-MakerNotes<=${nikonMakerNote()}`],
  );
  const png = await withTags(await base().png().toBuffer(), 'png', {
    ...camera,
    ...TAKEN,
    ...GPS,
    'XMP-photoshop:City': 'Paris',
    'XMP-exif:GPSLatitude': 48.8584,
  });
  const webp = await withTags(await base().webp({ lossless: false }).toBuffer(), 'webp', { ...camera, ...TAKEN, ...GPS });
  const gif = await withTags(await base().gif().toBuffer(), 'gif', { 'XMP-photoshop:City': 'Paris', 'XMP-exif:GPSLatitude': 48.8584 });
  const heic = fs.readFileSync('tests/fixtures/files/tiny.heic'); // an iPhone 13's, taken in New York
  const jpegParts = { ext: 'jpg', mimeType: 'image/jpeg', imageData: jpegScan, pixels: rgb };
  return [
    {
      name: 'phone.jpg',
      ...jpegParts,
      bytes: phone,
      keeps: { ...camera, ...TAKEN, Orientation: 6, Title: 'The tower', Keywords: 'holiday' },
    },
    { name: 'coolpix.jpg', ...jpegParts, bytes: nikon, keeps: { Make: 'NIKON CORPORATION', Model: 'COOLPIX AW100', ...TAKEN } },
    { name: 'screen.png', ext: 'png', mimeType: 'image/png', bytes: png, imageData: pngIdat, pixels: rgb, keeps: { ...camera, ...TAKEN } },
    {
      name: 'pixel.webp',
      ext: 'webp',
      mimeType: 'image/webp',
      bytes: webp,
      imageData: webpImage,
      pixels: rgb,
      keeps: { ...camera, ...TAKEN },
    },
    { name: 'loop.gif', ext: 'gif', mimeType: 'image/gif', bytes: gif, imageData: gifFrames, pixels: rgb, keeps: {} },
    {
      name: 'IMG_0001.HEIC',
      ext: 'heic',
      mimeType: 'image/heic',
      bytes: heic,
      imageData: heicImageData,
      pixels: async (b) => new Uint8Array((await decodeHeic({ buffer: b })).data),
      keeps: { Make: 'Apple', Model: 'iPhone 13', DateTimeOriginal: '2021:12:25 08:15:00', OffsetTimeOriginal: '-05:00' },
    },
  ];
}

/** The copy names no place anywhere ExifTool or a byte search looks, and is the same picture, taken when it was. */
async function expectSamePictureWithoutPlace(served: Buffer, c: Camera, what: string) {
  const tags = await tagsOf(served, c.ext);
  expect(
    Object.keys(tags).filter((key) => PLACE_TAG.test(key) && !key.startsWith('ExifTool:')),
    `${what}: place tags`,
  ).toEqual([]);
  for (const text of PLACE_TEXT) expect(served.includes(Buffer.from(text)), `${what} holds "${text}"`).toBe(false);
  for (const [name, value] of Object.entries(c.keeps)) expect(String(tagValue(tags, name)), `${what}: ${name}`).toBe(String(value));
  expect(await c.imageData(served), `${what}: image data`).toEqual(await c.imageData(c.bytes));
  expect(Buffer.from(await c.pixels(served)).equals(Buffer.from(await c.pixels(c.bytes))), `${what}: pixels`).toBe(true);
}

describe('a link without places: pictures', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let all: Camera[];
  let plain: Buffer;
  let token: string;
  const photoIds = new Map<string, number>();

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const view = async () => (await get(`/api/shared/${token}`)).json() as SharedCollection;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app);
    all = await cameras();
    // the places are really there to begin with
    for (const c of all)
      expect(
        Object.keys(await tagsOf(c.bytes, c.ext)).some((key) => PLACE_TAG.test(key)),
        c.name,
      ).toBe(true);
    plain = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer();
    expect(Object.keys(await tagsOf(plain, 'jpg')).filter((k) => /^(EXIF|XMP|IPTC)/.test(k))).toEqual([]);

    for (const [name, bytes, type] of [
      ...all.map((c) => [c.name, c.bytes, c.mimeType] as const),
      ['plain.jpg', plain, 'image/jpeg'] as const,
    ]) {
      photoIds.set(name, idOf(await postAs(t, owner.cookie, '/api/photos', photoForm(bytes, name, type))));
    }
    await waitForDerivatives(t, owner);
    const documentIds: number[] = [];
    for (const [name, bytes] of [
      ['scan.jpg', all[0]!.bytes],
      ['broken.jpg', all[0]!.bytes],
    ] as const) {
      const form = multipart([{ name: 'file', filename: name, content: bytes, contentType: 'image/jpeg' }]);
      documentIds.push(idOf(await postAs(t, owner.cookie, '/api/vault', form)));
    }
    // a picture damaged after its upload: cut short in its metadata, GPS block still there
    const [broken] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.id, documentIds[1]!));
    const phone = all[0]!.bytes;
    await writeStored(t, broken!.filePath, phone.subarray(0, Math.floor((phone.length - jpegScan(phone).length) * 0.6)));

    const collectionId = idOf(await postAs(t, owner.cookie, '/api/collections', { title: 'Paris' }));
    await postAs(t, owner.cookie, `/api/collections/${collectionId}/items`, { photoIds: [...photoIds.values()], documentIds });
    const link = (await postAs(t, owner.cookie, `/api/collections/${collectionId}/links`, { kind: 'public', includePlaces: false })) as {
      url: string;
    };
    token = tokenOf(link.url);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await exiftool.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('hands out each camera’s picture as uploaded, less its places', async () => {
    const body = await view();
    for (const c of all) {
      const photo = body.photos.find((p) => p.fileName === c.name)!;
      const res = await get(photo.downloadUrl);
      expect(res.statusCode, `${c.name}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toContain(c.mimeType);
      await expectSamePictureWithoutPlace(res.rawPayload, c, c.name);
    }
    const scan = await get(body.documents.find((d) => d.name === 'scan.jpg')!.url);
    await expectSamePictureWithoutPlace(scan.rawPayload, all[0]!, 'scan.jpg');
  });

  it('sends a picture that names no place as stored, and keeps that answer', async () => {
    const photo = (await view()).photos.find((p) => p.fileName === 'plain.jpg')!;
    expect(sha((await get(photo.downloadUrl)).rawPayload)).toBe(sha(plain));
    const [row] = await t.db
      .select()
      .from(photos)
      .where(eq(photos.id, photoIds.get('plain.jpg')!));
    expect((await t.files.stat(`${row!.filePath}.noplace`)).size).toBe(0);
    expect(sha((await get(photo.downloadUrl)).rawPayload)).toBe(sha(plain));
  });

  it('makes each copy once and keeps it next to its original', async () => {
    const [row] = await t.db
      .select()
      .from(photos)
      .where(eq(photos.id, photoIds.get('phone.jpg')!));
    const copyKey = `${row!.filePath}.noplace`;
    const url = (await view()).photos.find((p) => p.fileName === 'phone.jpg')!.downloadUrl;
    const first = (await get(url)).rawPayload;
    const kept = await t.files.stat(copyKey);
    expect(sha((await get(url)).rawPayload)).toBe(sha(first));
    expect((await t.files.stat(copyKey)).version).toBe(kept.version);
  });

  it('refuses a damaged picture alone with 422', async () => {
    const body = await view();
    const broken = await get(body.documents.find((d) => d.name === 'broken.jpg')!.url);
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ code: 'CANNOT_CLEAN' });
    expect((await get(body.photos[0]!.downloadUrl)).statusCode).toBe(200);
  });

  it('"Download all" holds the same pictures without places, the plain one as uploaded, the damaged one left out', async () => {
    const res = await get((await view()).downloadAllUrl);
    expect(res.statusCode).toBe(200);
    const zip = await readZip(res.rawPayload);
    const doc = heirloomExportSchema.parse(JSON.parse(zip.get('heirloom.json')!.toString('utf8')));
    const named = (fileName: string) => {
      const entry = [...doc.photos, ...doc.documents].find((p) => p.fileName === fileName);
      return entry && zip.get(entry.path);
    };
    for (const c of all) await expectSamePictureWithoutPlace(named(c.name)!, c, `zip ${c.name}`);
    await expectSamePictureWithoutPlace(named('scan.jpg')!, all[0]!, 'zip scan.jpg');
    expect(sha(named('plain.jpg')!)).toBe(sha(plain));
    expect(named('broken.jpg')).toBeUndefined();
    expect(doc.photos.find((p) => p.fileName === 'IMG_0001.HEIC')).toMatchObject({ mimeType: 'image/heic' });
  });

  it('a deleted photo takes its kept copy along, and so does one that named no place', async () => {
    for (const name of ['phone.jpg', 'plain.jpg']) {
      const [row] = await t.db
        .select()
        .from(photos)
        .where(eq(photos.id, photoIds.get(name)!));
      expect(await t.files.exists(`${row!.filePath}.noplace`), name).toBe(true);
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/photos/${photoIds.get(name)}`, headers: { cookie: owner.cookie } });
      expect(removed.statusCode, removed.body).toBeLessThan(300);
      expect(await t.files.exists(`${row!.filePath}.noplace`), name).toBe(false);
    }
  });
});
