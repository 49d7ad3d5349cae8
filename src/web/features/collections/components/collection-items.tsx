import { FileText, ImageIcon, NotebookPen, Star, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CollectionDetail, CollectionItemsInput } from '@shared/schemas/sharing';
import { InlineVideo } from '@web/components/inline-video';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { ItemDateText } from '@web/components/item-date-text';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { memoryItemDate } from '@web/lib/item-date';
import { thumbnailUrl, useRemoveCollectionItems, useUpdateCollection } from '../api';

function Section({ title, count, icon, children }: { title: string; count: number; icon: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  return (
    <section aria-label={title} className="grid gap-3">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {intl.formatMessage({ id: 'collections.items.sectionTitle', defaultMessage: '{title} ({count})' }, { title, count: String(count) })}
      </h2>
      {children}
    </section>
  );
}

/** The collection's photos, memories and documents, each removable; a photo can become the cover. */
export function CollectionItems({ collection }: { collection: CollectionDetail }) {
  const intl = useIntl();
  const errorTitle = intl.formatMessage({ id: 'collections.items.errorTitle', defaultMessage: 'Error' });
  const removeItems = useRemoveCollectionItems();
  const updateCollection = useUpdateCollection();
  const coverId = collection.coverPhotoId ?? collection.photos[0]?.id;

  const remove = (items: CollectionItemsInput, name: string) =>
    removeItems.mutate(
      { id: collection.id, items },
      {
        onSuccess: () =>
          toast({
            title: intl.formatMessage({ id: 'collections.items.removed', defaultMessage: 'Removed from collection' }),
            description: intl.formatMessage(
              { id: 'collections.items.removedText', defaultMessage: '"{name}" is no longer in this collection.' },
              { name },
            ),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: errorTitle,
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'collections.items.removeFailed', defaultMessage: 'Failed to remove the item' }),
            ),
          }),
      },
    );

  const setCover = (photoId: number) =>
    updateCollection.mutate(
      { id: collection.id, patch: { coverPhotoId: photoId } },
      {
        onSuccess: () => toast({ title: intl.formatMessage({ id: 'collections.items.coverChanged', defaultMessage: 'Cover changed' }) }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: errorTitle,
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'collections.items.coverFailed', defaultMessage: 'Failed to change the cover' }),
            ),
          }),
      },
    );

  const isEmpty = collection.photos.length + collection.memories.length + collection.documents.length === 0;
  if (isEmpty) {
    return (
      <p className="rounded-xl border border-dashed bg-card/60 p-10 text-center text-muted-foreground">
        {intl.formatMessage({
          id: 'collections.items.empty',
          defaultMessage: 'This collection is empty. Use "Add items" to choose photos, memories and documents.',
        })}
      </p>
    );
  }

  return (
    <div className="grid gap-8">
      {collection.photos.length > 0 && (
        <Section
          title={intl.formatMessage({ id: 'collections.items.photos', defaultMessage: 'Photos' })}
          count={collection.photos.length}
          icon={<ImageIcon aria-hidden="true" className="size-5 text-primary" />}
        >
          <ul
            aria-label={intl.formatMessage({ id: 'collections.items.photosLabel', defaultMessage: 'Photos in this collection' })}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          >
            {collection.photos.map((photo) => {
              const name = photo.title || photo.fileName;
              const isCover = photo.id === coverId;
              return (
                <li key={photo.id} className="overflow-hidden rounded-xl border bg-card shadow-sm">
                  <div className="relative aspect-square bg-muted">
                    {photo.video ? (
                      <InlineVideo
                        id={photo.id}
                        fileName={photo.fileName}
                        label={name}
                        video={photo.video}
                        thumbnailUrl={photo.derivativeStatus === 'ready' ? thumbnailUrl(photo) : null}
                        posterUrl={photo.derivativeStatus === 'ready' ? `${photo.filePath}?mobile=true` : null}
                      />
                    ) : (
                      <img src={thumbnailUrl(photo)} alt={name} loading="lazy" decoding="async" className="size-full object-cover" />
                    )}
                    {isCover && (
                      <span className="absolute top-2 start-2 inline-flex items-center gap-1 rounded-full bg-card/95 px-2 py-0.5 text-xs font-medium shadow-sm">
                        <Star aria-hidden="true" className="size-3" />
                        {intl.formatMessage({ id: 'collections.items.cover', defaultMessage: 'Cover' })}
                      </span>
                    )}
                    {/* a person collection holds every photo of its person: none is taken out by hand */}
                    {!collection.person && (
                      <Button
                        variant="outline"
                        size="icon"
                        className="absolute top-2 end-2 size-8 rounded-full bg-card/95"
                        aria-label={intl.formatMessage(
                          { id: 'collections.items.remove', defaultMessage: 'Remove {name} from the collection' },
                          { name },
                        )}
                        disabled={removeItems.isPending}
                        onClick={() => remove({ photoIds: [photo.id] }, name)}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    )}
                  </div>
                  <div className="grid gap-1 p-2">
                    <p className="truncate text-sm font-medium">{name}</p>
                    {!isCover && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="h-8 w-fit px-2"
                        aria-label={intl.formatMessage(
                          { id: 'collections.items.setCoverLabel', defaultMessage: 'Set as cover: {name}' },
                          { name },
                        )}
                        disabled={updateCollection.isPending}
                        onClick={() => setCover(photo.id)}
                      >
                        <Star aria-hidden="true" />
                        {intl.formatMessage({ id: 'collections.items.setCover', defaultMessage: 'Set as cover' })}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      {collection.memories.length > 0 && (
        <Section
          title={intl.formatMessage({ id: 'collections.items.memories', defaultMessage: 'Memories' })}
          count={collection.memories.length}
          icon={<NotebookPen aria-hidden="true" className="size-5 text-primary" />}
        >
          <ul
            aria-label={intl.formatMessage({ id: 'collections.items.memoriesLabel', defaultMessage: 'Memories in this collection' })}
            className="grid gap-3"
          >
            {collection.memories.map((memory) => (
              <li key={memory.id} className="flex items-start justify-between gap-3 rounded-xl border bg-card p-4 shadow-sm">
                <div className="min-w-0">
                  <p className="font-medium break-words">{memory.title}</p>
                  <p className="text-sm text-muted-foreground">
                    <ItemDateText item={memoryItemDate(memory)} />
                    {memory.attachments.length > 0 &&
                      ` · ${intl.formatMessage(
                        { id: 'collections.items.attachments', defaultMessage: '{count, plural, other {# attachment(s)}}' },
                        { count: memory.attachments.length },
                      )}`}
                  </p>
                  <p className="mt-1 line-clamp-2 text-sm break-words whitespace-pre-line">{memory.content}</p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0"
                  aria-label={intl.formatMessage(
                    { id: 'collections.items.remove', defaultMessage: 'Remove {name} from the collection' },
                    { name: memory.title },
                  )}
                  disabled={removeItems.isPending}
                  onClick={() => remove({ memoryIds: [memory.id] }, memory.title)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {collection.documents.length > 0 && (
        <Section
          title={intl.formatMessage({ id: 'collections.items.documents', defaultMessage: 'Documents' })}
          count={collection.documents.length}
          icon={<FileText aria-hidden="true" className="size-5 text-primary" />}
        >
          <ul
            aria-label={intl.formatMessage({ id: 'collections.items.documentsLabel', defaultMessage: 'Documents in this collection' })}
            className="grid gap-3"
          >
            {collection.documents.map((file) => (
              <li key={file.id} className="flex items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-sm">
                <div className="flex min-w-0 items-center gap-3">
                  <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                  <div className="min-w-0">
                    <p className="font-medium break-words">{file.originalName}</p>
                    <p className="text-sm text-muted-foreground">{formatBytes(file.fileSize)}</p>
                  </div>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0"
                  aria-label={intl.formatMessage(
                    { id: 'collections.items.remove', defaultMessage: 'Remove {name} from the collection' },
                    { name: file.originalName },
                  )}
                  disabled={removeItems.isPending}
                  onClick={() => remove({ documentIds: [file.id] }, file.originalName)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
