import { useRef, useState } from 'react';
import type { SharedPhoto } from '@shared/schemas/sharing';
import { DurationBadge } from '@web/components/duration-badge';
import { useIntl } from '@web/lib/i18n/use-intl';
import { SharedPhotoViewer, sharedPhotoLabel } from './shared-photo-viewer';

/** Square thumbnails, three across on a phone and more on wider screens; each opens the viewer. */
export function SharedPhotoGrid({ photos }: { photos: SharedPhoto[] }) {
  const intl = useIntl();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const lastIndex = useRef(0);
  const show = (index: number | null) => {
    if (index !== null) lastIndex.current = index;
    setOpenIndex(index);
  };
  // Focus goes back to the thumbnail of the photo last shown (not the one first opened; a tap may not focus it at all).
  const focusLastShown = (event: Event) => {
    event.preventDefault();
    thumbnails.current[lastIndex.current]?.focus();
  };
  return (
    <>
      <ul className="grid grid-cols-3 gap-1 sm:grid-cols-4 sm:gap-2 lg:grid-cols-5">
        {photos.map((photo, index) => (
          <li key={photo.id} className="relative aspect-square overflow-hidden rounded-md bg-muted sm:rounded-lg">
            <button
              type="button"
              ref={(button) => {
                thumbnails.current[index] = button;
              }}
              onClick={() => show(index)}
              aria-label={intl.formatMessage(
                { id: 'sharedView.grid.view', defaultMessage: 'View {name}' },
                { name: sharedPhotoLabel(photo) },
              )}
              className="group block size-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
            >
              <img
                src={photo.thumbnailUrl}
                alt={sharedPhotoLabel(photo)}
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
            </button>
            {(photo.videoUrl !== null || photo.durationMs !== null) && (
              <DurationBadge durationMs={photo.durationMs} className="pointer-events-none absolute end-1 bottom-1 sm:end-2 sm:bottom-2" />
            )}
          </li>
        ))}
      </ul>
      <SharedPhotoViewer photos={photos} index={openIndex} onIndexChange={show} onCloseAutoFocus={focusLastShown} />
    </>
  );
}
