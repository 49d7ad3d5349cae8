// HEIC/HEIF attachments (every iPhone photo) cannot be shown by Chrome or Firefox: a JPEG copy is made at
// upload and stored next to the original, which is kept untouched.

/** Where the browser-displayable copy of an attachment lives (only HEIC/HEIF attachments have one). */
export const attachmentDisplayKey = (key: string) => `${key}.display.jpg`;
