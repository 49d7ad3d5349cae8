// The bytes a share hands out. Without "Include places" no raster image leaves heirloom with its metadata
// (EXIF GPS, XMP, maker notes): it is decoded and encoded again, which sharp does without copying any
// metadata unless asked, with the EXIF orientation applied first so the picture still stands upright.
import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
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

export interface CleanImage {
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

/** A metadata-free copy of a stored image, in memory (the response needs its length). */
export async function cleanImage(fullPath: string, mimeType: string, heic: HeicDecoder): Promise<Buffer> {
  if (isHeif(mimeType)) {
    try {
      return await heicToJpeg(heic, fullPath);
    } catch {
      throw cannotClean();
    }
  }
  const img = await cleanPipeline(fullPath, mimeType);
  try {
    return await img.toBuffer();
  } catch {
    throw cannotClean();
  }
}

/** The same copy as a stream, for the zip (nothing waits for its length there). */
export async function cleanImageStream(fullPath: string, mimeType: string, heic: HeicDecoder): Promise<Readable> {
  if (isHeif(mimeType)) {
    return Readable.from([await cleanImage(fullPath, mimeType, heic)]);
  }
  return cleanPipeline(fullPath, mimeType);
}

/** `name.heic` → `name.jpg` when the copy changed format. */
export function withExtension(fileName: string, ext: string): string {
  const stem = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const current = /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase();
  if (current === ext || (current === 'jpeg' && ext === 'jpg') || (current === 'tif' && ext === 'tiff')) return fileName;
  return `${stem || 'image'}.${ext}`;
}
