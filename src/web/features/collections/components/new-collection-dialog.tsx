import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { Collection, CollectionInput } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useCreateCollection } from '../api';
import { CollectionForm } from './collection-form';

/** "New collection": title and description; the caller decides where to go next (the collection's page). */
export function NewCollectionDialog({ onCreated }: { onCreated: (collection: Collection) => void }) {
  const [open, setOpen] = useState(false);
  const createCollection = useCreateCollection();

  const onSubmit = (values: CollectionInput) =>
    createCollection
      .mutateAsync(values)
      .then((collection) => {
        toast({ title: 'Collection created', description: `"${collection.title}" is ready for photos, memories and documents.` });
        setOpen(false);
        onCreated(collection);
        return true;
      })
      .catch((error: unknown) => {
        toast({ variant: 'destructive', title: 'Failed to create collection', description: errorMessage(error, 'An error occurred') });
        return false;
      });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New collection
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New collection</DialogTitle>
          <DialogDescription>A set of photos, memories and documents you can share as one.</DialogDescription>
        </DialogHeader>
        <CollectionForm
          defaultValues={{ title: '', description: '' }}
          submitLabel="Create collection"
          isPending={createCollection.isPending}
          onSubmit={onSubmit}
        />
      </DialogContent>
    </Dialog>
  );
}
