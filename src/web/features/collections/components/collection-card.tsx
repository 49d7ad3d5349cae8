import { Album, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Collection } from '@shared/schemas/sharing';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';

const COUNTS = defineMessages({
  photos: { id: 'collections.counts.photos', defaultMessage: '{count, plural, one {# photo} other {{count, number, ::group-off} photos}}' },
  memories: {
    id: 'collections.counts.memories',
    defaultMessage: '{count, plural, one {# memory} other {{count, number, ::group-off} memories}}',
  },
  documents: {
    id: 'collections.counts.documents',
    defaultMessage: '{count, plural, one {# document} other {{count, number, ::group-off} documents}}',
  },
  empty: { id: 'collections.counts.empty', defaultMessage: 'Empty' },
});

/** What a collection holds, in words: "3 photos · 1 memory". */
export function countsText(collection: Pick<Collection, 'photoCount' | 'memoryCount' | 'documentCount'>) {
  const intl = activeIntl();
  const parts = [];
  if (collection.photoCount > 0) parts.push(intl.formatMessage(COUNTS.photos, { count: collection.photoCount }));
  if (collection.memoryCount > 0) parts.push(intl.formatMessage(COUNTS.memories, { count: collection.memoryCount }));
  if (collection.documentCount > 0) parts.push(intl.formatMessage(COUNTS.documents, { count: collection.documentCount }));
  return parts.length > 0 ? parts.join(' · ') : intl.formatMessage(COUNTS.empty);
}

export function CollectionCard({ collection, href }: { collection: Collection; href: string }) {
  // a cover that is a video still without its poster (decision 038) has no picture yet: the album mark stands in
  const [coverFailed, setCoverFailed] = useState(false);
  const intl = useIntl();
  return (
    <li className="group overflow-hidden rounded-xl border bg-card shadow-sm">
      <Link to={href} className="block outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset">
        <div className="relative aspect-[4/3] bg-muted">
          {collection.coverUrl && !coverFailed ? (
            <img
              src={collection.coverUrl}
              alt=""
              loading="lazy"
              decoding="async"
              onError={() => setCoverFailed(true)}
              className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-muted-foreground">
              <Album aria-hidden="true" className="size-10" />
            </span>
          )}
          {collection.linkCount > 0 && (
            <span className="absolute top-2 start-2 inline-flex items-center gap-1 rounded-full bg-card/95 px-2 py-0.5 text-xs font-medium text-foreground shadow-sm">
              <Users aria-hidden="true" className="size-3" />
              {intl.formatMessage({ id: 'collections.card.shared', defaultMessage: 'Shared' })}
            </span>
          )}
        </div>
        <div className="grid gap-1 p-3">
          <h2 className="truncate font-semibold">{collection.title}</h2>
          <p className="text-sm text-muted-foreground">{countsText(collection)}</p>
        </div>
      </Link>
    </li>
  );
}
