import { useState } from 'react';
import type { Photo } from '@shared/schemas/photos';
import { Skeleton } from '@web/components/ui/skeleton';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useRecentPhotos } from '../api';
import { useVideoProgress } from '../use-video-progress';
import { PhotoImage } from './photo-image';
import { VideoTileOverlay } from './video-tile';

const NO_PHOTOS: readonly Photo[] = [];

/** spec §2 Dashboard: the first 8 photos (one short page, newest upload first), 2 columns on small screens and 4 on wider ones. */
export function RecentPhotos() {
  const intl = useIntl();
  const photos = useRecentPhotos();
  const failed = intl.formatMessage({ id: 'photos.recent.failed', defaultMessage: 'Failed to fetch photos' });
  useLoadErrorToast(photos, failed);
  useVideoProgress(photos.data ?? NO_PHOTOS);
  const isMobile = useIsMobile();
  // one cache-busting value per visit, so re-renders do not re-download every image
  const [timestamp] = useState(() => Date.now());

  return (
    <section aria-labelledby="recent-photos-title" className="mt-10">
      <h2 id="recent-photos-title" className="text-2xl font-semibold">
        {intl.formatMessage({ id: 'photos.recent.title', defaultMessage: 'Recent Photos' })}
      </h2>
      <div className="mt-4">
        {photos.isPending ? (
          <div>
            <p className="text-muted-foreground">
              {intl.formatMessage({ id: 'photos.recent.loading', defaultMessage: 'Loading recent photos...' })}
            </p>
            <div aria-hidden="true" className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="aspect-square" />
              ))}
            </div>
          </div>
        ) : photos.isError ? (
          <p role="alert" className="text-destructive">
            {failed}
          </p>
        ) : photos.data.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card/60 p-8 text-center text-muted-foreground">
            {intl.formatMessage({ id: 'photos.recent.empty', defaultMessage: 'No photos yet. Start adding some memories!' })}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {photos.data.map((photo) => (
              <li key={photo.id} className="relative aspect-square overflow-hidden rounded-lg border bg-muted shadow-sm">
                <PhotoImage
                  photo={photo}
                  size="thumb"
                  timestamp={timestamp}
                  isMobile={isMobile}
                  className="size-full object-cover transition-transform duration-300 hover:scale-105"
                />
                {photo.video && <VideoTileOverlay video={photo.video} />}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
