import { useState, type PointerEvent } from 'react';
import type { PhotoVideo } from '@shared/schemas/photos';
import { DurationBadge } from '@web/components/duration-badge';
import { preparingText } from '@web/components/video-parts';

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
      <DurationBadge durationMs={video.durationMs} className="pointer-events-none absolute end-2 bottom-2 shadow-sm" />
    </>
  );
}

/**
 * On a desktop, a ready video's tile plays its few-second muted preview while the mouse is over it (as photo
 * apps do); touch and pen never start it, and nothing is loaded until the mouse comes. Returns the handlers for
 * the tile and the preview to draw above the poster (it lets clicks through).
 */
export function useVideoHoverPreview(video: PhotoVideo | null, enabled: boolean) {
  const [isHovered, setIsHovered] = useState(false);
  const src = enabled && video?.playback === 'ready' ? video.previewUrl : null;
  if (!src) return { handlers: {}, preview: null };
  return {
    handlers: {
      onPointerEnter: (event: PointerEvent) => event.pointerType === 'mouse' && setIsHovered(true),
      onPointerLeave: () => setIsHovered(false),
    },
    preview: isHovered ? (
      <video
        src={src}
        muted
        autoPlay
        loop
        playsInline
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 size-full object-cover"
      />
    ) : null,
  };
}
