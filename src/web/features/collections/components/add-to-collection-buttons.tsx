import { FolderPlus } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { AddToCollectionDialog } from './add-to-collection-dialog';

/** The gallery's Select bar: the chosen photos go into one collection at once. */
export function AddPhotosToCollection({ photoIds, onAdded }: { photoIds: number[]; onAdded: () => void }) {
  const label = photoIds.length === 1 ? '1 photo' : `${photoIds.length} photos`;
  return (
    <AddToCollectionDialog
      items={{ photoIds }}
      itemsLabel={label}
      onAdded={onAdded}
      trigger={
        <Button disabled={photoIds.length === 0}>
          <FolderPlus aria-hidden="true" />
          Add to collection
        </Button>
      }
    />
  );
}

/** A memory card's button. */
export function AddMemoryToCollection({ memory }: { memory: { id: number; title: string } }) {
  return (
    <AddToCollectionDialog
      items={{ memoryIds: [memory.id] }}
      itemsLabel={`"${memory.title}"`}
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Put memory ${memory.title} in a collection`} title="Add to collection">
          <FolderPlus aria-hidden="true" />
        </Button>
      }
    />
  );
}

/** A vault file's button. */
export function AddDocumentToCollection({ file }: { file: { id: number; originalName: string } }) {
  return (
    <AddToCollectionDialog
      items={{ documentIds: [file.id] }}
      itemsLabel={`"${file.originalName}"`}
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Add ${file.originalName} to a collection`} title="Add to collection">
          <FolderPlus aria-hidden="true" />
        </Button>
      }
    />
  );
}
