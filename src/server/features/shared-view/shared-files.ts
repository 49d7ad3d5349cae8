// The bytes a share hands out. Without "Include places" no raster image leaves heirloom with its metadata
// (EXIF GPS, XMP, maker notes): it is decoded and encoded again, which sharp does without copying any
// metadata unless asked, with the EXIF orientation applied first so the picture still stands upright.
import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { atMost } from '../../lib/at-most';
import { AppError } from '../../lib/errors';
import type { HeicDecoder } from '../../lib/heic-decoder';
import { heicToJpeg, isHeif, MAX_IMAGE_PIXELS } from '../../lib/images';

/** Formats sharp writes as well as reads: a copy keeps its format, everything else becomes a JPEG. */
const WRITABLE: Record<string, { ext: string; encode: (img: Sharp) => Sharp }> = {
  'image/jpeg': { ext: 'jpg', encode: (img) => img.jpeg({ quality: 92 }) },
  'image/png': { ext: 'png', encode: (img) => img.png() },
  'image/webp': { ext: 'webp', encode: (img) => img.webp({ quality: 90 }) },
  'image/gif': { ext: 'gif', encode: (img) => img.gif() },
  'image/tiff': { ext: 'tiff', encode: (img) => img.tiff() },
  'image/avif': { ext: 'avif', encode: (img) => img.avif({ quality: 70 }) },
};
const AS_JPEG = { ext: 'jpg', encode: (img: Sharp) => img.flatten({ background: '#ffffff' }).jpeg({ quality: 92 }) };

/** Image formats without a place for camera metadata: safe to send as stored. */
const WITHOUT_METADATA: ReadonlySet<string> = new Set(['image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon']);

/** Whether a file of this type must be re-encoded when places are left out. */
export const needsCleaning = (mimeType: string) => mimeType.startsWith('image/') && !WITHOUT_METADATA.has(mimeType);

interface CleanImage {
  mimeType: string;
  ext: string;
}

/** The type a cleaned copy of a stored image is sent as. */
export function cleanTypeOf(mimeType: string): CleanImage {
  if (isHeif(mimeType)) return { mimeType: 'image/jpeg', ext: 'jpg' };
  const writable = WRITABLE[mimeType];
  return writable ? { mimeType, ext: writable.ext } : { mimeType: 'image/jpeg', ext: AS_JPEG.ext };
}

const cannotClean = () =>
  new AppError(422, 'This image cannot be shown without its places. Ask the owner to include places for this link.', 'CANNOT_CLEAN');

async function cleanPipeline(fullPath: string, mimeType: string): Promise<Sharp> {
  const limits = { limitInputPixels: MAX_IMAGE_PIXELS };
  let animated: boolean;
  try {
    animated = ((await sharp(fullPath, limits).metadata()).pages ?? 1) > 1;
  } catch {
    throw cannotClean();
  }
  const writable = WRITABLE[mimeType];
  const keepFrames = animated && (mimeType === 'image/gif' || mimeType === 'image/webp');
  const img = sharp(fullPath, { ...limits, animated: keepFrames });
  // an animation keeps its frames as they are; a still picture is turned upright before its EXIF goes
  return (writable ?? AS_JPEG).encode(keepFrames ? img : img.rotate());
}

/** Decoding a full-size picture takes a core and up to a few hundred MB: a few at a time, the rest wait their turn. */
const CLEANING_AT_ONCE = 2;

/** Makes the metadata-free copies of one share service, at most CLEANING_AT_ONCE at a time. */
export function createCleaner(heic: HeicDecoder, atOnce = CLEANING_AT_ONCE) {
  const inTurn = atMost(atOnce);

  async function image(fullPath: string, mimeType: string): Promise<Buffer> {
    return inTurn(async () => {
      try {
        if (isHeif(mimeType)) return await heicToJpeg(heic, fullPath);
        return await (await cleanPipeline(fullPath, mimeType)).toBuffer();
      } catch {
        throw cannotClean();
      }
    });
  }

  return {
    /** A metadata-free copy of a stored image, in memory (the response needs its length). */
    image,

    /**
     * The same copy as a stream, for the zip. Made in full first (sharp encodes the whole picture before it
     * sends a byte anyway), so its place is free again while a slow client reads it.
     */
    async stream(fullPath: string, mimeType: string): Promise<Readable> {
      return Readable.from([await image(fullPath, mimeType)]);
    },
  };
}

/** `name.heic` → `name.jpg` when the copy changed format. */
export function withExtension(fileName: string, ext: string): string {
  const stem = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const current = /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase();
  if (current === ext || (current === 'jpeg' && ext === 'jpg') || (current === 'tif' && ext === 'tiff')) return fileName;
  return `${stem || 'image'}.${ext}`;
}
