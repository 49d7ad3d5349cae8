import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { Collection, CollectionInput } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useCreateCollection, usePersonToChoose } from '../api';
import { CollectionForm } from './collection-form';

type NewCollectionDialogProps = {
  onCreated: (collection: Collection) => void;
  /** Opened from a person's page: the dialog opens at once, a collection of every photo of this person chosen. */
  forPersonId?: number;
  /** The dialog opened for `forPersonId` was closed (the caller forgets the request). */
  onPersonDone?: () => void;
};

/**
 * "New collection": title and description, or every photo of a person; the caller decides where to go next
 * (the collection's page).
 */
export function NewCollectionDialog({ onCreated, forPersonId, onPersonDone }: NewCollectionDialogProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(forPersonId !== undefined);
  const createCollection = useCreateCollection();
  const person = usePersonToChoose(open ? forPersonId : undefined);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next && forPersonId !== undefined) onPersonDone?.();
  }

  const onSubmit = (values: CollectionInput) =>
    createCollection
      .mutateAsync(values)
      .then((collection) => {
        toast({
          title: intl.formatMessage({ id: 'collections.new.created', defaultMessage: 'Collection created' }),
          description: collection.person
            ? collection.person.name !== null
              ? intl.formatMessage(
                  {
                    id: 'collections.new.createdPerson',
                    defaultMessage: '"{title}" holds every photo of {name}, and keeps itself up to date.',
                  },
                  { title: collection.title, name: collection.person.name },
                )
              : intl.formatMessage(
                  {
                    id: 'collections.new.createdPersonUnnamed',
                    defaultMessage: '"{title}" holds every photo of this person, and keeps itself up to date.',
                  },
                  { title: collection.title },
                )
            : intl.formatMessage(
                { id: 'collections.new.createdItems', defaultMessage: '"{title}" is ready for photos, memories and documents.' },
                { title: collection.title },
              ),
        });
        onOpenChange(false);
        onCreated(collection);
        return true;
      })
      .catch((error: unknown) => {
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'collections.new.failed', defaultMessage: 'Failed to create collection' }),
          description: errorMessage(error, intl.formatMessage({ id: 'collections.new.anError', defaultMessage: 'An error occurred' })),
        });
        return false;
      });

  const waitingForPerson = forPersonId !== undefined && person.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {intl.formatMessage({ id: 'collections.new.title', defaultMessage: 'New collection' })}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage({ id: 'collections.new.title', defaultMessage: 'New collection' })}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage({
              id: 'collections.new.description',
              defaultMessage: 'A set of photos, memories and documents, or every photo of a person, that you can share as one.',
            })}
          </DialogDescription>
        </DialogHeader>
        {waitingForPerson ? (
          <p className="text-sm text-muted-foreground">
            {intl.formatMessage({ id: 'collections.new.loading', defaultMessage: 'Loading…' })}
          </p>
        ) : (
          <CollectionForm
            key={person.data?.id ?? 'new'}
            defaultValues={{ title: '', description: '' }}
            submitLabel={intl.formatMessage({ id: 'collections.new.submit', defaultMessage: 'Create collection' })}
            isPending={createCollection.isPending}
            onSubmit={onSubmit}
            personChoice={{ person: forPersonId !== undefined && !person.data?.hidden ? person.data : undefined }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
