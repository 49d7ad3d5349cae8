import { Play } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { formatDuration } from '@shared/duration';
import { useIntl } from '@web/lib/i18n/use-intl';

export { formatDuration };

/**
 * The mark on a video's tile: a play icon and its length (just the icon while the length is unknown). Screen
 * readers hear "Video" before the time, since the icon says it only to the eye.
 */
export function DurationBadge({ durationMs, className }: { durationMs: number | null; className?: string }) {
  const intl = useIntl();
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-white tabular-nums',
        className,
      )}
    >
      <Play aria-hidden="true" className="size-3 fill-current" />
      <span className="sr-only">
        {durationMs === null
          ? intl.formatMessage({ id: 'common.video.label', defaultMessage: 'Video' })
          : `${intl.formatMessage({ id: 'common.video.labelBeforeLength', defaultMessage: 'Video,' })} `}
      </span>
      {durationMs !== null && formatDuration(durationMs)}
    </span>
  );
}
