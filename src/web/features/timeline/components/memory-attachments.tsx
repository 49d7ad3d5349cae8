import { FileAudio, FileText } from 'lucide-react';
import { useState } from 'react';
import type { TimelineAttachment } from '@shared/schemas/timeline';
import { DurationBadge } from '@web/components/duration-badge';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * Browsers cannot draw HEIC/HEIF: gallery photos and a memory's own files are served converted to JPEG,
 * vault documents as they are.
 */
function isDisplayableImage(attachment: TimelineAttachment) {
  if (attachment.type === 'photo') return true;
  return attachment.mimeType.startsWith('image/') && (attachment.type !== 'vault' || !/hei[cf]/i.test(attachment.mimeType));
}

/** Gallery photos have a small rendition; other files are served as they are. */
const thumbnailUrl = (attachment: TimelineAttachment) =>
  attachment.type === 'photo' ? `${attachment.filePath}?size=thumb` : attachment.filePath;

/** A linked gallery video (decision 038): its poster is its picture; the link plays the video itself. */
const isVideo = (attachment: TimelineAttachment) => attachment.type === 'photo' && attachment.mimeType.startsWith('video/');
const openUrl = (attachment: TimelineAttachment) =>
  isVideo(attachment) ? `/api/photos/video/${attachment.id.replace(/^p-/, '')}` : attachment.filePath;

/** spec §2: 'Attachments (n)'; images as thumbnails, other files as an icon with the file name. */
export function MemoryAttachments({ attachments }: { attachments: TimelineAttachment[] }) {
  const intl = useIntl();
  return (
    <div className="mt-4">
      <p className="text-sm font-medium text-foreground">
        {intl.formatMessage(
          { id: 'timeline.attachments.title', defaultMessage: 'Attachments ({count})' },
          { count: String(attachments.length) },
        )}
      </p>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <a
              href={openUrl(attachment)}
              target="_blank"
              rel="noopener noreferrer"
              className="relative block overflow-hidden rounded-lg border bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {isDisplayableImage(attachment) ? <AttachmentImage attachment={attachment} /> : <FileTile attachment={attachment} />}
              {isVideo(attachment) && <DurationBadge durationMs={null} className="pointer-events-none absolute end-1 bottom-1" />}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AttachmentImage({ attachment }: { attachment: TimelineAttachment }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (hasFailed) return <FileTile attachment={attachment} />;
  return (
    <img
      src={thumbnailUrl(attachment)}
      alt={attachment.fileName}
      loading="lazy"
      decoding="async"
      width={160}
      height={160}
      onError={() => setHasFailed(true)}
      className="aspect-square w-full object-cover"
    />
  );
}

function FileTile({ attachment }: { attachment: TimelineAttachment }) {
  const Icon = attachment.mimeType.startsWith('audio/') ? FileAudio : FileText;
  return (
    <span className="flex aspect-square w-full flex-col items-center justify-center gap-2 p-2 text-center">
      <Icon aria-hidden="true" className="size-8 text-primary" />
      <span className="line-clamp-2 text-xs break-all text-foreground">{attachment.fileName}</span>
    </span>
  );
}
