import { Trash2 } from 'lucide-react';
import type { Photo } from '@shared/schemas/photos';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useDeletePhoto } from '../api';
import { toastTitles } from '../toast-messages';
import { photoLabel } from './photo-image';

/** spec §2: a hover delete button in the grid, a Delete text button in the list; both confirm first. */
export function DeletePhotoButton({ photo, variant, className }: { photo: Photo; variant: 'icon' | 'text'; className?: string }) {
  const intl = useIntl();
  const deletePhoto = useDeletePhoto();
  // The promise, not mutate()'s callbacks: the tile leaves the grid (and unmounts) as soon as the photo is
  // gone from the list, and callbacks of an unmounted mutation never run, so the toast would be lost.
  const onConfirm = () =>
    deletePhoto.mutateAsync(photo.id).then(
      () =>
        toast({
          title: activeIntl().formatMessage(toastTitles.success),
          description: activeIntl().formatMessage({ id: 'photos.delete.done', defaultMessage: 'Photo deleted.' }),
        }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: activeIntl().formatMessage(toastTitles.error),
          description: errorMessage(
            error,
            activeIntl().formatMessage({ id: 'photos.delete.failed', defaultMessage: 'Failed to delete photo' }),
          ),
        }),
    );

  return (
    <ConfirmDialog
      title={intl.formatMessage({ id: 'photos.delete.title', defaultMessage: 'Delete photo' })}
      text={intl.formatMessage({ id: 'photos.delete.text', defaultMessage: 'Are you sure you want to delete this photo?' })}
      confirmLabel={intl.formatMessage({ id: 'photos.delete.confirm', defaultMessage: 'Delete' })}
      onConfirm={onConfirm}
      trigger={
        variant === 'icon' ? (
          <Button
            variant="destructive"
            size="icon"
            aria-label={intl.formatMessage({ id: 'photos.delete.label', defaultMessage: 'Delete {photo}' }, { photo: photoLabel(photo) })}
            disabled={deletePhoto.isPending}
            className={cn('size-9 rounded-full', className)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            disabled={deletePhoto.isPending}
            className={cn('text-destructive hover:text-destructive', className)}
          >
            {intl.formatMessage({ id: 'photos.delete.confirm', defaultMessage: 'Delete' })}
          </Button>
        )
      }
    />
  );
}
