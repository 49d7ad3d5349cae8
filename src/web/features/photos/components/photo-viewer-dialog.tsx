import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { Photo } from '@shared/schemas/photos';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { useIntl } from '@web/lib/i18n/use-intl';
import { photoDateText } from './photo-date';
import { PhotoDetails } from './photo-details';
import { PhotoImage, photoLabel } from './photo-image';
import { VideoStage } from './video-stage';

/**
 * Who is in the photo (issue 29), drawn by the people feature and passed in where the app composes the viewer:
 * `picture` wraps the shown picture (the faces' boxes go over it), `panel` goes under the details.
 */
export interface ViewerFaces {
  picture: (photo: Photo, image: ReactNode) => ReactNode;
  panel: (photo: Photo) => ReactNode;
}

/** A horizontal finger movement this long (px), and mostly sideways, turns the page. */
const SWIPE_PX = 50;

/**
 * spec §2: clicking an image opens it large, with its title and date. Only here is the full image loaded.
 * Beyond the spec (issue 15): previous/next (arrow keys, buttons, a swipe on touch) when the opener passes
 * onPrevious/onNext, and a details panel with the download.
 */
export function PhotoViewerDialog({
  photo,
  timestamp,
  isMobile,
  onClose,
  onPrevious,
  onNext,
  faces,
}: {
  photo: Photo | undefined;
  timestamp: number;
  isMobile: boolean;
  onClose: () => void;
  /** Omitted at the first photo: no previous button, the left arrow does nothing. */
  onPrevious?: () => void;
  onNext?: () => void;
  faces?: ViewerFaces;
}) {
  const intl = useIntl();
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  // the previous photo is at the start of the line: on the right in a right-to-left language
  const isRtl = () => document.documentElement.dir === 'rtl';

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // keys typed into a field, and a focused video's own arrows (seeking, volume), stay theirs
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.target instanceof HTMLMediaElement) return;
    const [back, forward] = isRtl() ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight'];
    if (event.key === back && onPrevious) {
      event.preventDefault();
      onPrevious();
    } else if (event.key === forward && onNext) {
      event.preventDefault();
      onNext();
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    // a finger sliding along a video's timeline is seeking, not turning the page
    if (event.target instanceof HTMLMediaElement) return;
    if (event.pointerType === 'touch') swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || event.pointerType !== 'touch') return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
    if (dx > 0 !== isRtl()) onPrevious?.();
    else onNext?.();
  };

  const withFaces = (image: ReactNode) => (faces && photo ? faces.picture(photo, image) : image);

  return (
    <Dialog open={photo !== undefined} onOpenChange={(open) => !open && onClose()}>
      {/* one column no wider than the dialog: a long file name or a wide video must not push it past a phone's edge */}
      <DialogContent className="max-w-6xl grid-cols-[minmax(0,1fr)]" onKeyDown={onKeyDown}>
        {photo && (
          <>
            <DialogHeader>
              <DialogTitle className="truncate pe-8">{photoLabel(photo)}</DialogTitle>
              <DialogDescription>{photoDateText(photo)}</DialogDescription>
            </DialogHeader>
            <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
              <div
                className="relative flex max-h-[75vh] touch-pan-y items-center justify-center overflow-hidden rounded-lg bg-muted"
                onPointerDown={onPointerDown}
                onPointerUp={onPointerUp}
                onPointerCancel={() => (swipeStart.current = null)}
              >
                {photo.video ? (
                  <VideoStage photo={photo} video={photo.video} timestamp={timestamp} />
                ) : (
                  withFaces(
                    <PhotoImage
                      key={photo.id}
                      photo={photo}
                      timestamp={timestamp}
                      isMobile={isMobile}
                      eager
                      className="max-h-[75vh] w-auto max-w-full object-contain"
                    />,
                  )
                )}
                {onPrevious && (
                  <Button variant="secondary" size="icon" className="absolute start-2 rounded-full opacity-80" onClick={onPrevious}>
                    <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
                    <span className="sr-only">
                      {intl.formatMessage({ id: 'photos.viewer.previous', defaultMessage: 'Previous photo' })}
                    </span>
                  </Button>
                )}
                {onNext && (
                  <Button variant="secondary" size="icon" className="absolute end-2 rounded-full opacity-80" onClick={onNext}>
                    <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
                    <span className="sr-only">{intl.formatMessage({ id: 'photos.viewer.next', defaultMessage: 'Next photo' })}</span>
                  </Button>
                )}
              </div>
              <div className="grid content-start gap-6">
                <PhotoDetails photo={photo} />
                {faces?.panel(photo)}
              </div>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
