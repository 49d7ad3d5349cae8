import { type DatePrecision, formatApproximateDate } from '@shared/dates/approximate-date';

// Dates as the archive wrote them. A photo's time keeps the offset it was taken with, so its calendar day
// is read from the string itself (not converted to this computer's time zone, which could move it a day).

const monthNames = (() => {
  const fmt = new Intl.DateTimeFormat(undefined, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => fmt.format(Date.UTC(2000, m, 1)));
})();

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
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** 'May 2024' for '2024-05'. */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${monthNames[(m ?? 1) - 1] ?? ''} ${y ?? ''}`.trim();
}

/** The time of day as written in the ISO string ('14:05'), or '' for a calendar date. */
export function timeOf(iso: string): string {
  return /T(\d\d:\d\d)/.exec(iso)?.[1] ?? '';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function plural(n: number, one: string, many: string) {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export { formatDuration } from '@shared/duration';

/**
 * A photo's or memory's date as its owner knows it (archive version 3, decision 067): a day as formatDay writes
 * it, or "June 1962", "1960s", "c. 1955". An older archive's dates carry no precision: they are days.
 */
export function formatItemDay(iso: string, precision?: DatePrecision | null, margin?: number | null): string {
  if (!precision || precision === 'exact' || precision === 'day') return formatDay(iso);
  return formatApproximateDate({ date: dayOf(iso), precision, margin }, undefined);
}
