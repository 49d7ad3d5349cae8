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
import { useIntl } from '@web/lib/i18n/use-intl';
import { OwnItemPicker } from '@web/components/own-item-picker';
import { useAddCollectionItems } from '../api';

export function toggle(set: ReadonlySet<number>, id: number) {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** "Add items": choose gallery photos, memories and vault documents with checkboxes, then add them at once. */
export function AddItemsDialog({ collection }: { collection: CollectionDetail }) {
  const intl = useIntl();
  const already = intl.formatMessage({ id: 'collections.addItems.already', defaultMessage: 'Already in this collection' });
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
          toast({
            title: intl.formatMessage({ id: 'collections.addItems.added', defaultMessage: 'Added to collection' }),
            description: intl.formatMessage(
              { id: 'collections.addItems.addedText', defaultMessage: '{count, plural, other {# item(s)}} added to "{title}".' },
              { count, title: collection.title },
            ),
          });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'collections.addItems.errorTitle', defaultMessage: 'Error' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'collections.addItems.failed', defaultMessage: 'Failed to add the items' }),
            ),
          }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {intl.formatMessage({ id: 'collections.addItems.title', defaultMessage: 'Add items' })}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{intl.formatMessage({ id: 'collections.addItems.title', defaultMessage: 'Add items' })}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage(
              {
                id: 'collections.addItems.description',
                defaultMessage: 'Choose photos, memories and documents for "{title}". They stay where they are.',
              },
              { title: collection.title },
            )}
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="photos">
          <TabsList aria-label={intl.formatMessage({ id: 'collections.addItems.kind', defaultMessage: 'Kind of item' })} className="w-full">
            <TabsTrigger value="photos">
              {photoIds.size > 0
                ? intl.formatMessage(
                    { id: 'collections.addItems.photosChosen', defaultMessage: 'Photos ({count})' },
                    { count: String(photoIds.size) },
                  )
                : intl.formatMessage({ id: 'collections.addItems.photos', defaultMessage: 'Photos' })}
            </TabsTrigger>
            <TabsTrigger value="memories">
              {memoryIds.size > 0
                ? intl.formatMessage(
                    { id: 'collections.addItems.memoriesChosen', defaultMessage: 'Memories ({count})' },
                    { count: String(memoryIds.size) },
                  )
                : intl.formatMessage({ id: 'collections.addItems.memories', defaultMessage: 'Memories' })}
            </TabsTrigger>
            <TabsTrigger value="documents">
              {documentIds.size > 0
                ? intl.formatMessage(
                    { id: 'collections.addItems.documentsChosen', defaultMessage: 'Documents ({count})' },
                    { count: String(documentIds.size) },
                  )
                : intl.formatMessage({ id: 'collections.addItems.documents', defaultMessage: 'Documents' })}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="photos">
            <OwnItemPicker
              kind="photo"
              enabled={open}
              mode="many"
              selected={photoIds}
              onToggle={(id) => setPhotoIds(toggle(photoIds, id))}
              label={intl.formatMessage({ id: 'collections.addItems.galleryPhotos', defaultMessage: 'Gallery photos' })}
              empty={intl.formatMessage({ id: 'collections.addItems.noPhotos', defaultMessage: 'No photos in your gallery yet.' })}
              lockedIds={inPhotos}
              lockedNote={already}
            />
          </TabsContent>
          <TabsContent value="memories">
            <OwnItemPicker
              kind="memory"
              enabled={open}
              mode="many"
              selected={memoryIds}
              onToggle={(id) => setMemoryIds(toggle(memoryIds, id))}
              label={intl.formatMessage({ id: 'collections.addItems.yourMemories', defaultMessage: 'Your memories' })}
              empty={intl.formatMessage({ id: 'collections.addItems.noMemories', defaultMessage: 'No memories yet.' })}
              lockedIds={inMemories}
              lockedNote={already}
            />
          </TabsContent>
          <TabsContent value="documents">
            <OwnItemPicker
              kind="document"
              enabled={open}
              mode="many"
              selected={documentIds}
              onToggle={(id) => setDocumentIds(toggle(documentIds, id))}
              label={intl.formatMessage({ id: 'collections.addItems.vaultDocuments', defaultMessage: 'Vault documents' })}
              empty={intl.formatMessage({ id: 'collections.addItems.noDocuments', defaultMessage: 'No documents in your vault yet.' })}
              lockedIds={inDocuments}
              lockedNote={already}
            />
          </TabsContent>
        </Tabs>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {intl.formatMessage({ id: 'collections.addItems.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button disabled={count === 0 || addItems.isPending} onClick={add}>
            {addItems.isPending
              ? intl.formatMessage({ id: 'collections.addItems.adding', defaultMessage: 'Adding...' })
              : intl.formatMessage(
                  { id: 'collections.addItems.submit', defaultMessage: 'Add selected ({count})' },
                  { count: String(count) },
                )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
