import { useId, useState, type ReactNode } from 'react';
import { collectionInputSchema, type CollectionItemsInput } from '@shared/schemas/sharing';
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
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useAddCollectionItems, useCollections, useCreateCollection } from '../api';
import { countsText } from './collection-card';

const NEW = 'new';

type AddToCollectionDialogProps = {
  items: CollectionItemsInput;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  /** What is being added, for the dialog's text: "3 photos", "Summer at the lake". */
  itemsLabel: string;
  onAdded?: () => void;
};

/** Adds the given photos, memories or documents to an existing collection, or to a new one made here. */
export function AddToCollectionDialog({ items, trigger, itemsLabel, onAdded }: AddToCollectionDialogProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const collections = useCollections(open);
  const createCollection = useCreateCollection();
  const addItems = useAddCollectionItems();
  const titleId = useId();
  const titleErrorId = useId();
  const isPending = createCollection.isPending || addItems.isPending;
  // with no collections yet, making one is the only choice
  const selected = collections.data?.length === 0 ? NEW : choice;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setChoice(null);
      setTitle('');
      setTitleError(null);
    }
  }

  async function add() {
    try {
      let target: { id: number; title: string };
      if (selected === NEW) {
        const parsed = collectionInputSchema.safeParse({ title });
        if (!parsed.success) {
          setTitleError(
            parsed.error.issues[0]?.message ??
              intl.formatMessage({ id: 'collections.addTo.titleRequired', defaultMessage: 'Title is required' }),
          );
          return;
        }
        target = await createCollection.mutateAsync(parsed.data);
      } else {
        const existing = collections.data?.find((c) => String(c.id) === selected);
        if (!existing) return;
        target = existing;
      }
      await addItems.mutateAsync({ id: target.id, items });
      toast({
        title: intl.formatMessage({ id: 'collections.addTo.added', defaultMessage: 'Added to collection' }),
        description: intl.formatMessage(
          { id: 'collections.addTo.addedText', defaultMessage: '{items} added to "{title}".' },
          { items: itemsLabel, title: target.title },
        ),
      });
      onOpenChange(false);
      onAdded?.();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'collections.addTo.errorTitle', defaultMessage: 'Error' }),
        description: errorMessage(
          error,
          intl.formatMessage({ id: 'collections.addTo.failed', defaultMessage: 'Failed to add to the collection' }),
        ),
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage({ id: 'collections.addTo.button', defaultMessage: 'Add to collection' })}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage(
              {
                id: 'collections.addTo.description',
                defaultMessage: 'Choose where {items} should go. Items can be in several collections.',
              },
              { items: itemsLabel },
            )}
          </DialogDescription>
        </DialogHeader>
        {collections.isPending ? (
          <Skeleton className="h-32" />
        ) : collections.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {intl.formatMessage({ id: 'collections.list.fetchFailed', defaultMessage: 'Failed to fetch collections' })}
          </p>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="sr-only">{intl.formatMessage({ id: 'collections.addTo.collection', defaultMessage: 'Collection' })}</legend>
            <ul className="grid max-h-72 gap-2 overflow-y-auto">
              {collections.data.map((collection) => (
                <li key={collection.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-md border p-2 text-sm has-checked:border-primary has-checked:bg-primary/5">
                    <input
                      type="radio"
                      name="collection"
                      checked={selected === String(collection.id)}
                      onChange={() => setChoice(String(collection.id))}
                    />
                    <span className="min-w-0 flex-1 truncate font-medium">{collection.title}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">{countsText(collection)}</span>
                  </label>
                </li>
              ))}
              <li>
                <label className="flex cursor-pointer items-center gap-3 rounded-md border p-2 text-sm has-checked:border-primary has-checked:bg-primary/5">
                  <input type="radio" name="collection" checked={selected === NEW} onChange={() => setChoice(NEW)} />
                  <span className="font-medium">
                    {intl.formatMessage({ id: 'collections.new.title', defaultMessage: 'New collection' })}
                  </span>
                </label>
              </li>
            </ul>
            {selected === NEW && (
              <div className="grid gap-2 pt-2">
                <label htmlFor={titleId} className="text-sm font-medium">
                  {intl.formatMessage({ id: 'collections.addTo.newTitle', defaultMessage: 'Title of the new collection' })}
                </label>
                <Input
                  id={titleId}
                  value={title}
                  autoComplete="off"
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? titleErrorId : undefined}
                  onChange={(event) => {
                    setTitle(event.target.value);
                    setTitleError(null);
                  }}
                />
                {titleError && (
                  <p id={titleErrorId} className="text-sm font-medium text-destructive">
                    {titleError}
                  </p>
                )}
              </div>
            )}
          </fieldset>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {intl.formatMessage({ id: 'collections.addTo.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button disabled={selected === null || isPending} onClick={() => void add()}>
            {isPending
              ? intl.formatMessage({ id: 'collections.addTo.adding', defaultMessage: 'Adding...' })
              : intl.formatMessage({ id: 'collections.addTo.add', defaultMessage: 'Add' })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
