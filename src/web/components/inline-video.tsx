import { Download, Play } from 'lucide-react';
import { useState } from 'react';
import type { PhotoVideo } from '@shared/schemas/photos';
import { DurationBadge } from '@web/components/duration-badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { preparingText, videoUnavailableText, VideoPlaceholder } from './video-parts';
import { useIntl } from '@web/lib/i18n/use-intl';

type InlineVideoProps = {
  /** The photo row's id: its original is what "Download original" gives. */
  id: number;
  fileName: string;
  /** The video's name for screen readers (its title, else its file name). */
  label: string;
  video: Pick<PhotoVideo, 'playback' | 'durationMs' | 'url'> & { progress?: number | null };
  /** The poster as a small picture for the tile, and larger for the player; null while there is none yet. */
  thumbnailUrl: string | null;
  posterUrl: string | null;
  className?: string;
};

/**
 * A video where a screen shows a picture (timeline, collections): its poster with the play mark and its length;
 * a click puts the browser's own player in its place, playing. While its playable copy is being made it says so,
 * and when none can be made it offers the original to download, as the gallery's viewer does (decision 038).
 */
export function InlineVideo({ id, fileName, label, video, thumbnailUrl, posterUrl, className }: InlineVideoProps) {
  const [isPlaying, setIsPlaying] = useState(false);
  const intl = useIntl();
  if (isPlaying && video.playback === 'ready') {
    return (
      <video
        controls
        autoPlay
        playsInline
        preload="metadata"
        poster={posterUrl ?? undefined}
        src={video.url}
        aria-label={label}
        className={cn('size-full bg-black object-contain', className)}
      />
    );
  }

  const poster = thumbnailUrl ? (
    <img src={thumbnailUrl} alt={label} loading="lazy" decoding="async" className="size-full object-cover" />
  ) : (
    <VideoPlaceholder label={label} className="size-full" />
  );
  const badge = <DurationBadge durationMs={video.durationMs} className="pointer-events-none absolute end-2 bottom-2 shadow-sm" />;

  if (video.playback === 'ready') {
    return (
      <button
        type="button"
        aria-label={intl.formatMessage({ id: 'common.video.play', defaultMessage: 'Play {label}' }, { label })}
        onClick={() => setIsPlaying(true)}
        className={cn(
          'group/play relative block size-full overflow-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset',
          className,
        )}
      >
        {poster}
        <span
          aria-hidden="true"
          className="absolute top-1/2 left-1/2 flex size-12 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white transition-transform group-hover/play:scale-110"
        >
          <Play className="size-6 translate-x-0.5 fill-current" />
        </span>
        {badge}
      </button>
    );
  }

  return (
    <div className={cn('relative size-full overflow-hidden', className)}>
      {poster}
      <div className="absolute inset-x-2 top-1/2 grid -translate-y-1/2 justify-items-center gap-2 rounded-md bg-black/60 px-2 py-1 text-center text-xs text-white sm:text-sm">
        {video.playback === 'preparing' ? (
          <p className="font-medium">{preparingText({ progress: video.progress ?? null })}</p>
        ) : (
          <>
            <p>{videoUnavailableText()}</p>
            <Button asChild variant="secondary" size="sm">
              <a href={`/api/photos/${id}/original`} download={fileName}>
                <Download aria-hidden="true" />
                {intl.formatMessage({ id: 'common.video.downloadOriginal', defaultMessage: 'Download original' })}
              </a>
            </Button>
          </>
        )}
      </div>
      {badge}
    </div>
  );
}
