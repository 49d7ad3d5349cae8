// The clean copies and zip names of a share, on their own: orientation applied before the metadata goes,
// formats kept where sharp writes them, names that every zip tool and file system accept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { HeicDecoder } from '../../lib/heic-decoder';
import { cleanTypeOf, createCleaner, needsCleaning, withExtension } from './shared-files';
import { safeNamePart, zipNames } from './shared-zip';
import { gpsJpeg } from './shared-view.test-world';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-shared-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const noHeic = {} as HeicDecoder; // no HEIC here: the decoder is never called

async function stored(name: string, bytes: Buffer) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('clean copies', () => {
  it('turns a sideways phone photo upright and drops its EXIF, GPS included', async () => {
    const sideways = await sharp(await gpsJpeg())
      .withExif({
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 3024/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4020/100' },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await exifr.gps(sideways)).toBeDefined();
    const clean = await createCleaner(noHeic).image(await stored('sideways.jpg', sideways), 'image/jpeg');
    const meta = await sharp(clean).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(await exifr.gps(clean)).toBeUndefined();
  });

  it('keeps PNG, WebP and GIF in their own format', async () => {
    const cleaner = createCleaner(noHeic);
    const base = sharp({ create: { width: 10, height: 6, channels: 4, background: '#36c8' } });
    for (const [format, mime] of [
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      const file = await stored(`a.${format}`, await base.clone().toFormat(format).toBuffer());
      expect((await sharp(await cleaner.image(file, mime)).metadata()).format, mime).toBe(format);
      expect(cleanTypeOf(mime)).toEqual({ mimeType: mime, ext: format });
    }
  });

  it('refuses with 422 what it cannot decode, and lets many requests through two at a time', async () => {
    const cleaner = createCleaner(noHeic);
    const junk = await stored('junk.jpg', Buffer.from('not a picture'));
    await expect(cleaner.image(junk, 'image/jpeg')).rejects.toMatchObject({ statusCode: 422, code: 'CANNOT_CLEAN' });
    const photo = await stored('photo.jpg', await gpsJpeg());
    const copies = await Promise.all(Array.from({ length: 7 }, () => cleaner.image(photo, 'image/jpeg')));
    expect(new Set(copies.map((c) => c.length)).size).toBe(1);
  });

  it('knows which types carry no metadata, and names a copy by its new type', () => {
    expect(needsCleaning('image/jpeg')).toBe(true);
    expect(needsCleaning('image/heic')).toBe(true);
    expect(needsCleaning('image/bmp')).toBe(false);
    expect(needsCleaning('application/pdf')).toBe(false);
    expect(cleanTypeOf('image/heic')).toEqual({ mimeType: 'image/jpeg', ext: 'jpg' });
    expect(withExtension('IMG_0001.HEIC', 'jpg')).toBe('IMG_0001.jpg');
    expect(withExtension('scan.jpeg', 'jpg')).toBe('scan.jpeg');
    expect(withExtension('no extension', 'png')).toBe('no extension.png');
  });
});

describe('zip names', () => {
  it('removes separators, control characters and leading dots, and never leaves a name empty', () => {
    expect(safeNamePart('../../etc/passwd', 'x')).toBe('_.._etc_passwd');
    expect(safeNamePart('a\u0000b\nc', 'x')).toBe('a_b_c');
    expect(safeNamePart('Tea: "at 5"?', 'x')).toBe('Tea_ _at 5_');
    expect(safeNamePart('...', 'fallback')).toBe('fallback');
    expect(safeNamePart('x'.repeat(500), 'f')).toHaveLength(120);
  });

  it('hands out each name once, whatever its case', () => {
    const unique = zipNames();
    expect(['photos/a.jpg', 'photos/A.jpg', 'photos/a.jpg', 'photos/b'].map(unique)).toEqual([
      'photos/a.jpg',
      'photos/A (2).jpg',
      'photos/a (3).jpg',
      'photos/b',
    ]);
  });
});
