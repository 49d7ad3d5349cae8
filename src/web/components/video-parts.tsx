import { Film } from 'lucide-react';
import type { PhotoVideo } from '@shared/schemas/photos';
import { cn } from '@web/lib/cn';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';

const messages = defineMessages({
  preparing: { id: 'common.video.preparing', defaultMessage: 'Preparing video…' },
  preparingProgress: { id: 'common.video.preparingProgress', defaultMessage: 'Preparing video… {progress} %' },
  unavailable: {
    id: 'common.video.unavailable',
    defaultMessage: 'This video cannot be played in the browser. Download the original to watch it.',
  },
});

// The pieces of a video (decision 038) that every screen showing the owner's photos shares: the gallery, the
// timeline, search, collections, On this day and the item pickers.

/** "Preparing video… 40 %", or without the number while the server does not know it yet. */
export const preparingText = (video: Pick<PhotoVideo, 'progress'>) =>
  video.progress === null
    ? activeIntl().formatMessage(messages.preparing)
    : activeIntl().formatMessage(messages.preparingProgress, { progress: String(video.progress) });

/** "This video cannot be played in the browser…" in the page's language. */
export const videoUnavailableText = () => activeIntl().formatMessage(messages.unavailable);

/** What a video without a poster shows in its place: a plain film mark, never a broken image. */
export function VideoPlaceholder({ label, className }: { label: string; className?: string }) {
  return (
    <span role="img" aria-label={label} className={cn('flex items-center justify-center bg-muted', className)}>
      <Film aria-hidden="true" className="size-1/4 max-h-12 max-w-12 text-muted-foreground" />
    </span>
  );
}
