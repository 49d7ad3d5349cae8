// How well a photo's or memory's date is known (decision 067). A scanned print from the 1950s has no date taken;
// its owner knows it as "June 1962", "1962", "the 1960s" or "about 1955", never to the day.
//
// An approximate date is stored as the first day of its period (startOfPeriod) beside its precision, so every
// list keeps ordering by the one date column: "1962" sorts at 1 January 1962, "the 1960s" at 1 January 1960.
import { z } from 'zod';
import { parseTreeDate, type DateParts } from '../tree/tree-date';

export const datePrecisions = ['exact', 'day', 'month', 'year', 'decade', 'about'] as const;
export type DatePrecision = (typeof datePrecisions)[number];

/** Precisions that name one day: only these count on On This Day and in anniversaries. */
export const dayPrecisions: readonly DatePrecision[] = ['exact', 'day'];

/** The widest "give or take" an about date carries, in years. */
export const DATE_MARGIN_MAX = 50;

export const datePrecisionSchema = z.enum(datePrecisions, {
  error: 'Precision must be exact, day, month, year, decade or about',
});
const MARGIN_MESSAGE = `The margin is a whole number of years from 0 to ${DATE_MARGIN_MAX}`;
/** Years either side of an "about" date (decision 067); ignored, and stored as null, for the other precisions. */
export const dateMarginSchema = z
  .number({ error: MARGIN_MESSAGE })
  .int(MARGIN_MESSAGE)
  .min(0, MARGIN_MESSAGE)
  .max(DATE_MARGIN_MAX, MARGIN_MESSAGE);

export interface ApproximateDate {
  /** yyyy-MM-dd, or an ISO timestamp (a photo's dateTaken). */
  date: string;
  precision: DatePrecision;
  /** Years either side of an "about" date; null or absent otherwise. */
  margin?: number | null;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

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

// ---- Reading what a person types ----

const MONTH_NAMES = 'january february march april may june july august september october november december'.split(' ');

/** A month's name or its abbreviation of at least three letters ("Jun", "JUN", "Sept."); null otherwise. */
function monthNumber(word: string): number | null {
  const lower = word.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const index = MONTH_NAMES.findIndex((name) => name.startsWith(lower) || (lower === 'sept' && name === 'september'));
  return index < 0 ? null : index + 1;
}

/** One date as the tree-date grammar writes it (yyyy, yyyy-MM, yyyy-MM-dd), from the ways people write one. */
function normaliseDate(text: string): string | null {
  const t = text.trim().replace(/,/g, ' ').replace(/\s+/g, ' ');
  let m = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(t);
  if (m) return [m[1], m[2] && pad(Number(m[2]), 2), m[3] && pad(Number(m[3]), 2)].filter(Boolean).join('-');
  m = /^(\d{1,2})[/.](\d{4})$/.exec(t); // 06/1962
  if (m) return `${m[2]}-${pad(Number(m[1]), 2)}`;
  m = /^([A-Za-z]+\.?) (\d{4})$/.exec(t); // June 1962, JUN 1962
  if (m) {
    const month = monthNumber(m[1]!);
    return month ? `${m[2]}-${pad(month, 2)}` : null;
  }
  m = /^(\d{1,2}) ([A-Za-z]+\.?) (\d{4})$/.exec(t); // 14 June 1962, 14 JUN 1962
  if (m) {
    const month = monthNumber(m[2]!);
    return month ? `${m[3]}-${pad(month, 2)}-${pad(Number(m[1]), 2)}` : null;
  }
  m = /^([A-Za-z]+\.?) (\d{1,2}) (\d{4})$/.exec(t); // June 14, 1962
  if (m) {
    const month = monthNumber(m[1]!);
    return month ? `${m[3]}-${pad(month, 2)}-${pad(Number(m[2]), 2)}` : null;
  }
  return null;
}

const ABOUT_WORDS = /^(?:abt\.?|est\.?|cal\.?|about|around|circa|ca\.?|c\.?|approx\.?|approximately|~)\s*(.+)$/i;
const BEFORE_WORDS = /^(?:bef\.?|before)\s+(.+)$/i;
const AFTER_WORDS = /^(?:aft\.?|after)\s+(.+)$/i;
const BETWEEN_WORDS = /^(?:bet\.?|between|from)\s+(.+?)\s+(?:and|to|-|–)\s+(.+)$/i;
const RANGE = /^(\d{4})\s*[-–]\s*(\d{4})$/;

/** Turns typed words into the tree-date grammar ("c. 1955", "before 1960", "between 1950 and 1955"). */
function toTreeGrammar(text: string): string | null {
  let m = RANGE.exec(text);
  if (m) return `between ${m[1]} and ${m[2]}`;
  m = BETWEEN_WORDS.exec(text);
  if (m) {
    const from = normaliseDate(m[1]!);
    const to = normaliseDate(m[2]!);
    return from && to ? `between ${from} and ${to}` : null;
  }
  m = BEFORE_WORDS.exec(text);
  if (m) {
    const date = normaliseDate(m[1]!);
    return date ? `before ${date}` : null;
  }
  m = AFTER_WORDS.exec(text);
  if (m) {
    const date = normaliseDate(m[1]!);
    return date ? `after ${date}` : null;
  }
  m = ABOUT_WORDS.exec(text);
  if (m) {
    const date = normaliseDate(m[1]!);
    return date ? `c. ${date}` : null;
  }
  return normaliseDate(text);
}

/** Years either side of the middle of a range, so that "about the middle ± margin" covers it. */
function aroundRange(from: number, to: number): ApproximateDate & { margin: number } {
  const middle = Math.floor((from + to) / 2);
  const margin = Math.min(DATE_MARGIN_MAX, Math.max(middle - from, to - middle));
  return { date: `${pad(middle, 4)}-01-01`, precision: 'about', margin };
}

/** How far "before" and "after" reach: a GEDCOM BEF 1960 is read as c. 1955 (± 5 years). */
export const OPEN_RANGE_YEARS = 5;

function fromParts({ year, month, day }: DateParts): ApproximateDate {
  if (month === undefined) return { date: `${pad(year, 4)}-01-01`, precision: 'year', margin: null };
  if (day === undefined) return { date: `${pad(year, 4)}-${pad(month, 2)}-01`, precision: 'month', margin: null };
  return { date: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`, precision: 'day', margin: null };
}

/**
 * Reads a date as a person types it: "1962", "1960s", "June 1962", "06/1962", "14 June 1962", "c. 1955",
 * "about 1955", "circa 1955", and GEDCOM's "ABT 1955", "EST 1950", "CAL 1950", "BEF 1960", "AFT 1950",
 * "BET 1950 AND 1955". The date is the first day of its period (startOfPeriod). Before, after and between
 * become an about date whose margin covers the range (decision 067): BEF 1960 is c. 1955 (± 5 years), AFT 1950
 * c. 1955 (± 5 years), BET 1950 AND 1955 c. 1952 (± 3 years); a between that is one year is that year, one
 * decade that decade. Null for anything else.
 */
export function parseApproximateDate(text: string): (ApproximateDate & { margin: number | null }) | null {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t || t.length > 60) return null;
  const decade = /^(?:the )?(\d{3})0['’]?s$/i.exec(t);
  if (decade) return { date: `${decade[1]}0-01-01`, precision: 'decade', margin: null };
  const grammar = toTreeGrammar(t);
  if (!grammar) return null;
  const tree = parseTreeDate(grammar);
  switch (tree.kind) {
    case 'text':
      return null;
    case 'exact':
      return { ...fromParts(tree.date), margin: null };
    case 'about':
      return { date: `${pad(tree.date.year, 4)}-01-01`, precision: 'about', margin: null };
    case 'before': {
      return aroundRange(tree.date.year - 2 * OPEN_RANGE_YEARS, tree.date.year);
    }
    case 'after': {
      return aroundRange(tree.date.year, tree.date.year + 2 * OPEN_RANGE_YEARS);
    }
    case 'between': {
      const from = Math.min(tree.from.year, tree.to.year);
      const to = Math.max(tree.from.year, tree.to.year);
      if (from === to) return { ...fromParts({ year: from }), margin: null };
      if (from % 10 === 0 && to === from + 9) return { date: `${pad(from, 4)}-01-01`, precision: 'decade', margin: null };
      return aroundRange(from, to);
    }
  }
}
