import type { PHOTO_MIME_TYPES } from '@shared/schemas/photos';

type PhotoMimeType = (typeof PHOTO_MIME_TYPES)[number];

// The file picker's filters (react-dropzone's `accept`): MIME type → extensions. Browsers often give a
// HEIC no MIME type, so the extension counts too; the server decides from the bytes in the end.

/** spec §5: jpeg, jpg, png, gif, webp, heic, heif; keyed by the shared list, so the two cannot drift apart. */
export const PHOTO_ACCEPT: Record<PhotoMimeType, string[]> = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
};

/** spec §5: memory attachments are the photo types plus audio. */
export const ATTACHMENT_ACCEPT: Record<string, string[]> = {
  ...PHOTO_ACCEPT,
  'audio/mpeg': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/ogg': ['.ogg'],
  'audio/mp4': ['.m4a'],
};
