import type { TransferProgress } from '@shared/schemas/transfers';
import { Progress } from '@web/components/ui/progress';
import { formatBytes } from '@web/lib/format';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl, formattingLocale } from '@web/lib/i18n/language-store';

const messages = defineMessages({
  underAMinute: { id: 'account.progress.underAMinute', defaultMessage: 'less than a minute left' },
  minutes: { id: 'account.progress.minutes', defaultMessage: 'about {minutes, plural, one {# minute} other {# minutes}} left' },
  hours: { id: 'account.progress.hours', defaultMessage: 'about {hours, plural, one {# hour} other {# hours}} left' },
  items: { id: 'account.progress.items', defaultMessage: '{done} of {total} items' },
  bytes: { id: 'account.progress.bytes', defaultMessage: '{done} of {total}' },
});

/** 'about 4 minutes left': rounded, since the estimate comes from the pace so far. */
export function formatTimeLeft(seconds: number | null): string | null {
  if (seconds === null) return null;
  const intl = activeIntl();
  if (seconds < 60) return intl.formatMessage(messages.underAMinute);
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return intl.formatMessage(messages.minutes, { minutes });
  const hours = Math.round(minutes / 60);
  return intl.formatMessage(messages.hours, { hours });
}

/** '1,204 of 3,400 items · 1.20 GB of 3.40 GB · about 4 minutes left'; parts that are not known yet are left out. */
export function describeProgress(progress: TransferProgress): string {
  const intl = activeIntl();
  const count = new Intl.NumberFormat(formattingLocale());
  const parts: string[] = [];
  if (progress.itemsTotal > 0)
    parts.push(intl.formatMessage(messages.items, { done: count.format(progress.itemsDone), total: count.format(progress.itemsTotal) }));
  if (progress.bytesTotal > 0)
    parts.push(intl.formatMessage(messages.bytes, { done: formatBytes(progress.bytesDone), total: formatBytes(progress.bytesTotal) }));
  const left = formatTimeLeft(progress.secondsLeft);
  if (left) parts.push(left);
  return parts.join(' · ');
}

/** Percent done by bytes (the slow part), else by items; null while neither total is known (an indeterminate bar). */
export function percentDone(progress: TransferProgress): number | null {
  if (progress.bytesTotal > 0) return Math.min(100, Math.round((progress.bytesDone / progress.bytesTotal) * 100));
  if (progress.itemsTotal > 0) return Math.min(100, Math.round((progress.itemsDone / progress.itemsTotal) * 100));
  return null;
}

/** A job's accessible progress bar with its items, bytes and time left beneath. */
export function TransferProgressBar({ label, progress, starting }: { label: string; progress: TransferProgress; starting: string }) {
  const description = describeProgress(progress);
  return (
    <div className="grid gap-2">
      <Progress aria-label={label} value={percentDone(progress)} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {description || starting}
      </p>
    </div>
  );
}
