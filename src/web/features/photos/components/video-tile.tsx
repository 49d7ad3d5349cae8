import type { PhotoVideo } from '@shared/schemas/photos';
import { DurationBadge } from '@web/components/duration-badge';

/** "Preparing video… 40 %", or without the number while the server does not know it yet. */
export const preparingText = (video: Pick<PhotoVideo, 'progress'>) =>
  video.progress === null ? 'Preparing video…' : `Preparing video… ${video.progress} %`;

/**
 * What a grid tile adds over a video's poster: "Preparing video… N %" across it while the playable copy is
 * made, and the play mark with its length bottom-right. It lets clicks through to the tile's button. Not a
 * live region: a grid of preparing videos would talk every few seconds.
 */
export function VideoTileOverlay({ video }: { video: PhotoVideo }) {
  return (
    <>
      {video.playback === 'preparing' && (
        <span className="pointer-events-none absolute inset-x-0 top-1/2 mx-2 -translate-y-1/2 rounded-md bg-black/60 px-2 py-1 text-center text-sm font-medium text-white">
          {preparingText(video)}
        </span>
      )}
      <DurationBadge durationMs={video.durationMs} className="pointer-events-none absolute right-2 bottom-2 shadow-sm" />
    </>
  );
}
