import { CalendarDays, Tag, Trash2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { PhotoBulk } from '@shared/schemas/photos';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useBulkPhotoAction } from '../bulk-api';
import { toastTitles } from '../toast-messages';
import { PhotoBulkDateDialog } from './photo-bulk-date-dialog';
import { PhotoBulkTagsDialog } from './photo-bulk-tags-dialog';

type Open = 'delete' | 'date' | 'tags' | null;

const messages = defineMessages({
  deleteDone: { id: 'photos.selection.deleteDone', defaultMessage: '{count, plural, one {# photo} other {# photos}} deleted.' },
  deleteFailed: { id: 'photos.selection.deleteFailed', defaultMessage: 'Failed to delete photos' },
  setDateDone: { id: 'photos.selection.setDateDone', defaultMessage: '{count, plural, one {# photo} other {# photos}} dated.' },
  setDateFailed: { id: 'photos.selection.setDateFailed', defaultMessage: 'Failed to set the date' },
  addTagsDone: { id: 'photos.selection.addTagsDone', defaultMessage: 'Tags added to {count, plural, one {# photo} other {# photos}}.' },
  addTagsFailed: { id: 'photos.selection.addTagsFailed', defaultMessage: 'Failed to add tags' },
  dateCleared: { id: 'photos.selection.dateCleared', defaultMessage: 'Date cleared on {count, plural, one {# photo} other {# photos}}.' },
});

/** What each action's toasts say; the server's message, when it sends one, replaces the failure text. */
const WORDS = {
  delete: { done: messages.deleteDone, failed: messages.deleteFailed },
  setDate: { done: messages.setDateDone, failed: messages.setDateFailed },
  addTags: { done: messages.addTagsDone, failed: messages.addTagsFailed },
} satisfies Record<PhotoBulk['action']['type'], { done: unknown; failed: unknown }>;

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
  const intl = useIntl();
  const bulk = useBulkPhotoAction();
  const [open, setOpen] = useState<Open>(null);
  const count = selectedIds.length;

  // The promise, not mutate()'s callbacks: onDone may unmount this bar, and the toast must still be shown.
  const run = (action: PhotoBulk['action']) =>
    bulk.mutateAsync({ ids: selectedIds, action }).then(
      (result) => {
        const cleared = action.type === 'setDate' && action.dateTaken === null;
        const t = activeIntl();
        toast({
          title: t.formatMessage(toastTitles.success),
          description: t.formatMessage(cleared ? messages.dateCleared : WORDS[action.type].done, { count: result.count }),
        });
        setOpen(null);
        onDone();
      },
      (error: unknown) => {
        const t = activeIntl();
        toast({
          variant: 'destructive',
          title: t.formatMessage(toastTitles.error),
          description: errorMessage(error, t.formatMessage(WORDS[action.type].failed)),
        });
      },
    );

  const clearLabel = intl.formatMessage({ id: 'photos.selection.clear', defaultMessage: 'Clear selection' });
  const dialog = (which: Exclude<Open, null>) => ({
    open: open === which,
    onOpenChange: (isOpen: boolean) => setOpen(isOpen ? which : null),
  });

  return (
    <div
      role="region"
      aria-label={intl.formatMessage({ id: 'photos.selection.label', defaultMessage: 'Selection' })}
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t bg-card p-2 shadow-lg md:inset-x-auto md:bottom-6 md:left-1/2 md:-translate-x-1/2 md:rounded-full md:border md:px-4"
    >
      <div className="flex flex-wrap items-center gap-1 sm:gap-2">
        <Button variant="ghost" size="icon" onClick={onDone} aria-label={clearLabel} title={clearLabel}>
          <X aria-hidden="true" />
        </Button>
        <p aria-live="polite" className="me-auto px-1 text-sm font-medium whitespace-nowrap md:me-2">
          {intl.formatMessage({ id: 'photos.selection.count', defaultMessage: '{count} selected' }, { count })}
        </p>
        <Button variant="ghost" size="sm" disabled={count === 0 || bulk.isPending} onClick={() => setOpen('date')}>
          <CalendarDays aria-hidden="true" />
          {intl.formatMessage({ id: 'photos.selection.setDate', defaultMessage: 'Set date' })}
        </Button>
        <Button variant="ghost" size="sm" disabled={count === 0 || bulk.isPending} onClick={() => setOpen('tags')}>
          <Tag aria-hidden="true" />
          {intl.formatMessage({ id: 'photos.selection.addTags', defaultMessage: 'Add tags' })}
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
          {intl.formatMessage({ id: 'photos.selection.deleteSelected', defaultMessage: 'Delete selected' })}
        </Button>
      </div>

      <ConfirmDialog
        {...dialog('delete')}
        title={intl.formatMessage(
          { id: 'photos.selection.deleteTitle', defaultMessage: 'Delete {count, plural, one {# photo} other {# photos}}?' },
          { count },
        )}
        text={intl.formatMessage(
          {
            id: 'photos.selection.deleteText',
            defaultMessage:
              "{count, plural, one {This photo and its files} other {These # photos and their files}} will be deleted permanently, and removed from any memory or collection. This can't be undone.",
          },
          { count },
        )}
        confirmLabel={intl.formatMessage(
          { id: 'photos.selection.deleteConfirm', defaultMessage: 'Delete {count, plural, one {# photo} other {# photos}}' },
          { count },
        )}
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
