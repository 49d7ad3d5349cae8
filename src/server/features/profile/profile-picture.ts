// A profile picture is never stored as uploaded: it is decoded, turned upright, shrunk and re-encoded,
// which also drops every piece of metadata (EXIF, GPS, XMP, ICC comments) the original carried.
import sharp from 'sharp';
import { PROFILE_PICTURE_MAX_BYTES } from '@shared/limits';
import { PROFILE_PICTURE_TYPES } from '@shared/schemas/profile';
import { damagedImage, detectImageType, MAX_IMAGE_PIXELS, readImageHeader } from '../../lib/images';
import type { DetectedType, ReceiveOptions } from '../../lib/uploads';
import { userText } from '@shared/i18n/text';

const PROFILE_PICTURE_SIZE_PX = 512;
export const PROFILE_PICTURE_MIME = 'image/jpeg';
export const PROFILE_PICTURE_EXT = 'jpg';

/** spec §5: jpeg, png, gif or webp, recognised by the file's bytes (its name and claimed type are ignored). */
const acceptProfilePicture = (head: Buffer): Promise<DetectedType | undefined> => detectImageType(head, PROFILE_PICTURE_TYPES);

/** POST /api/user/profile-picture, read by lib/uploads.ts (spec §5 messages). */
export const PROFILE_PICTURE_UPLOAD: ReceiveOptions = {
  field: 'profilePicture',
  maxBytes: PROFILE_PICTURE_MAX_BYTES,
  maxFiles: 1,
  accept: acceptProfilePicture,
  messages: {
    tooLarge: userText('Please select an image smaller than 5MB.'),
    wrongType: userText('Please select a JPEG, PNG, GIF or WebP image.'),
    missing: userText('Please select an image to upload.'),
    tooMany: userText('Please select a single image.'),
    empty: userText('The selected image is empty.'),
  },
};

/**
 * The stored form: JPEG (any reader, exifr included, can verify it carries no metadata), at most 512 px on
 * its longer side, orientation applied, transparency flattened onto white, no metadata.
 */
export async function reencodeProfilePicture(sourcePath: string): Promise<Buffer> {
  await readImageHeader(sourcePath); // the same refusal of unreadable files and decompression bombs as every upload
  try {
    return await sharp(sourcePath, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize(PROFILE_PICTURE_SIZE_PX, PROFILE_PICTURE_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw damagedImage();
  }
}
