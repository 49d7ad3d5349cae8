// Reading an uploaded image, the same way for photos, memory attachments and profile pictures: its type from
// its bytes, its size from its header (a decompression bomb is refused before a pixel is decoded), a cheap
// decode at a tiny size that notices a damaged file, and HEIC/HEIF turned into a JPEG every browser can show
// (decoded in the app's one worker thread, lib/heic-decoder.ts).
import sharp, { type Metadata } from 'sharp';
import { AppError, badRequest } from './errors';
import type { DecodedImage, HeicDecoder } from './heic-decoder';
import { sniff, type DetectedType } from './uploads';
import { userText } from '@shared/i18n/text';

/** Above any phone camera's native output (a 108 MP full-resolution JPEG still fits), far below a bomb. */
export const MAX_IMAGE_PIXELS = 120_000_000;

/** Every image type heirloom accepts anywhere, by the type its bytes show; each route allows a subset. */
export const IMAGE_TYPES: Record<string, DetectedType> = {
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg' },
  'image/png': { mime: 'image/png', ext: 'png' },
  'image/gif': { mime: 'image/gif', ext: 'gif' },
  'image/webp': { mime: 'image/webp', ext: 'webp' },
  'image/heic': { mime: 'image/heic', ext: 'heic' },
  'image/heif': { mime: 'image/heif', ext: 'heif' },
};

/** sharp cannot decode these; the HEIC worker does. */
const HEIF_TYPES: ReadonlySet<string> = new Set(['image/heic', 'image/heif']);
export const isHeif = (mimeType: string) => HEIF_TYPES.has(mimeType);

const unreadable = () => badRequest(userText('This file could not be read as an image'), 'UNREADABLE_IMAGE');
export const damagedImage = () =>
  badRequest(userText('This image is damaged or incomplete. Please upload the original file again.'), 'DAMAGED_IMAGE');
const tooManyPixels = (width: number, height: number) =>
  new AppError(
    413,
    `This image is too large to process (${width} × ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`,
    'TOO_MANY_PIXELS',
  );

/** The image type of an upload's first bytes when `allowed` lists it, else undefined (the route refuses it). */
export async function detectImageType(head: Buffer, allowed: readonly string[]): Promise<DetectedType | undefined> {
  const found = await sniff(head);
  const type = found && IMAGE_TYPES[found.mime];
  return type && allowed.includes(type.mime) ? type : undefined;
}

export interface ImageHeader {
  format: string;
  /** As displayed, i.e. after the EXIF orientation (HEIF decoders apply their own transformations). */
  width: number;
  height: number;
  isAnimated: boolean;
  hasAlpha: boolean;
  exif?: Buffer;
}

/** Reads only the header: a 50,000 × 50,000 PNG of a few hundred bytes is refused here, never decoded. */
export async function readImageHeader(filePath: string): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    meta = await sharp(filePath, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const { width, height } = meta;
  if (!width || !height) throw unreadable();
  const frameHeight = meta.pageHeight ?? height;
  if (width * frameHeight > MAX_IMAGE_PIXELS) throw tooManyPixels(width, frameHeight);
  const swap = (meta.orientation ?? 1) >= 5;
  return {
    format: meta.format ?? 'unknown',
    width: swap ? frameHeight : width,
    height: swap ? width : frameHeight,
    isAnimated: (meta.pages ?? 1) > 1,
    hasAlpha: meta.hasAlpha ?? false,
    exif: meta.exif,
  };
}

/**
 * Decodes the image at a tiny size with libvips failing on truncation (JPEG and WebP shrink on load, so this
 * costs milliseconds for a phone photo). HEIC/HEIF is checked when the worker decodes it (decodeHeic).
 */
export async function assertCompleteImage(filePath: string, mimeType: string) {
  if (isHeif(mimeType)) return;
  try {
    await sharp(filePath, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS }).resize(16, 16, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw damagedImage();
  }
}

/** A HEIC/HEIF's primary image as RGBA pixels, with the same refusals as any other upload. */
export async function decodeHeic(heic: HeicDecoder, filePath: string): Promise<DecodedImage> {
  let decoded: DecodedImage;
  try {
    decoded = await heic.decode(filePath);
  } catch {
    throw damagedImage();
  }
  if (decoded.width * decoded.height > MAX_IMAGE_PIXELS) throw tooManyPixels(decoded.width, decoded.height);
  return decoded;
}

/** RGBA pixels as sharp input (transparency is flattened by the caller's encoder). */
export const rawPixels = (decoded: DecodedImage) =>
  sharp(decoded.data, { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: MAX_IMAGE_PIXELS });

/** A full-size JPEG of a HEIC/HEIF, on white, for browsers that cannot show HEIC (Chrome, Firefox). */
export async function heicToJpeg(heic: HeicDecoder, filePath: string): Promise<Buffer> {
  const decoded = await decodeHeic(heic, filePath);
  return rawPixels(decoded).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}
