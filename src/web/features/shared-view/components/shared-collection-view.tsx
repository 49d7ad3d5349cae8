import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SharedCollection } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import { formatLongDate } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { SharedDocumentList } from './shared-document-list';
import { SharedMemoryCard } from './shared-memory-card';
import { SharedPhotoGrid } from './shared-photo-grid';

function Section({ name, title, count, children }: { name: string; title: string; count: number; children: ReactNode }) {
  const id = `shared-${name}`;
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-4">
      <h2 id={id} className="text-xl font-semibold sm:text-2xl">
        {title} <span className="text-base font-normal text-muted-foreground">({count})</span>
      </h2>
      {children}
    </section>
  );
}

/**
 * A shared collection as its recipient sees it, read-only: the same view for a link (/s/:token) and for
 * Shared with me. Empty sections are left out.
 */
export function SharedCollectionView({ collection }: { collection: SharedCollection }) {
  const intl = useIntl();
  const { photos, memories, documents } = collection;
  const isEmpty = photos.length + memories.length + documents.length === 0;

  return (
    <article aria-labelledby="shared-collection-title" className="grid grid-cols-1 gap-8 sm:gap-10">
      <header className="grid grid-cols-1 gap-4">
        <div className="grid grid-cols-1 gap-2">
          <p className="text-sm font-medium text-primary">
            {intl.formatMessage(
              { id: 'sharedView.collection.sharedBy', defaultMessage: 'Shared by {name}' },
              { name: collection.ownerName },
            )}
          </p>
          <h1 id="shared-collection-title" className="text-3xl font-semibold break-words sm:text-4xl">
            {collection.title}
          </h1>
          {collection.description && (
            <p className="max-w-prose break-words whitespace-pre-line text-muted-foreground">{collection.description}</p>
          )}
          {collection.expiresAt && (
            <p className="text-sm text-muted-foreground">
              {intl.formatMessage(
                { id: 'sharedView.collection.availableUntil', defaultMessage: 'Available until <time>{date}</time>' },
                {
                  date: formatLongDate(collection.expiresAt),
                  time: (chunks) => <time dateTime={collection.expiresAt ?? undefined}>{chunks}</time>,
                },
              )}
            </p>
          )}
        </div>
        {!isEmpty && (
          <Button asChild size="lg" className="w-full sm:w-fit">
            <a href={collection.downloadAllUrl} download>
              <Download aria-hidden="true" />
              {intl.formatMessage({ id: 'sharedView.collection.downloadAll', defaultMessage: 'Download all' })}
            </a>
          </Button>
        )}
      </header>

      {isEmpty && (
        <p className="rounded-xl border border-dashed bg-card/60 px-6 py-12 text-center text-muted-foreground">
          {intl.formatMessage({ id: 'sharedView.collection.empty', defaultMessage: 'Nothing has been added to this collection yet.' })}
        </p>
      )}

      {photos.length > 0 && (
        <Section
          name="photos"
          title={intl.formatMessage({ id: 'sharedView.collection.photos', defaultMessage: 'Photos' })}
          count={photos.length}
        >
          <SharedPhotoGrid photos={photos} />
        </Section>
      )}
      {memories.length > 0 && (
        <Section
          name="memories"
          title={intl.formatMessage({ id: 'sharedView.collection.memories', defaultMessage: 'Memories' })}
          count={memories.length}
        >
          <div className="grid grid-cols-1 gap-4">
            {memories.map((memory) => (
              <SharedMemoryCard key={memory.id} memory={memory} />
            ))}
          </div>
        </Section>
      )}
      {documents.length > 0 && (
        <Section
          name="documents"
          title={intl.formatMessage({ id: 'sharedView.collection.documents', defaultMessage: 'Documents' })}
          count={documents.length}
        >
          <SharedDocumentList documents={documents} />
        </Section>
      )}
    </article>
  );
}
