import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CollectionDetail, CollectionInput } from '@shared/schemas/sharing';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useDeleteCollection, useUpdateCollection } from '../api';
import { CollectionForm } from './collection-form';

type CollectionHeaderProps = { collection: CollectionDetail; onDeleted: () => void };

/** The collection's title and description, with Edit and Delete. */
export function CollectionHeader({ collection, onDeleted }: CollectionHeaderProps) {
  const [isEditing, setIsEditing] = useState(false);
  const updateCollection = useUpdateCollection();
  const deleteCollection = useDeleteCollection();

  const save = (values: CollectionInput) =>
    updateCollection
      .mutateAsync({ id: collection.id, patch: values })
      .then(() => {
        toast({ title: 'Collection updated' });
        setIsEditing(false);
        return true;
      })
      .catch((error: unknown) => {
        toast({ variant: 'destructive', title: 'Failed to update collection', description: errorMessage(error, 'An error occurred') });
        return false;
      });

  const remove = () =>
    deleteCollection.mutate(collection.id, {
      onSuccess: () => {
        toast({ title: 'Collection deleted', description: 'Its links no longer open. The items themselves are kept.' });
        onDeleted();
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to delete collection', description: errorMessage(error, 'An error occurred') }),
    });

  return (
    <PageHeader
      title={<span className="break-words">{collection.title}</span>}
      description={collection.description ? <span className="whitespace-pre-line">{collection.description}</span> : undefined}
      actions={
        <>
          <Dialog open={isEditing} onOpenChange={setIsEditing}>
            <DialogTrigger asChild>
              <Button variant="outline">
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Edit collection</DialogTitle>
                <DialogDescription>People with a link see the new title and description the next time they open it.</DialogDescription>
              </DialogHeader>
              <CollectionForm
                defaultValues={{ title: collection.title, description: collection.description ?? '' }}
                submitLabel="Save changes"
                isPending={updateCollection.isPending}
                onSubmit={save}
              />
            </DialogContent>
          </Dialog>
          <ConfirmDialog
            title="Delete collection"
            text="Delete this collection and every link to it? The photos, memories and documents in it are kept."
            confirmLabel="Delete"
            onConfirm={remove}
            trigger={
              <Button variant="outline" disabled={deleteCollection.isPending}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            }
          />
        </>
      }
    />
  );
}
