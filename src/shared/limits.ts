// spec §9: business constants, used by both the server (enforcement) and the web (early feedback).
export const MB = 1024 * 1024;
export const PHOTO_MAX_BYTES = 10 * MB;
export const VAULT_FILE_MAX_BYTES = 15 * MB;
export const VAULT_QUOTA_BYTES = 100 * MB;
export const ATTACHMENT_MAX_BYTES = 15 * MB;
export const ATTACHMENT_MAX_FILES = 5;
export const PROFILE_PICTURE_MAX_BYTES = 5 * MB;
export const PASSWORD_MIN_LENGTH = 8;
export const DASHBOARD_RECENT_PHOTOS = 8;
export const MOBILE_BREAKPOINT_PX = 768;
export const PHOTO_RETRY_DELAY_MS = 2000;
export const EARLIEST_YEAR = 1900;
/** Longest text we accept in any free-text field; generous for stories, bounded against abuse. */
export const MAX_TEXT_LENGTH = 100_000;
export const MAX_SHORT_TEXT_LENGTH = 500;
/** Resumable uploads one account may hold at once: begun and not yet used (finished or not). */
export const OPEN_UPLOADS_MAX = 10;
/** A resumable upload that nothing was sent to, and that was not used, for this long is removed. */
export const UPLOAD_UNTOUCHED_MS = 24 * 60 * 60 * 1000;
