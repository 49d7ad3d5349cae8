import { CalendarDays, Download, FileText, MapPin } from 'lucide-react';
import type { SharedMemory } from '@shared/schemas/sharing';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ItemDateText } from '@web/components/item-date-text';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { memoryItemDate } from '@web/lib/item-date';
import { TagList } from '@web/components/tag-list';

type SharedAttachment = SharedMemory['attachments'][number];

// Browsers other than Safari cannot draw HEIC/HEIF or TIFF: those are offered as files.
const isDrawable = (mimeType: string) => /^image\/(jpeg|png|gif|webp|avif)$/.test(mimeType);

function AttachmentItem({ attachment }: { attachment: SharedAttachment }) {
  const intl = useIntl();
  if (isDrawable(attachment.mimeType)) {
    return (
      <a
        href={attachment.url}
        target="_blank"
        rel="noreferrer"
        className="block rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <img
          src={attachment.url}
          alt={attachment.fileName}
          loading="lazy"
          className="aspect-square w-full rounded-md border object-cover"
        />
      </a>
    );
  }
  if (attachment.mimeType.startsWith('audio/')) {
    return (
      <figure className="grid grid-cols-1 gap-1 rounded-md border p-2">
        <figcaption className="truncate text-xs text-muted-foreground">{attachment.fileName}</figcaption>
        {/* the original, then its M4A copy for browsers that cannot play WebM or Ogg (decision 040) */}
        <audio controls preload="none" aria-label={attachment.fileName} className="w-full">
          <source src={attachment.url} type={attachment.mimeType} />
          {attachment.playableUrl && <source src={attachment.playableUrl} type="audio/mp4" />}
        </audio>
      </figure>
    );
  }
  return (
    <a
      href={attachment.url}
      download={attachment.fileName}
      className="flex items-center gap-2 rounded-md border bg-muted/50 p-2 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1 truncate">{attachment.fileName}</span>
      <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(attachment.fileSize)}</span>
      <Download aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">{intl.formatMessage({ id: 'sharedView.memory.download', defaultMessage: 'Download' })}</span>
    </a>
  );
}

/** A shared memory, read-only: title, date, place when given, the text with its line breaks, tags, attachments. */
export function SharedMemoryCard({ memory }: { memory: SharedMemory }) {
  const intl = useIntl();
  const pictures = memory.attachments.filter((a) => isDrawable(a.mimeType));
  const others = memory.attachments.filter((a) => !isDrawable(a.mimeType));
  return (
    <Card role="article" aria-label={memory.title}>
      <CardHeader className="gap-1 p-4 sm:p-6">
        <CardTitle as="h3" className="break-words">
          {memory.title}
        </CardTitle>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-4" />
            <ItemDateText item={memoryItemDate(memory)} />
          </span>
          {memory.location && (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4" />
              <span className="sr-only">{intl.formatMessage({ id: 'sharedView.memory.place', defaultMessage: 'Place:' })} </span>
              {memory.location}
            </span>
          )}
        </p>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="break-words whitespace-pre-line">{memory.content}</p>
        <TagList tags={memory.tags} />
        {memory.attachments.length > 0 && (
          <div className="grid grid-cols-1 gap-2">
            <h4 className="text-sm font-medium">
              {intl.formatMessage(
                { id: 'sharedView.memory.attachments', defaultMessage: 'Attachments ({count})' },
                { count: String(memory.attachments.length) },
              )}
            </h4>
            {pictures.length > 0 && (
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                {pictures.map((attachment) => (
                  <li key={attachment.id}>
                    <AttachmentItem attachment={attachment} />
                  </li>
                ))}
              </ul>
            )}
            {others.length > 0 && (
              <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {others.map((attachment) => (
                  <li key={attachment.id}>
                    <AttachmentItem attachment={attachment} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
