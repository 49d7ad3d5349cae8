// The sizes a photo is shown at, made once per photo (never on the request path): a grid thumbnail, a
// mobile size, and for HEIC/HEIF (which most browsers cannot show) a full-size JPEG.
import sharp, { type Sharp } from 'sharp';
import type { HeicDecoder } from '../../lib/heic-decoder';
import { decodeHeic, isHeif, MAX_IMAGE_PIXELS, rawPixels } from '../../lib/images';

const THUMB_PX = 400;
const MOBILE_PX = 1280;

export type Variant = 'thumb' | 'mobile' | 'display';

/** Derivative keys sit next to the original's key, so every file of a photo is found from its row. */
export function derivativeKey(originalKey: string, variant: Variant): string {
  switch (variant) {
    case 'thumb':
      return `${originalKey}.thumb.webp`;
    case 'mobile':
      return `${originalKey}.mobile.jpg`;
    case 'display':
      return `${originalKey}.display.jpg`;
  }
}

export const VARIANT_TYPES: Record<Variant, string> = { thumb: 'image/webp', mobile: 'image/jpeg', display: 'image/jpeg' };

const DERIVATIVE_SUFFIX = /\.(thumb\.webp|mobile\.jpg|display\.jpg|preview\.mp4|play\.mp4)$/;
export const isDerivativeKey = (key: string) => DERIVATIVE_SUFFIX.test(key);

export interface Rendered {
  width: number;
  height: number;
  files: Partial<Record<Variant, Buffer>>;
}

const WHITE = { r: 255, g: 255, b: 255 };

const toMobile = (img: Sharp) =>
  img
    .resize(MOBILE_PX, MOBILE_PX, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: WHITE })
    .jpeg({ quality: 80, progressive: true })
    .toBuffer();

const toThumb = (img: Sharp) =>
  img.resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75, effort: 2 }).toBuffer();

/** Render every derivative of one original. EXIF orientation is applied; metadata (GPS!) is not copied. */
export async function renderDerivatives(originalPath: string, mimeType: string, heic: HeicDecoder): Promise<Rendered> {
  const limits = { limitInputPixels: MAX_IMAGE_PIXELS };
  if (isHeif(mimeType)) {
    const decoded = await decodeHeic(heic, originalPath); // libheif has already applied the HEIF transformations
    // two encoders side by side: the full-size JPEG keeps one core busy, the resize the other
    const [display, mobile] = await Promise.all([
      rawPixels(decoded).flatten({ background: WHITE }).jpeg({ quality: 90 }).toBuffer(),
      toMobile(rawPixels(decoded)),
    ]);
    const thumb = await toThumb(sharp(mobile));
    return { width: decoded.width, height: decoded.height, files: { display, mobile, thumb } };
  }
  const meta = await sharp(originalPath, limits).metadata();
  const animated = (meta.pages ?? 1) > 1;
  const source = () => sharp(originalPath, limits).rotate();
  if (animated) {
    const thumb = await toThumb(source()); // the first frame
    return { width: meta.width ?? 0, height: meta.pageHeight ?? meta.height ?? 0, files: { thumb } };
  }
  const mobile = await toMobile(source());
  const thumb = await toThumb(sharp(mobile)); // from the mobile size: far cheaper than decoding the original again
  const swap = (meta.orientation ?? 1) >= 5;
  return {
    width: (swap ? meta.height : meta.width) ?? 0,
    height: (swap ? meta.width : meta.height) ?? 0,
    files: { mobile, thumb },
  };
}
