import { Play } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** A video's length as players write it: m:ss, or h:mm:ss from an hour on (rounded to the nearest second). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * The mark on a video's tile: a play icon and its length (just the icon while the length is unknown). Screen
 * readers hear "Video" before the time, since the icon says it only to the eye.
 */
export function DurationBadge({ durationMs, className }: { durationMs: number | null; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-white tabular-nums',
        className,
      )}
    >
      <Play aria-hidden="true" className="size-3 fill-current" />
      <span className="sr-only">Video{durationMs === null ? '' : ', '}</span>
      {durationMs !== null && formatDuration(durationMs)}
    </span>
  );
}
