// How a person reads an approximate date, and the period it stands for (decision 067). Kept free of zod and
// of the parsers, so the offline archive viewer can show dates as the app does without their weight.
export const datePrecisions = ['exact', 'day', 'month', 'year', 'decade', 'about'] as const;
export type DatePrecision = (typeof datePrecisions)[number];

export interface ApproximateDate {
  /** yyyy-MM-dd, or an ISO timestamp (a photo's dateTaken). */
  date: string;
  precision: DatePrecision;
  /** Years either side of an "about" date; null or absent otherwise. */
  margin?: number | null;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The calendar day a date string is written with (its first ten characters), as numbers. */
function calendarParts(date: string): { year: number; month: number; day: number } | null {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export const isDayPrecise = (precision: DatePrecision | null | undefined): boolean => precision === 'exact' || precision === 'day';

/**
 * The day an item dated this way sorts at, yyyy-MM-dd: the first day of its month, year or decade; an "about"
 * date at the start of its year. An exact or day-precise date is returned as it is (a timestamp stays one).
 */
export function startOfPeriod({ date, precision }: ApproximateDate): string {
  if (isDayPrecise(precision)) return date;
  const parts = calendarParts(date);
  if (!parts) return date;
  const { year, month } = parts;
  switch (precision) {
    case 'month':
      return `${pad(year, 4)}-${pad(month, 2)}-01`;
    case 'decade':
      return `${pad(year - (year % 10), 4)}-01-01`;
    default:
      return `${pad(year, 4)}-01-01`;
  }
}

/**
 * The first and last day (yyyy-MM-dd, both included) an approximate date may stand for: the month, the year,
 * the decade, or an about year give or take its margin (1 when none is given). A day-precise date is its day.
 */
export function periodOf({ date, precision, margin }: ApproximateDate): { start: string; end: string } {
  const parts = calendarParts(date);
  if (!parts) return { start: date, end: date };
  const { year, month, day } = parts;
  const y = (n: number) => pad(Math.max(1, n), 4);
  switch (precision) {
    case 'exact':
    case 'day':
      return { start: `${y(year)}-${pad(month, 2)}-${pad(day, 2)}`, end: `${y(year)}-${pad(month, 2)}-${pad(day, 2)}` };
    case 'month': {
      // the Gregorian calendar repeats every 400 years, and Date.UTC reads years below 100 as 19xx
      const days = new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate();
      return { start: `${y(year)}-${pad(month, 2)}-01`, end: `${y(year)}-${pad(month, 2)}-${pad(days, 2)}` };
    }
    case 'year':
      return { start: `${y(year)}-01-01`, end: `${y(year)}-12-31` };
    case 'decade': {
      const first = year - (year % 10);
      return { start: `${y(first)}-01-01`, end: `${y(first + 9)}-12-31` };
    }
    case 'about': {
      const spread = margin ?? 1;
      return { start: `${y(year - spread)}-01-01`, end: `${y(year + spread)}-12-31` };
    }
  }
}

/**
 * How a person reads the date. exact: the date and time as the photo viewer has always shown it ("June 14, 1962
 * at 3:05 PM", in the viewer's time zone); day: the long date the gallery shows ("June 14, 1962"); month:
 * "June 1962"; year: "1962"; decade: "1960s"; about: "c. 1955", or "c. 1955 (± 5 years)" when the margin is over
 * one year. A period is read from the date as written (its first ten characters), never shifted by a time zone.
 */
export function formatApproximateDate({ date, precision, margin }: ApproximateDate, locale = 'en-US'): string {
  const parts = calendarParts(date);
  const isCalendarDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  if (precision === 'exact' || precision === 'day') {
    // a calendar day is that local day; a timestamp is shown in the viewer's time zone
    const value = isCalendarDate && parts ? new Date(parts.year, parts.month - 1, parts.day) : new Date(date);
    if (Number.isNaN(value.getTime())) return '';
    if (precision === 'exact' && !isCalendarDate)
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(value);
    return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(value);
  }
  if (!parts) return '';
  const { year, month } = parts;
  switch (precision) {
    case 'month':
      return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, month - 1, 15)),
      );
    case 'year':
      return String(year);
    case 'decade':
      return `${year - (year % 10)}s`;
    case 'about':
      return margin != null && margin > 1 ? `c. ${year} (± ${margin} years)` : `c. ${year}`;
  }
}
