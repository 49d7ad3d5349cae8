import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SharedCollection } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import { formatLongDate } from '@web/lib/format';
import { SharedDocumentList } from './shared-document-list';
import { SharedMemoryCard } from './shared-memory-card';
import { SharedPhotoGrid } from './shared-photo-grid';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = `shared-${title.toLowerCase()}`;
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
  const { photos, memories, documents } = collection;
  const isEmpty = photos.length + memories.length + documents.length === 0;

  return (
    <article aria-labelledby="shared-collection-title" className="grid grid-cols-1 gap-8 sm:gap-10">
      <header className="grid grid-cols-1 gap-4">
        <div className="grid grid-cols-1 gap-2">
          <p className="text-sm font-medium text-primary">Shared by {collection.ownerName}</p>
          <h1 id="shared-collection-title" className="text-3xl font-semibold break-words sm:text-4xl">
            {collection.title}
          </h1>
          {collection.description && (
            <p className="max-w-prose break-words whitespace-pre-line text-muted-foreground">{collection.description}</p>
          )}
          {collection.expiresAt && (
            <p className="text-sm text-muted-foreground">
              Available until <time dateTime={collection.expiresAt}>{formatLongDate(collection.expiresAt)}</time>
            </p>
          )}
        </div>
        {!isEmpty && (
          <Button asChild size="lg" className="w-full sm:w-fit">
            <a href={collection.downloadAllUrl} download>
              <Download aria-hidden="true" />
              Download all
            </a>
          </Button>
        )}
      </header>

      {isEmpty && (
        <p className="rounded-xl border border-dashed bg-card/60 px-6 py-12 text-center text-muted-foreground">
          Nothing has been added to this collection yet.
        </p>
      )}

      {photos.length > 0 && (
        <Section title="Photos" count={photos.length}>
          <SharedPhotoGrid photos={photos} />
        </Section>
      )}
      {memories.length > 0 && (
        <Section title="Memories" count={memories.length}>
          <div className="grid grid-cols-1 gap-4">
            {memories.map((memory) => (
              <SharedMemoryCard key={memory.id} memory={memory} />
            ))}
          </div>
        </Section>
      )}
      {documents.length > 0 && (
        <Section title="Documents" count={documents.length}>
          <SharedDocumentList documents={documents} />
        </Section>
      )}
    </article>
  );
}
