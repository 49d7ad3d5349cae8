import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
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
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes, formatLongDate } from '@web/lib/format';
import { thumbnailUrl, useAddCollectionItems, useGalleryPhotos, useOwnMemories, useVaultDocuments } from '../api';

export function toggle(set: ReadonlySet<number>, id: number) {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

type LoadState = { isPending: boolean; isError: boolean };

function ListState({ query, empty, isEmpty, children }: { query: LoadState; empty: string; isEmpty: boolean; children: ReactNode }) {
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load your items
      </p>
    );
  if (isEmpty) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return children;
}

const ALREADY = 'Already in this collection';

/** "Add items": choose gallery photos, memories and vault documents with checkboxes, then add them at once. */
export function AddItemsDialog({ collection }: { collection: CollectionDetail }) {
  const [open, setOpen] = useState(false);
  const [photoIds, setPhotoIds] = useState<ReadonlySet<number>>(new Set());
  const [memoryIds, setMemoryIds] = useState<ReadonlySet<number>>(new Set());
  const [documentIds, setDocumentIds] = useState<ReadonlySet<number>>(new Set());
  const photos = useGalleryPhotos(open);
  const memories = useOwnMemories(open);
  const documents = useVaultDocuments(open);
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

  const rowClass =
    'flex cursor-pointer items-center gap-3 rounded-md border p-2 text-sm has-checked:border-primary has-checked:bg-primary/5 has-disabled:cursor-default has-disabled:opacity-70';

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
            <ListState query={photos} empty="No photos in your gallery yet." isEmpty={photos.data?.length === 0}>
              <ul aria-label="Gallery photos" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {photos.data?.map((photo) => {
                  const isIn = inPhotos.has(photo.id);
                  return (
                    <li key={photo.id}>
                      <label className="grid cursor-pointer gap-1 rounded-md border p-2 text-xs has-checked:border-primary has-checked:bg-primary/5 has-disabled:cursor-default has-disabled:opacity-70">
                        <img src={thumbnailUrl(photo)} alt="" loading="lazy" className="aspect-square w-full rounded object-cover" />
                        <span className="flex items-center gap-1.5">
                          <input
                            type="checkbox"
                            checked={isIn || photoIds.has(photo.id)}
                            disabled={isIn}
                            onChange={() => setPhotoIds(toggle(photoIds, photo.id))}
                          />
                          <span className="truncate">{photo.title || photo.fileName}</span>
                        </span>
                        {isIn && <span className="text-muted-foreground">{ALREADY}</span>}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </ListState>
          </TabsContent>
          <TabsContent value="memories">
            <ListState query={memories} empty="No memories yet." isEmpty={memories.data?.length === 0}>
              <ul aria-label="Your memories" className="grid gap-2">
                {memories.data?.map((memory) => {
                  const isIn = inMemories.has(memory.id);
                  return (
                    <li key={memory.id}>
                      <label className={rowClass}>
                        <input
                          type="checkbox"
                          checked={isIn || memoryIds.has(memory.id)}
                          disabled={isIn}
                          onChange={() => setMemoryIds(toggle(memoryIds, memory.id))}
                        />
                        <span className="min-w-0 flex-1 truncate">{memory.title}</span>
                        <span className="shrink-0 text-xs text-muted-foreground">{isIn ? ALREADY : formatLongDate(memory.eventDate)}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </ListState>
          </TabsContent>
          <TabsContent value="documents">
            <ListState query={documents} empty="No documents in your vault yet." isEmpty={documents.data?.length === 0}>
              <ul aria-label="Vault documents" className="grid gap-2">
                {documents.data?.map((file) => {
                  const isIn = inDocuments.has(file.id);
                  return (
                    <li key={file.id}>
                      <label className={rowClass}>
                        <input
                          type="checkbox"
                          checked={isIn || documentIds.has(file.id)}
                          disabled={isIn}
                          onChange={() => setDocumentIds(toggle(documentIds, file.id))}
                        />
                        <span className="min-w-0 flex-1 truncate">{file.originalName}</span>
                        <span className="shrink-0 text-xs text-muted-foreground">{isIn ? ALREADY : formatBytes(file.fileSize)}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </ListState>
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
