import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CollectionDetail, CollectionInput } from '@shared/schemas/sharing';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useDeleteCollection, useUpdateCollection } from '../api';
import { CollectionForm } from './collection-form';

type CollectionHeaderProps = { collection: CollectionDetail; onDeleted: () => void };

/** The collection's title and description, with Edit and Delete. */
export function CollectionHeader({ collection, onDeleted }: CollectionHeaderProps) {
  const intl = useIntl();
  const anError = intl.formatMessage({ id: 'collections.header.anError', defaultMessage: 'An error occurred' });
  const [isEditing, setIsEditing] = useState(false);
  const updateCollection = useUpdateCollection();
  const deleteCollection = useDeleteCollection();

  const save = (values: CollectionInput) =>
    updateCollection
      .mutateAsync({ id: collection.id, patch: values })
      .then(() => {
        toast({ title: intl.formatMessage({ id: 'collections.header.updated', defaultMessage: 'Collection updated' }) });
        setIsEditing(false);
        return true;
      })
      .catch((error: unknown) => {
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'collections.header.updateFailed', defaultMessage: 'Failed to update collection' }),
          description: errorMessage(error, anError),
        });
        return false;
      });

  const remove = () =>
    deleteCollection.mutate(collection.id, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'collections.header.deleted', defaultMessage: 'Collection deleted' }),
          description: intl.formatMessage({
            id: 'collections.header.deletedText',
            defaultMessage: 'Its links no longer open. The items themselves are kept.',
          }),
        });
        onDeleted();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'collections.header.deleteFailed', defaultMessage: 'Failed to delete collection' }),
          description: errorMessage(error, anError),
        }),
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
                {intl.formatMessage({ id: 'collections.header.edit', defaultMessage: 'Edit' })}
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>{intl.formatMessage({ id: 'collections.header.editTitle', defaultMessage: 'Edit collection' })}</DialogTitle>
                <DialogDescription>
                  {intl.formatMessage({
                    id: 'collections.header.editText',
                    defaultMessage: 'People with a link see the new title and description the next time they open it.',
                  })}
                </DialogDescription>
              </DialogHeader>
              <CollectionForm
                defaultValues={{ title: collection.title, description: collection.description ?? '' }}
                submitLabel={intl.formatMessage({ id: 'collections.header.save', defaultMessage: 'Save changes' })}
                isPending={updateCollection.isPending}
                onSubmit={save}
              />
            </DialogContent>
          </Dialog>
          <ConfirmDialog
            title={intl.formatMessage({ id: 'collections.header.deleteTitle', defaultMessage: 'Delete collection' })}
            text={intl.formatMessage({
              id: 'collections.header.deleteText',
              defaultMessage: 'Delete this collection and every link to it? The photos, memories and documents in it are kept.',
            })}
            confirmLabel={intl.formatMessage({ id: 'collections.header.delete', defaultMessage: 'Delete' })}
            onConfirm={remove}
            trigger={
              <Button variant="outline" disabled={deleteCollection.isPending}>
                <Trash2 aria-hidden="true" />
                {intl.formatMessage({ id: 'collections.header.delete', defaultMessage: 'Delete' })}
              </Button>
            }
          />
        </>
      }
    />
  );
}
