import { useEffect, useRef, useState } from 'react';
import { PHOTO_RETRY_DELAY_MS } from '@shared/limits';
import type { Photo } from '@shared/schemas/photos';
import { VideoPlaceholder } from '@web/components/video-parts';
import { cn } from '@web/lib/cn';
import { useIntl } from '@web/lib/i18n/use-intl';
import { photoImageUrl } from '../api';

// spec §2: a failed image shows a placeholder error image (inline, so it cannot fail in turn)
const ERROR_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#66574a" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><line x1="2" x2="22" y1="2" y2="22"/><path d="M10.41 10.41a2 2 0 1 1-2.83-2.83"/><line x1="13.5" x2="6" y1="13.5" y2="21"/><line x1="18" x2="21" y1="12" y2="15"/><path d="M3.59 3.59A1.99 1.99 0 0 0 3 5v14a2 2 0 0 0 2 2h14c.55 0 1.052-.22 1.41-.59"/><path d="M21 15V5a2 2 0 0 0-2-2H9"/></svg>',
  );

export const photoLabel = (photo: Pick<Photo, 'title' | 'fileName'>) => photo.title || photo.fileName;

/** A video has a poster frame once its derivatives are ready; until then (or for good, without ffmpeg) it has none. */
const hasPoster = (photo: Photo) => photo.video === null || photo.derivativeStatus === 'ready';

type PhotoImageProps = {
  photo: Photo;
  /** 'thumb' for grids and lists; omitted for the viewer's full image. */
  size?: 'thumb';
  timestamp: number;
  isMobile: boolean;
  /** Told when the image fails (true) and when it loads after all (false): drives the gallery's banner. */
  onFailedChange?: (id: number, failed: boolean) => void;
  className?: string;
  eager?: boolean;
};

/**
 * spec §2: a photo that fails to load is marked failed and retried once after 2 seconds with a
 * cache-busting value (a HEIC may still be converting); after that it shows the error placeholder.
 */
export function PhotoImage({ photo, size, timestamp, isMobile, onFailedChange, className, eager }: PhotoImageProps) {
  const intl = useIntl();
  const [cachebust, setCachebust] = useState<number | undefined>(undefined);
  const [hasFailed, setHasFailed] = useState(false);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);

  const onError = () => {
    onFailedChange?.(photo.id, true);
    if (cachebust === undefined) {
      retry.current = setTimeout(() => setCachebust(Date.now()), PHOTO_RETRY_DELAY_MS);
    } else {
      setHasFailed(true);
    }
  };
  const onLoad = () => {
    if (cachebust !== undefined) onFailedChange?.(photo.id, false);
  };

  if (!hasPoster(photo)) return <VideoPlaceholder label={photoLabel(photo)} className={className} />;
  if (hasFailed) {
    return (
      <img
        src={ERROR_IMAGE}
        alt={intl.formatMessage({ id: 'photos.image.failed', defaultMessage: '{photo} could not be loaded' }, { photo: photoLabel(photo) })}
        className={cn('bg-muted object-contain p-6', className)}
      />
    );
  }
  return (
    <img
      src={photoImageUrl(photo.id, { size, timestamp, isMobile, cachebust })}
      alt={photoLabel(photo)}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={onError}
      onLoad={onLoad}
      className={className}
    />
  );
}
