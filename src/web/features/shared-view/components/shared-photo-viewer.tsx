import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import { useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { SharedPhoto } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import { formattingLocale } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { formatItemDate, photoItemDate } from '@web/lib/item-date';

export const sharedPhotoLabel = (photo: Pick<SharedPhoto, 'title' | 'fileName'>) => photo.title || photo.fileName;

/** The names of the people in a shared photo, left to right: "Mum, Grandma Rose and Tom" (in the page's language). */
export function peopleInPhoto(people: SharedPhoto['people']) {
  const locale = formattingLocale();
  // British English lists without the comma before "and", as heirloom's English always has
  const list = new Intl.ListFormat(locale === 'en-US' ? 'en-GB' : locale, { type: 'conjunction' });
  return list.format(people.map((p) => p.name));
}

/** A horizontal swipe shorter than this is a tap or a scroll, not "next photo". */
const SWIPE_PX = 50;

/**
 * The full-screen viewer of a shared collection's photos: the display copy, its title and date, previous and
 * next (buttons, arrow keys, a swipe), and the original to download. Radix Dialog traps focus and gives it
 * back to the thumbnail on close.
 */
export function SharedPhotoViewer({
  photos,
  index,
  onIndexChange,
  onCloseAutoFocus,
}: {
  photos: SharedPhoto[];
  /** The open photo, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const intl = useIntl();
  const touchStartX = useRef<number | null>(null);
  const photo = index === null ? undefined : photos[index];
  const hasPrevious = index !== null && index > 0;
  const hasNext = index !== null && index < photos.length - 1;

  // At either end the buttons are aria-disabled, not disabled: a disabled button would drop the focus out of the dialog.
  const go = (step: -1 | 1) => {
    if (index === null) return;
    const next = index + step;
    if (next >= 0 && next < photos.length) onIndexChange(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLMediaElement) return; // a focused video seeks with its arrows
    // in a right-to-left page the previous photo is on the right
    const back = document.documentElement.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === back) go(-1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  const onTouchStart = (event: TouchEvent) => {
    // a finger sliding along a video's timeline is seeking, not turning the page
    if (event.target instanceof HTMLMediaElement) {
      touchStartX.current = null;
      return;
    }
    touchStartX.current = event.touches.length === 1 ? (event.touches[0]?.clientX ?? null) : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    touchStartX.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? 1 : -1);
  };

  const date = photo ? formatItemDate(photoItemDate(photo)) : '';
  const details = photo ? [date, photo.location, photo.cameraInfo].filter(Boolean).join(' · ') : '';

  return (
    <DialogPrimitive.Root open={photo !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/90 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={onCloseAutoFocus}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          className="fixed inset-0 z-50 flex flex-col bg-neutral-950 text-white outline-none data-[state=open]:animate-fade-in"
        >
          {photo && index !== null && (
            <>
              <div className="flex items-start gap-3 p-3 sm:p-4">
                <div className="min-w-0 flex-1">
                  <DialogPrimitive.Title className="truncate text-base font-semibold sm:text-lg">
                    {sharedPhotoLabel(photo)}
                  </DialogPrimitive.Title>
                  <DialogPrimitive.Description className="truncate text-sm text-white/80">
                    {details ||
                      intl.formatMessage(
                        { id: 'sharedView.viewer.position', defaultMessage: 'Photo {number} of {total}' },
                        { number: String(index + 1), total: String(photos.length) },
                      )}
                  </DialogPrimitive.Description>
                  {/* only when the owner included names for this share; otherwise the server sends none */}
                  {photo.people.length > 0 && (
                    <p className="truncate text-sm text-white/80">
                      {intl.formatMessage(
                        { id: 'sharedView.viewer.people', defaultMessage: 'In this photo: {names}' },
                        { names: peopleInPhoto(photo.people) },
                      )}
                    </p>
                  )}
                </div>
                <Button asChild variant="secondary" size="sm">
                  <a href={photo.downloadUrl} download={photo.fileName}>
                    <Download aria-hidden="true" />
                    {intl.formatMessage({ id: 'sharedView.viewer.download', defaultMessage: 'Download' })}
                  </a>
                </Button>
                <DialogPrimitive.Close asChild>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={intl.formatMessage({ id: 'sharedView.viewer.close', defaultMessage: 'Close' })}
                    className="text-white hover:bg-white/15 hover:text-white"
                  >
                    <X aria-hidden="true" className="size-5" />
                  </Button>
                </DialogPrimitive.Close>
              </div>
              <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16">
                {photo.videoUrl ? (
                  // a video (decision 038): the browser's player, its display copy as the poster
                  <video
                    key={photo.id}
                    src={photo.videoUrl}
                    poster={photo.displayUrl}
                    controls
                    playsInline
                    preload="metadata"
                    aria-label={sharedPhotoLabel(photo)}
                    className="max-h-full w-full max-w-full"
                    style={photo.width && photo.height ? { aspectRatio: `${photo.width} / ${photo.height}` } : undefined}
                  />
                ) : (
                  <img
                    key={photo.id}
                    src={photo.displayUrl}
                    alt={sharedPhotoLabel(photo)}
                    width={photo.width ?? undefined}
                    height={photo.height ?? undefined}
                    className="max-h-full w-auto max-w-full object-contain select-none"
                    draggable={false}
                  />
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={intl.formatMessage({ id: 'sharedView.viewer.previous', defaultMessage: 'Previous photo' })}
                  aria-disabled={!hasPrevious}
                  onClick={() => go(-1)}
                  className="absolute top-1/2 start-1 aria-disabled:opacity-30 size-12 -translate-y-1/2 rounded-full bg-black/40 text-white hover:bg-black/60 hover:text-white sm:start-3"
                >
                  <ChevronLeft aria-hidden="true" className="size-7 rtl:-scale-x-100" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={intl.formatMessage({ id: 'sharedView.viewer.next', defaultMessage: 'Next photo' })}
                  aria-disabled={!hasNext}
                  onClick={() => go(1)}
                  className="absolute top-1/2 end-1 aria-disabled:opacity-30 size-12 -translate-y-1/2 rounded-full bg-black/40 text-white hover:bg-black/60 hover:text-white sm:end-3"
                >
                  <ChevronRight aria-hidden="true" className="size-7 rtl:-scale-x-100" />
                </Button>
              </div>
              <p aria-live="polite" className="pb-[max(1rem,env(safe-area-inset-bottom))] text-center text-sm text-white/80">
                {index + 1} / {photos.length}
              </p>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
