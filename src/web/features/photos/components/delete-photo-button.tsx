import { Trash2 } from 'lucide-react';
import type { Photo } from '@shared/schemas/photos';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useDeletePhoto } from '../api';
import { photoLabel } from './photo-image';

/** spec §2: a hover delete button in the grid, a Delete text button in the list; both confirm first. */
export function DeletePhotoButton({ photo, variant, className }: { photo: Photo; variant: 'icon' | 'text'; className?: string }) {
  const deletePhoto = useDeletePhoto();
  // The promise, not mutate()'s callbacks: the tile leaves the grid (and unmounts) as soon as the photo is
  // gone from the list, and callbacks of an unmounted mutation never run, so the toast would be lost.
  const onConfirm = () =>
    deletePhoto.mutateAsync(photo.id).then(
      () => toast({ title: 'Success', description: 'Photo deleted.' }),
      (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to delete photo') }),
    );

  return (
    <ConfirmDialog
      title="Delete photo"
      text="Are you sure you want to delete this photo?"
      confirmLabel="Delete"
      onConfirm={onConfirm}
      trigger={
        variant === 'icon' ? (
          <Button
            variant="destructive"
            size="icon"
            aria-label={`Delete ${photoLabel(photo)}`}
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
            Delete
          </Button>
        )
      }
    />
  );
}
