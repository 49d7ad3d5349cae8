// Is an uploaded image whole and sane? Dimensions come from the header (a decompression bomb is refused
// before a pixel is decoded); then the image is decoded at a tiny size with libvips failing on truncation
// (JPEG and WebP shrink on load, so this costs milliseconds for a phone photo). HEIC/HEIF pixels cannot be
// decoded by sharp; their conversion (a worker thread) reports a damaged file instead.
import sharp from 'sharp';
import { AppError, badRequest } from './errors';

/** Above any phone camera's native output, far below a decompression bomb. */
export const MAX_IMAGE_PIXELS = 120_000_000;

const UNDECODED = new Set(['image/heic', 'image/heif']);

export async function assertImagePixels(filePath: string) {
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(filePath, { limitInputPixels: false }).metadata();
    width = meta.width;
    height = meta.pageHeight ?? meta.height;
  } catch {
    throw badRequest('This file could not be read as an image', 'UNREADABLE_IMAGE');
  }
  if (!width || !height) throw badRequest('This file could not be read as an image', 'UNREADABLE_IMAGE');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      413,
      `This image is too large to process (${width} × ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`,
      'TOO_MANY_PIXELS',
    );
  }
}

export async function assertCompleteImage(filePath: string, mimeType: string) {
  if (UNDECODED.has(mimeType)) return;
  try {
    await sharp(filePath, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS }).resize(16, 16, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw badRequest('This image is damaged or incomplete. Please upload the original file again.', 'DAMAGED_IMAGE');
  }
}
