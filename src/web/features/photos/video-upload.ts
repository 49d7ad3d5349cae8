import { PHOTO_MIME_TYPES } from '@shared/schemas/photos';
import { VIDEO_FILE_EXTENSIONS, VIDEO_MIME_TYPES, VIDEO_UPLOADS_PATH, videoMessages } from '@shared/schemas/videos';
import { uploadResumably } from '@web/lib/resumable-upload';

// Decision 038: a video goes up with tus, like an import's archive (lib/resumable-upload.ts); pictures keep the
// spec's multipart POST /api/photos.

const extensionOf = (name: string) => /\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '';

/**
 * Whether the gallery sends this file as a video: a video type, or a video's extension (desktops often give a
 * .mts or .mkv no type). A picture type wins, so an image is never sent down the video path by its name.
 */
export function isVideoFile(file: Pick<File, 'name' | 'type'>): boolean {
  if ((PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return false;
  return file.type.startsWith('video/') || (VIDEO_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

/**
 * The early check of a video before anything is sent: its kind (by type or name; the server judges the bytes)
 * and its size against the server's limit, when known. Returns the message to show, or null.
 */
export function videoProblem(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes: number | undefined): string | null {
  const messages = videoMessages(maxBytes ?? 0);
  const knownType = (VIDEO_MIME_TYPES as readonly string[]).includes(file.type);
  const knownName = (VIDEO_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  if (!knownType && !knownName) return messages.wrongType;
  if (maxBytes !== undefined && file.size > maxBytes) return messages.tooLarge;
  return null;
}

/**
 * Sends one video with tus (decision 038); resolves with the upload's id for POST /api/photos/videos.
 * `onProgress` gets whole percents of the bytes the server has. `signal` stops it, keeping what the server has:
 * the same file chosen again continues from there; the promise then rejects with the signal's reason.
 */
export function uploadVideoFile(
  file: File,
  { onProgress, maxBytes, signal }: { onProgress?: (percent: number) => void; maxBytes?: number; signal?: AbortSignal },
): Promise<string> {
  const upload = uploadResumably(file, {
    endpoint: VIDEO_UPLOADS_PATH,
    fallbackType: 'application/octet-stream',
    tooLargeMessage: videoMessages(maxBytes ?? 0).tooLarge,
    onProgress: (sent, total) => onProgress?.(total > 0 ? Math.floor((sent / total) * 100) : 0),
    signal,
  });
  if (!signal) return upload;
  const stopped = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  return Promise.race([upload, stopped]);
}
