import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { queryClient } from '@web/lib/query-client';
import { uploadPhoto, uploadVideo } from './api';
import { toastTitles } from './toast-messages';
import type { UploadRequest } from './upload-queue';

// What sends one file of the upload queue (upload-queue.ts) and tells how it went: fetched with the first file,
// so the layout that shows the queue on every page does not carry it.

const messages = defineMessages({
  videoFailed: { id: 'photos.upload.videoFailed', defaultMessage: 'Failed to upload video' },
  photoFailed: { id: 'photos.upload.photoFailed', defaultMessage: 'Failed to upload photo' },
  photoDone: { id: 'photos.upload.photoDone', defaultMessage: 'Photo uploaded successfully.' },
  videoDone: { id: 'photos.upload.videoDone', defaultMessage: 'Video uploaded successfully.' },
});

/** Sends the file, then updates the cached lists it appears in (the app's one QueryClient, whichever page is shown). */
export async function sendUpload({ file, isVideo, maxBytes }: UploadRequest, signal: AbortSignal, onProgress: (percent: number) => void) {
  if (isVideo) await uploadVideo(queryClient, { file, maxBytes, signal, onProgress });
  else await uploadPhoto(queryClient, { file, onProgress });
}

export function announceDone(isVideo: boolean) {
  const intl = activeIntl();
  toast({
    title: intl.formatMessage(toastTitles.success),
    description: intl.formatMessage(isVideo ? messages.videoDone : messages.photoDone),
  });
}

/** What a failed upload says: the server's message, the tus upload's own sentence, or the spec's fallback. */
export function announceFailure(error: unknown, isVideo: boolean) {
  const intl = activeIntl();
  const description =
    error instanceof ApiError || !(error instanceof Error)
      ? errorMessage(error, intl.formatMessage(isVideo ? messages.videoFailed : messages.photoFailed))
      : error.message;
  toast({ variant: 'destructive', title: intl.formatMessage(toastTitles.error), description });
}
