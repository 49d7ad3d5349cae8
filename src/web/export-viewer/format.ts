import { type DatePrecision, formatApproximateDate } from '@shared/dates/approximate-date';
import { formatNumber, intl, locale } from './i18n';

// Dates as the archive wrote them. A photo's time keeps the offset it was taken with, so its calendar day
// is read from the string itself (not converted to this computer's time zone, which could move it a day).

/** 'YYYY-MM-DD' of a calendar date or an ISO date-time. */
export function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

/** 'YYYY-MM' of a calendar date or an ISO date-time. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

export function formatDay(iso: string): string {
  const [y, m, d] = dayOf(iso).split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** 'May 2024' for '2024-05'. */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y) return month;
  return new Intl.DateTimeFormat(locale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, (m ?? 1) - 1, 1));
}

/** The time of day as written in the ISO string ('14:05'), or '' for a calendar date. */
export function timeOf(iso: string): string {
  return /T(\d\d:\d\d)/.exec(iso)?.[1] ?? '';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024)
    return intl.formatMessage({ id: 'exportViewer.format.bytes', defaultMessage: '{bytes} bytes' }, { bytes: String(bytes) });
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 1 : 0;
  return `${value.toLocaleString(locale(), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false })} ${units[unit]}`;
}

export { formatNumber };

export { formatDuration } from '@shared/duration';

/**
 * A photo's or memory's date as its owner knows it (archive version 3, decision 067): a day as formatDay writes
 * it, or "June 1962", "1960s", "c. 1955". An older archive's dates carry no precision: they are days.
 */
export function formatItemDay(iso: string, precision?: DatePrecision | null, margin?: number | null): string {
  if (!precision || precision === 'exact' || precision === 'day') return formatDay(iso);
  const year = dayOf(iso).slice(0, 4);
  if (precision === 'decade' && /^\d{4}$/.test(year))
    return intl.formatMessage(
      { id: 'exportViewer.format.decade', defaultMessage: '{decade}s' },
      { decade: String(Number(year) - (Number(year) % 10)) },
    );
  if (precision === 'about' && /^\d{4}$/.test(year))
    return margin != null && margin > 1
      ? intl.formatMessage(
          { id: 'exportViewer.format.aboutWithin', defaultMessage: 'c. {year} (± {margin} years)' },
          { year, margin: String(margin) },
        )
      : intl.formatMessage({ id: 'exportViewer.format.about', defaultMessage: 'c. {year}' }, { year });
  return formatApproximateDate({ date: dayOf(iso), precision, margin }, locale());
}
