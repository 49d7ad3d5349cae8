import type { Photo } from '@shared/schemas/photos';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { formatLongDate } from '@web/lib/format';
import { photoDate } from './photo-date';
import { PhotoImage, photoLabel } from './photo-image';

/** spec §2: clicking an image opens it large, with its title and date. Only here is the full image loaded. */
export function PhotoViewerDialog({
  photo,
  timestamp,
  isMobile,
  onClose,
}: {
  photo: Photo | undefined;
  timestamp: number;
  isMobile: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={photo !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl">
        {photo && (
          <>
            <DialogHeader>
              <DialogTitle className="truncate pr-8">{photoLabel(photo)}</DialogTitle>
              <DialogDescription>{formatLongDate(photoDate(photo))}</DialogDescription>
            </DialogHeader>
            <div className="flex max-h-[75vh] items-center justify-center overflow-hidden rounded-lg bg-muted">
              <PhotoImage
                key={photo.id}
                photo={photo}
                timestamp={timestamp}
                isMobile={isMobile}
                eager
                className="max-h-[75vh] w-auto max-w-full object-contain"
              />
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
