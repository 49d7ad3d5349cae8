import { FolderPlus } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useIntl } from '@web/lib/i18n/use-intl';
import { AddToCollectionDialog } from './add-to-collection-dialog';

/** The gallery's Select bar: the chosen photos go into one collection at once. */
export function AddPhotosToCollection({ photoIds, onAdded }: { photoIds: number[]; onAdded: () => void }) {
  const intl = useIntl();
  const label = intl.formatMessage(
    { id: 'collections.addTo.photos', defaultMessage: '{count, plural, one {# photo} other {{count, number, ::group-off} photos}}' },
    { count: photoIds.length },
  );
  return (
    <AddToCollectionDialog
      items={{ photoIds }}
      itemsLabel={label}
      onAdded={onAdded}
      trigger={
        <Button disabled={photoIds.length === 0}>
          <FolderPlus aria-hidden="true" />
          {intl.formatMessage({ id: 'collections.addTo.button', defaultMessage: 'Add to collection' })}
        </Button>
      }
    />
  );
}

/** A memory card's button. */
export function AddMemoryToCollection({ memory }: { memory: { id: number; title: string } }) {
  const intl = useIntl();
  return (
    <AddToCollectionDialog
      items={{ memoryIds: [memory.id] }}
      itemsLabel={intl.formatMessage({ id: 'collections.addTo.quoted', defaultMessage: '"{title}"' }, { title: memory.title })}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={intl.formatMessage(
            { id: 'collections.addTo.memoryLabel', defaultMessage: 'Put memory {title} in a collection' },
            { title: memory.title },
          )}
          title={intl.formatMessage({ id: 'collections.addTo.button', defaultMessage: 'Add to collection' })}
        >
          <FolderPlus aria-hidden="true" />
        </Button>
      }
    />
  );
}

/** A vault file's button. */
export function AddDocumentToCollection({ file }: { file: { id: number; originalName: string } }) {
  const intl = useIntl();
  return (
    <AddToCollectionDialog
      items={{ documentIds: [file.id] }}
      itemsLabel={intl.formatMessage({ id: 'collections.addTo.quoted', defaultMessage: '"{title}"' }, { title: file.originalName })}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={intl.formatMessage(
            { id: 'collections.addTo.documentLabel', defaultMessage: 'Add {name} to a collection' },
            { name: file.originalName },
          )}
          title={intl.formatMessage({ id: 'collections.addTo.button', defaultMessage: 'Add to collection' })}
        >
          <FolderPlus aria-hidden="true" />
        </Button>
      }
    />
  );
}
