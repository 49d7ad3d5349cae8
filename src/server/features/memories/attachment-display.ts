// HEIC/HEIF attachments (every iPhone photo) cannot be shown by Chrome or Firefox: a JPEG copy is made at
// upload and stored next to the original, which is kept untouched.
export const HEIF_TYPES = new Set(['image/heic', 'image/heif']);
export const isHeif = (mimeType: string) => HEIF_TYPES.has(mimeType);

/** Where the browser-displayable copy of an attachment lives (only HEIC/HEIF attachments have one). */
export const attachmentDisplayKey = (key: string) => `${key}.display.jpg`;
