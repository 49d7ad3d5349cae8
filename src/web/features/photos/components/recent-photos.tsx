import { useState } from 'react';
import { DASHBOARD_RECENT_PHOTOS } from '@shared/limits';
import { Skeleton } from '@web/components/ui/skeleton';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import { photoImageUrl, usePhotos, type PhotoSummary } from '../api';

/** spec §2 Dashboard: the first 8 photos, 2 columns on small screens and 4 on wider ones. */
export function RecentPhotos() {
  const photos = usePhotos();
  const isMobile = useIsMobile();
  // one cache-busting value per visit, so re-renders do not re-download every image
  const [timestamp] = useState(() => Date.now());

  return (
    <section aria-labelledby="recent-photos-title" className="mt-10">
      <h2 id="recent-photos-title" className="text-2xl font-semibold">
        Recent Photos
      </h2>
      <div className="mt-4">
        {photos.isPending ? (
          <div>
            <p className="text-muted-foreground">Loading recent photos...</p>
            <div aria-hidden="true" className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="aspect-square" />
              ))}
            </div>
          </div>
        ) : photos.isError ? (
          <p role="alert" className="text-destructive">
            Failed to fetch photos
          </p>
        ) : photos.data.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card/60 p-8 text-center text-muted-foreground">
            No photos yet. Start adding some memories!
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {photos.data.slice(0, DASHBOARD_RECENT_PHOTOS).map((photo) => (
              <li key={photo.id}>
                <PhotoThumb photo={photo} src={photoImageUrl(photo.id, { size: 'thumb', timestamp, isMobile })} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

// spec §2: a failed image shows a placeholder error image (inline, so it cannot fail in turn)
const ERROR_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#66574a" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><line x1="2" x2="22" y1="2" y2="22"/><path d="M10.41 10.41a2 2 0 1 1-2.83-2.83"/><line x1="13.5" x2="6" y1="13.5" y2="21"/><line x1="18" x2="21" y1="12" y2="15"/><path d="M3.59 3.59A1.99 1.99 0 0 0 3 5v14a2 2 0 0 0 2 2h14c.55 0 1.052-.22 1.41-.59"/><path d="M21 15V5a2 2 0 0 0-2-2H9"/></svg>',
  );

function PhotoThumb({ photo, src }: { photo: PhotoSummary; src: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <div className="aspect-square overflow-hidden rounded-lg border bg-muted shadow-sm">
      {hasFailed ? (
        <img src={ERROR_IMAGE} alt="Failed to load photo" className="size-full object-contain p-6" />
      ) : (
        <img
          src={src}
          alt={photo.title || photo.fileName}
          loading="lazy"
          decoding="async"
          onError={() => setHasFailed(true)}
          className="size-full object-cover transition-transform duration-300 hover:scale-105"
        />
      )}
    </div>
  );
}
