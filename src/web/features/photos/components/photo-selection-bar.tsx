import { CalendarDays, Tag, Trash2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { PhotoBulk } from '@shared/schemas/photos';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useBulkPhotoAction } from '../bulk-api';
import { PhotoBulkDateDialog } from './photo-bulk-date-dialog';
import { PhotoBulkTagsDialog } from './photo-bulk-tags-dialog';
import { photoCount } from './photo-bulk-words';

type Open = 'delete' | 'date' | 'tags' | null;

/** What each action's toasts say; the server's message, when it sends one, replaces the failure text. */
const WORDS: Record<PhotoBulk['action']['type'], { done: (n: number) => string; failed: string }> = {
  delete: { done: (n) => `${photoCount(n)} deleted.`, failed: 'Failed to delete photos' },
  setDate: { done: (n) => `${photoCount(n)} dated.`, failed: 'Failed to set the date' },
  addTags: { done: (n) => `Tags added to ${photoCount(n)}.`, failed: 'Failed to add tags' },
};

/**
 * The gallery's selection: how many photos are selected, a way out, and what can be done to all of them at
 * once (decision 033). Fixed above the tab bar on phones, floating at the bottom of the window on wider screens.
 */
export function PhotoSelectionBar({
  selectedIds,
  onDone,
  children,
}: {
  selectedIds: number[];
  onDone: () => void;
  /** More actions the screen adds (the gallery's Add to collection), before Delete selected. */
  children?: ReactNode;
}) {
  const bulk = useBulkPhotoAction();
  const [open, setOpen] = useState<Open>(null);
  const count = selectedIds.length;

  // The promise, not mutate()'s callbacks: onDone may unmount this bar, and the toast must still be shown.
  const run = (action: PhotoBulk['action']) =>
    bulk.mutateAsync({ ids: selectedIds, action }).then(
      (result) => {
        const cleared = action.type === 'setDate' && action.dateTaken === null;
        toast({
          title: 'Success',
          description: cleared ? `Date cleared on ${photoCount(result.count)}.` : WORDS[action.type].done(result.count),
        });
        setOpen(null);
        onDone();
      },
      (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, WORDS[action.type].failed) }),
    );

  const dialog = (which: Exclude<Open, null>) => ({
    open: open === which,
    onOpenChange: (isOpen: boolean) => setOpen(isOpen ? which : null),
  });

  return (
    <div
      role="region"
      aria-label="Selection"
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t bg-card p-2 shadow-lg md:inset-x-auto md:bottom-6 md:left-1/2 md:-translate-x-1/2 md:rounded-full md:border md:px-4"
    >
      <div className="flex flex-wrap items-center gap-1 sm:gap-2">
        <Button variant="ghost" size="icon" onClick={onDone} aria-label="Clear selection" title="Clear selection">
          <X aria-hidden="true" />
        </Button>
        <p aria-live="polite" className="mr-auto px-1 text-sm font-medium whitespace-nowrap md:mr-2">
          {count} selected
        </p>
        <Button variant="ghost" size="sm" disabled={count === 0 || bulk.isPending} onClick={() => setOpen('date')}>
          <CalendarDays aria-hidden="true" />
          Set date
        </Button>
        <Button variant="ghost" size="sm" disabled={count === 0 || bulk.isPending} onClick={() => setOpen('tags')}>
          <Tag aria-hidden="true" />
          Add tags
        </Button>
        {children}
        <Button
          variant="ghost"
          size="sm"
          disabled={count === 0 || bulk.isPending}
          onClick={() => setOpen('delete')}
          className="text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          Delete selected
        </Button>
      </div>

      <ConfirmDialog
        {...dialog('delete')}
        title={`Delete ${photoCount(count)}?`}
        text={`${count === 1 ? 'This photo' : `These ${count} photos`} and ${count === 1 ? 'its files' : 'their files'} will be deleted permanently, and removed from any memory or collection. This can't be undone.`}
        confirmLabel={`Delete ${photoCount(count)}`}
        onConfirm={() => void run({ type: 'delete' })}
      />
      {open === 'date' && (
        <PhotoBulkDateDialog {...dialog('date')} count={count} isPending={bulk.isPending} onSubmit={(action) => void run(action)} />
      )}
      {open === 'tags' && (
        <PhotoBulkTagsDialog
          {...dialog('tags')}
          count={count}
          isPending={bulk.isPending}
          onSubmit={(tags) => void run({ type: 'addTags', tags })}
        />
      )}
    </div>
  );
}
