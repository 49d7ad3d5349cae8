import { DetailedError, Upload } from 'tus-js-client';
import { PHOTO_MIME_TYPES } from '@shared/schemas/photos';
import { VIDEO_FILE_EXTENSIONS, VIDEO_MIME_TYPES, VIDEO_UPLOADS_PATH, videoMessages } from '@shared/schemas/videos';
import { isErrorBody } from '@web/lib/api-client';

// Decision 038: a video goes up with tus, like an import's archive (decision 029): in chunks, retried after a
// network blip, and resumed where it stopped when the same file is chosen again after a reload (tus-js-client
// keeps each upload's fingerprint in localStorage). Pictures keep the spec's multipart POST /api/photos.

/** 8 MiB: each request is short on a slow line, and a cut connection loses little. */
const CHUNK_BYTES = 8 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000];

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

/** The server's `message` of a refused tus request, else a plain sentence (never a stack or a raw status). */
function uploadErrorMessage(error: Error, maxBytes: number | undefined): string {
  if (error instanceof DetailedError && error.originalResponse) {
    try {
      const body: unknown = JSON.parse(error.originalResponse.getBody());
      if (isErrorBody(body)) return body.message;
    } catch {
      // not JSON: tus answers a too-large upload itself, in plain text
    }
    if (error.originalResponse.getStatus() === 413 && maxBytes !== undefined) return videoMessages(maxBytes).tooLarge;
  }
  return 'The upload did not finish. Check your connection and try again.';
}

/**
 * Sends one video with tus; resolves with the upload's id for POST /api/photos/videos. `onProgress` gets whole
 * percents of the bytes the server has.
 */
export function uploadVideoFile(
  file: File,
  { onProgress, maxBytes, signal }: { onProgress?: (percent: number) => void; maxBytes?: number; signal?: AbortSignal },
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: VIDEO_UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      onProgress: (sent, total) => onProgress?.(total > 0 ? Math.floor((sent / total) * 100) : 0),
      onError: (error) => reject(new Error(uploadErrorMessage(error, maxBytes))),
      onSuccess: () => {
        // the upload URL ends with its id: /api/photos/video-uploads/<id>
        const id = decodeURIComponent(new URL(upload.url ?? '', window.location.href).pathname.split('/').pop() ?? '');
        resolve(id);
      },
    });
    signal?.addEventListener('abort', () => void upload.abort(), { once: true });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(() => upload.start());
  });
}
