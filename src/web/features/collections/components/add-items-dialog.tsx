import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { CollectionDetail } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { OwnItemPicker } from '@web/components/own-item-picker';
import { useAddCollectionItems } from '../api';

export function toggle(set: ReadonlySet<number>, id: number) {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

const ALREADY = 'Already in this collection';

/** "Add items": choose gallery photos, memories and vault documents with checkboxes, then add them at once. */
export function AddItemsDialog({ collection }: { collection: CollectionDetail }) {
  const [open, setOpen] = useState(false);
  const [photoIds, setPhotoIds] = useState<ReadonlySet<number>>(new Set());
  const [memoryIds, setMemoryIds] = useState<ReadonlySet<number>>(new Set());
  const [documentIds, setDocumentIds] = useState<ReadonlySet<number>>(new Set());
  const addItems = useAddCollectionItems();
  const count = photoIds.size + memoryIds.size + documentIds.size;

  const inPhotos = new Set(collection.photos.map((p) => p.id));
  const inMemories = new Set(collection.memories.map((m) => m.id));
  const inDocuments = new Set(collection.documents.map((d) => d.id));

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setPhotoIds(new Set());
      setMemoryIds(new Set());
      setDocumentIds(new Set());
    }
  }

  const add = () =>
    addItems.mutate(
      { id: collection.id, items: { photoIds: [...photoIds], memoryIds: [...memoryIds], documentIds: [...documentIds] } },
      {
        onSuccess: () => {
          toast({ title: 'Added to collection', description: `${count} item(s) added to "${collection.title}".` });
          onOpenChange(false);
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to add the items') }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Add items
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add items</DialogTitle>
          <DialogDescription>Choose photos, memories and documents for "{collection.title}". They stay where they are.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="photos">
          <TabsList aria-label="Kind of item" className="w-full">
            <TabsTrigger value="photos">Photos{photoIds.size > 0 && ` (${photoIds.size})`}</TabsTrigger>
            <TabsTrigger value="memories">Memories{memoryIds.size > 0 && ` (${memoryIds.size})`}</TabsTrigger>
            <TabsTrigger value="documents">Documents{documentIds.size > 0 && ` (${documentIds.size})`}</TabsTrigger>
          </TabsList>
          <TabsContent value="photos">
            <OwnItemPicker
              kind="photo"
              enabled={open}
              mode="many"
              selected={photoIds}
              onToggle={(id) => setPhotoIds(toggle(photoIds, id))}
              label="Gallery photos"
              empty="No photos in your gallery yet."
              lockedIds={inPhotos}
              lockedNote={ALREADY}
            />
          </TabsContent>
          <TabsContent value="memories">
            <OwnItemPicker
              kind="memory"
              enabled={open}
              mode="many"
              selected={memoryIds}
              onToggle={(id) => setMemoryIds(toggle(memoryIds, id))}
              label="Your memories"
              empty="No memories yet."
              lockedIds={inMemories}
              lockedNote={ALREADY}
            />
          </TabsContent>
          <TabsContent value="documents">
            <OwnItemPicker
              kind="document"
              enabled={open}
              mode="many"
              selected={documentIds}
              onToggle={(id) => setDocumentIds(toggle(documentIds, id))}
              label="Vault documents"
              empty="No documents in your vault yet."
              lockedIds={inDocuments}
              lockedNote={ALREADY}
            />
          </TabsContent>
        </Tabs>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={count === 0 || addItems.isPending} onClick={add}>
            {addItems.isPending ? 'Adding...' : `Add selected (${count})`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
