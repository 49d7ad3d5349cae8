import { DetailedError, Upload } from 'tus-js-client';
import { isErrorBody } from '@web/lib/api-client';

// Resumable uploads (tus 1.0) of import archives (decision 029) and videos (decision 038): in chunks, retried
// after a network blip, and resumed where it stopped when the same file is chosen again after a reload
// (tus-js-client keeps each upload's fingerprint in localStorage).

/** 8 MiB: each request is short on a slow line, and a cut connection loses little. */
const CHUNK_BYTES = 8 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000];

export interface ResumableUploadOptions {
  /** The tus endpoint (POST creates an upload there). */
  endpoint: string;
  /** The type sent in the metadata when the browser gives the file none. */
  fallbackType: string;
  /** What a 413 from tus itself (plain text) means for this kind of file. */
  tooLargeMessage: string;
  onProgress?: (bytesSent: number, bytesTotal: number) => void;
  signal?: AbortSignal;
}

/** The server's `message` of a refused tus request, else a plain sentence (never a stack or a raw status). */
function uploadErrorMessage(error: Error, tooLargeMessage: string): string {
  if (error instanceof DetailedError && error.originalResponse) {
    try {
      const body: unknown = JSON.parse(error.originalResponse.getBody());
      if (isErrorBody(body)) return body.message;
    } catch {
      // not JSON: tus answers a too-large upload itself, in plain text
    }
    if (error.originalResponse.getStatus() === 413) return tooLargeMessage;
  }
  return 'The upload did not finish. Check your connection and try again.';
}

/** Sends one file with tus; resolves with the upload's id (the last part of its URL), which the caller hands on. */
export function uploadResumably(
  file: File,
  { endpoint, fallbackType, tooLargeMessage, onProgress, signal }: ResumableUploadOptions,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type || fallbackType },
      onProgress: (sent, total) => onProgress?.(sent, total),
      onError: (error) => reject(new Error(uploadErrorMessage(error, tooLargeMessage))),
      onSuccess: () => resolve(decodeURIComponent(new URL(upload.url ?? '', window.location.href).pathname.split('/').pop() ?? '')),
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
