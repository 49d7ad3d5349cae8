import { BookOpen, FileText, Film, HelpCircle, Image as ImageIcon, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { TimelineDocumentItem, TimelineItem, TimelineMemoryItem, TimelinePhotoItem } from '@shared/schemas/timeline';
import { InlineVideo } from '@web/components/inline-video';
import { ApproximateMark } from '@web/components/item-date-text';
import { useIntl } from '@web/lib/i18n/use-intl';
import { formatItemDate, type ItemDate } from '@web/lib/item-date';
import { MemoryAttachments } from './memory-attachments';

/** spec §2: one entry per item; an unknown type (a newer server, say) shows 'Unknown content'. */
export function TimelineEntry({ item }: { item: TimelineItem }) {
  const intl = useIntl();
  switch (item.type) {
    case 'photo':
      return <PhotoEntry item={item} />;
    case 'memory':
      return <MemoryEntry item={item} />;
    case 'document':
      return <DocumentEntry item={item} />;
    default:
      return (
        <EntryFrame icon={HelpCircle} label={intl.formatMessage({ id: 'timeline.entry.unknown', defaultMessage: 'Unknown' })}>
          <p className="text-muted-foreground">
            {intl.formatMessage({ id: 'timeline.entry.unknownContent', defaultMessage: 'Unknown content' })}
          </p>
        </EntryFrame>
      );
  }
}

/** An item's date as a person says it (decision 067): a photo with no date taken is "Undated", not its upload. */
const itemDate = (item: TimelinePhotoItem | TimelineMemoryItem | TimelineDocumentItem): ItemDate => ({
  date: item.date,
  precision: item.datePrecision,
  margin: item.dateMargin,
});

function EntryFrame({ icon: Icon, label, date, children }: { icon: LucideIcon; label: string; date?: ItemDate; children: ReactNode }) {
  return (
    // content-visibility lets the browser skip layout and paint of entries far off screen (long years)
    <article className="relative rounded-xl border bg-card p-4 shadow-sm [contain-intrinsic-size:auto_12rem] [content-visibility:auto] sm:p-5">
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        <span className="sr-only">{label}</span>
        {date &&
          (date.precision === null ? (
            <span>{formatItemDate(date)}</span>
          ) : (
            <time dateTime={date.date ?? undefined}>{formatItemDate(date)}</time>
          ))}
        {date && <ApproximateMark item={date} />}
      </div>
      <div className="mt-2">{children}</div>
    </article>
  );
}

function PhotoEntry({ item }: { item: TimelinePhotoItem }) {
  const intl = useIntl();
  const [hasFailed, setHasFailed] = useState(false);
  if (item.video) return <VideoEntry item={item} video={item.video} />;
  const title = item.title || intl.formatMessage({ id: 'timeline.entry.untitledPhoto', defaultMessage: 'Untitled Photo' }); // spec §2
  return (
    <EntryFrame icon={ImageIcon} label={intl.formatMessage({ id: 'timeline.entry.photo', defaultMessage: 'Photo' })} date={itemDate(item)}>
      <h3 className="text-lg font-semibold text-foreground">{title}</h3>
      {item.description && <p className="mt-1 whitespace-pre-line text-muted-foreground">{item.description}</p>}
      <div className="mt-3 aspect-[4/3] w-full max-w-md overflow-hidden rounded-lg border bg-muted">
        {hasFailed ? (
          <p className="flex size-full items-center justify-center p-4 text-sm text-muted-foreground">
            {intl.formatMessage({ id: 'timeline.entry.imageUnavailable', defaultMessage: 'Image unavailable' })}
          </p>
        ) : (
          <img
            src={`${item.filePath}?size=thumb`}
            alt={title}
            loading="lazy"
            decoding="async"
            width={400}
            height={300}
            onError={() => setHasFailed(true)}
            className="size-full object-cover"
          />
        )}
      </div>
    </EntryFrame>
  );
}

/** A video (decision 038): its poster with the play mark and length; a click plays it in place. */
function VideoEntry({ item, video }: { item: TimelinePhotoItem; video: NonNullable<TimelinePhotoItem['video']> }) {
  const intl = useIntl();
  const title = item.title || intl.formatMessage({ id: 'timeline.entry.untitledVideo', defaultMessage: 'Untitled Video' });
  const hasPoster = item.derivativeStatus === 'ready';
  return (
    <EntryFrame icon={Film} label={intl.formatMessage({ id: 'timeline.entry.video', defaultMessage: 'Video' })} date={itemDate(item)}>
      <h3 className="text-lg font-semibold text-foreground">{title}</h3>
      {item.description && <p className="mt-1 whitespace-pre-line text-muted-foreground">{item.description}</p>}
      <div className="mt-3 aspect-[4/3] w-full max-w-md overflow-hidden rounded-lg border bg-muted">
        <InlineVideo
          id={item.id}
          fileName={item.fileName}
          label={title}
          video={video}
          thumbnailUrl={hasPoster ? `${item.filePath}?size=thumb` : null}
          posterUrl={hasPoster ? `${item.filePath}?mobile=true` : null}
        />
      </div>
    </EntryFrame>
  );
}

function MemoryEntry({ item }: { item: TimelineMemoryItem }) {
  const intl = useIntl();
  return (
    <EntryFrame icon={BookOpen} label={intl.formatMessage({ id: 'timeline.entry.memory', defaultMessage: 'Memory' })} date={itemDate(item)}>
      <h3 className="text-lg font-semibold text-foreground">{item.title}</h3>
      <p className="mt-1 whitespace-pre-line text-foreground/90">{item.content}</p>
      {item.attachments.length > 0 && <MemoryAttachments attachments={item.attachments} />}
    </EntryFrame>
  );
}

function DocumentEntry({ item }: { item: TimelineDocumentItem }) {
  const intl = useIntl();
  return (
    <EntryFrame
      icon={FileText}
      label={intl.formatMessage({ id: 'timeline.entry.document', defaultMessage: 'Document' })}
      date={itemDate(item)}
    >
      <h3 className="text-lg font-semibold break-words text-foreground">{item.originalName || item.fileName}</h3>
      {item.description && <p className="mt-1 whitespace-pre-line text-muted-foreground">{item.description}</p>}
      <a
        href={`/api/vault/${item.id}`}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {intl.formatMessage({ id: 'timeline.entry.viewDocument', defaultMessage: 'View Document' })}
      </a>
    </EntryFrame>
  );
}
