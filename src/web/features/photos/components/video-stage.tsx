import { Download } from 'lucide-react';
import type { Photo, PhotoVideo } from '@shared/schemas/photos';
import { Button } from '@web/components/ui/button';
import { preparingText, videoUnavailableText } from '@web/components/video-parts';
import { useIntl } from '@web/lib/i18n/use-intl';
import { photoImageUrl } from '../api';
import { PhotoImage, photoLabel } from './photo-image';

/**
 * The viewer's video (decision 038). Ready: the browser's own player, poster first, loading only the metadata
 * until asked to play (HTTP Range does the rest). Preparing: the poster with the progress, which the gallery
 * keeps asking for. Unavailable (no playable copy could be made): the poster, and the original to download.
 */
export function VideoStage({ photo, video, timestamp }: { photo: Photo; video: PhotoVideo; timestamp: number }) {
  const intl = useIntl();
  if (video.playback === 'ready') {
    const poster = photo.derivativeStatus === 'ready' ? photoImageUrl(photo.id, { timestamp, isMobile: true }) : undefined;
    return (
      <video
        key={photo.id}
        controls
        playsInline
        preload="metadata"
        poster={poster}
        src={video.url}
        aria-label={photoLabel(photo)}
        className="max-h-[75vh] w-full bg-black"
        style={photo.width && photo.height ? { aspectRatio: `${photo.width} / ${photo.height}` } : undefined}
      />
    );
  }
  return (
    <div className="grid w-full min-w-0 justify-items-center gap-3 py-3">
      <PhotoImage
        key={photo.id}
        photo={photo}
        timestamp={timestamp}
        isMobile
        eager
        className="max-h-[60vh] min-h-40 w-auto min-w-40 max-w-full object-contain"
      />
      <div className="grid justify-items-center gap-2 px-3 text-center text-sm">
        {video.playback === 'preparing' ? (
          <p role="status" className="font-medium">
            {preparingText(video)}
          </p>
        ) : (
          <>
            <p>{videoUnavailableText()}</p>
            <Button asChild variant="outline" size="sm">
              <a href={`/api/photos/${photo.id}/original`} download={photo.fileName}>
                <Download aria-hidden="true" />
                {intl.formatMessage({ id: 'photos.video.downloadOriginal', defaultMessage: 'Download original' })}
              </a>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
