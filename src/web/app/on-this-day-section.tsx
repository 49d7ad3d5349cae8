import { lazy, Suspense, useState } from 'react';
import type { Photo } from '@shared/schemas/photos';
import { OnThisDayCard } from '@web/features/on-this-day/components/on-this-day-card';
import { PhotoImage } from '@web/features/photos/components/photo-image';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import { withWords } from '@web/lib/i18n/with-words';
import { paths } from './paths';

// The viewer (with its details, edit forms and the faces in the photo) is fetched when a photo is first opened,
// not with the dashboard.
const PhotoViewerDialog = lazy(
  withWords('app/on-this-day-viewer', () => import('./on-this-day-viewer').then((module) => ({ default: module.OnThisDayViewer }))),
);

/** The dashboard's "On this day", composed with the photos feature's thumbnails and viewer. */
export function OnThisDaySection() {
  const isMobile = useIsMobile();
  // one cache-busting value per visit, so re-renders do not re-download every image
  const [timestamp] = useState(() => Date.now());
  const [viewing, setViewing] = useState<{ photos: Photo[]; index: number } | null>(null);
  const index = viewing?.index ?? -1;
  const count = viewing?.photos.length ?? 0;
  return (
    <>
      <OnThisDayCard
        renderPhoto={(photo) => (
          <PhotoImage photo={photo} size="thumb" timestamp={timestamp} isMobile={isMobile} className="size-full object-cover" />
        )}
        onOpenPhoto={(photos, at) => setViewing({ photos, index: at })}
        contactPath={(birthday) => (birthday.relationship === 'family' ? paths.family : paths.friends)}
        memoriesPath={paths.memories}
      />
      {viewing && (
        <Suspense fallback={null}>
          <PhotoViewerDialog
            photo={viewing.photos[index]}
            timestamp={timestamp}
            isMobile={isMobile}
            onClose={() => setViewing(null)}
            onPrevious={index > 0 ? () => setViewing({ ...viewing, index: index - 1 }) : undefined}
            onNext={index < count - 1 ? () => setViewing({ ...viewing, index: index + 1 }) : undefined}
          />
        </Suspense>
      )}
    </>
  );
}
