import { CheckCircle2, ImageUp, XCircle } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import { PHOTO_UPLOAD_MESSAGES } from '@shared/schemas/photos';
import { VIDEO_FILE_EXTENSIONS } from '@shared/schemas/videos';
import { FileDropZone, type FileRejection } from '@web/components/file-drop-zone';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/components/ui/use-toast';
import { useCapabilities } from '@web/lib/capabilities';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { PHOTO_ACCEPT } from '@web/lib/upload-types';
import { toastTitles } from '../toast-messages';
import { enqueueUploads, getUploads, subscribeUploads, type UploadItem } from '../upload-queue';
import { isVideoFile, videoProblem } from '../video-upload';

/**
 * The picker's filter: the spec's pictures, and videos by type (any video/*, judged afterwards) or by name
 * (decision 038). The wildcard stands alone: react-dropzone drops a wildcard that is given extensions.
 */
const GALLERY_ACCEPT: Record<string, string[]> = { ...PHOTO_ACCEPT, 'video/mp4': [...VIDEO_FILE_EXTENSIONS], 'video/*': [] };

const messages = defineMessages({
  refused: { id: 'photos.upload.refused', defaultMessage: '{file}: {problem}' },
});

/**
 * spec §2 Upload Photos card. Beyond the spec, several files may be dropped or selected at once: they are
 * uploaded one after another, each with its own progress bar. Issue 16: videos are taken too, sent with tus
 * (resumable) and checked early against the server's limit; pictures go exactly as the spec says. The queue is
 * the tab's (upload-queue.ts, decision 088): it goes on while the owner is on other pages, and shows here again.
 */
export function PhotoUploadCard() {
  const intl = useIntl();
  const capabilities = useCapabilities().data;
  const items = useSyncExternalStore(subscribeUploads, getUploads, getUploads);

  /** The early checks the drop zone cannot make: a picture's 10MB, a video's kind and the server's limit. */
  function problemOf(file: File) {
    if (isVideoFile(file)) return videoProblem(file, capabilities?.videoMaxBytes);
    return file.size > PHOTO_MAX_BYTES ? PHOTO_UPLOAD_MESSAGES.tooLarge : null;
  }

  const onDrop = (dropped: File[], rejected: FileRejection[]) => {
    const refusals = [
      ...rejected.map(({ file }) => intl.formatMessage(messages.refused, { file: file.name, problem: PHOTO_UPLOAD_MESSAGES.wrongType })),
      ...dropped.flatMap((file) => {
        const problem = problemOf(file);
        return problem ? [intl.formatMessage(messages.refused, { file: file.name, problem })] : [];
      }),
    ];
    if (refusals[0]) toast({ variant: 'destructive', title: intl.formatMessage(toastTitles.error), description: refusals[0] });
    enqueueUploads(
      dropped
        .filter((file) => problemOf(file) === null)
        .map((file) => ({ file, isVideo: isVideoFile(file), maxBytes: capabilities?.videoMaxBytes })),
    );
  };

  const videoKinds = capabilities
    ? intl.formatMessage(
        {
          id: 'photos.upload.videosUpTo',
          defaultMessage: 'Videos too: MP4, MOV, WebM, M4V, 3GP, MKV, MTS, AVI and MPEG up to {size}MB.',
        },
        { size: String(Math.round(capabilities.videoMaxBytes / (1024 * 1024))) },
      )
    : intl.formatMessage({ id: 'photos.upload.videos', defaultMessage: 'Videos too: MP4, MOV, WebM, M4V, 3GP, MKV, MTS, AVI and MPEG.' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'photos.upload.title', defaultMessage: 'Upload Photos' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'photos.upload.description',
            defaultMessage: 'Add photos and videos to your story; they keep their date, place and camera.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FileDropZone
          accept={GALLERY_ACCEPT}
          maxSize={Infinity}
          onDrop={onDrop}
          inputLabel={intl.formatMessage({ id: 'photos.upload.inputLabel', defaultMessage: 'Photo files' })}
          icon={ImageUp}
          prompt={intl.formatMessage({ id: 'photos.upload.prompt', defaultMessage: 'Drag & drop a photo here, or click to select' })}
          dragPrompt={intl.formatMessage({ id: 'photos.upload.dragPrompt', defaultMessage: 'Drop the photo here' })}
          hint={intl.formatMessage({ id: 'photos.upload.hint', defaultMessage: 'Supports JPEG, PNG, GIF, WebP, HEIC/HEIF up to 10MB' })}
          buttonLabel={intl.formatMessage({ id: 'photos.upload.select', defaultMessage: 'Select Photo' })}
        />
        <p className="-mt-2 text-sm text-muted-foreground">
          {videoKinds}
          {capabilities?.videoProcessing === false &&
            ` ${intl.formatMessage({
              id: 'photos.upload.noVideoProcessing',
              defaultMessage: 'This server keeps them for download; it cannot prepare them to play here.',
            })}`}
        </p>

        {items.length > 0 && (
          <ul aria-label={intl.formatMessage({ id: 'photos.upload.list', defaultMessage: 'Uploads' })} className="grid gap-3">
            {items.map((item) => (
              <li key={item.key} className="grid gap-1.5">
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 truncate">{item.name}</span>
                  <UploadStatus item={item} />
                </div>
                <Progress
                  value={item.progress}
                  aria-label={intl.formatMessage(
                    { id: 'photos.upload.progressLabel', defaultMessage: 'Upload progress of {file}' },
                    { file: item.name },
                  )}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UploadStatus({ item }: { item: UploadItem }) {
  const intl = useIntl();
  switch (item.status) {
    case 'waiting':
      return (
        <span className="shrink-0 text-muted-foreground">
          {intl.formatMessage({ id: 'photos.upload.waiting', defaultMessage: 'Waiting...' })}
        </span>
      );
    case 'uploading':
      return (
        <span className="shrink-0 text-muted-foreground">
          {intl.formatMessage({ id: 'photos.upload.uploading', defaultMessage: 'Uploading... {progress}%' }, { progress: item.progress })}
        </span>
      );
    case 'saving':
      return (
        <span className="shrink-0 text-muted-foreground">
          {intl.formatMessage({ id: 'photos.upload.saving', defaultMessage: 'Saving...' })}
        </span>
      );
    case 'done':
      return (
        <span className="inline-flex shrink-0 items-center gap-1 text-green-700">
          <CheckCircle2 aria-hidden="true" className="size-4" />{' '}
          {intl.formatMessage({ id: 'photos.upload.uploaded', defaultMessage: 'Uploaded' })}
        </span>
      );
    case 'failed':
      return (
        <span className="inline-flex shrink-0 items-center gap-1 text-destructive">
          <XCircle aria-hidden="true" className="size-4" /> {intl.formatMessage({ id: 'photos.upload.failed', defaultMessage: 'Failed' })}
        </span>
      );
  }
}
