import { useRef, useState } from 'react';
import type { Photo } from '@shared/schemas/photos';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useUpdatePhoto } from '../api';
import { toastTitles } from '../toast-messages';
import { photoLabel } from './photo-image';

type PhotoTitleProps = {
  photo: Photo;
  isEditing: boolean;
  onEditingChange: (editing: boolean) => void;
  className?: string;
};

/**
 * spec §2: clicking the title edits it inline. Enter saves, Escape cancels, clicking outside saves; an empty
 * title cancels without a call. The gallery keeps at most one title in edit mode.
 */
export function PhotoTitle({ photo, isEditing, onEditingChange, className }: PhotoTitleProps) {
  const intl = useIntl();
  const updatePhoto = useUpdatePhoto();
  const [draft, setDraft] = useState('');
  // Enter or Escape ends the edit; the blur that follows when the input goes away must not act again.
  const isFinished = useRef(false);

  const start = () => {
    isFinished.current = false;
    setDraft(photoLabel(photo));
    onEditingChange(true);
  };

  const finish = (save: boolean) => {
    if (isFinished.current) return;
    isFinished.current = true;
    onEditingChange(false);
    const title = draft.trim();
    if (!save || title === '' || title === photoLabel(photo)) return;
    // the promise, not mutate()'s callbacks: the gallery may regroup its rows and remount the tile,
    // and callbacks of an unmounted mutation never run
    updatePhoto.mutateAsync({ id: photo.id, patch: { title } }).then(
      () =>
        toast({
          title: activeIntl().formatMessage(toastTitles.success),
          description: activeIntl().formatMessage({ id: 'photos.title.saved', defaultMessage: 'Photo title updated.' }),
        }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: activeIntl().formatMessage(toastTitles.error),
          description: errorMessage(
            error,
            activeIntl().formatMessage({ id: 'photos.title.failed', defaultMessage: 'Failed to update photo title' }),
          ),
        }),
    );
  };

  if (isEditing) {
    return (
      <Input
        autoFocus
        aria-label={intl.formatMessage({ id: 'photos.title.input', defaultMessage: 'Photo title' })}
        value={draft}
        maxLength={500}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            finish(true);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            finish(false);
          }
        }}
        onBlur={() => finish(true)}
        className={cn('h-8', className)}
      />
    );
  }
  return (
    <button
      type="button"
      onClick={start}
      title={intl.formatMessage({ id: 'photos.title.hint', defaultMessage: 'Click to edit the title' })}
      aria-label={intl.formatMessage({ id: 'photos.title.edit', defaultMessage: 'Edit title: {title}' }, { title: photoLabel(photo) })}
      className={cn(
        'block w-full truncate rounded text-start font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      {updatePhoto.isPending && updatePhoto.variables?.patch.title ? updatePhoto.variables.patch.title : photoLabel(photo)}
    </button>
  );
}
