// How well a photo's or memory's date is known (decision 067). A scanned print from the 1950s has no date taken;
// its owner knows it as "June 1962", "1962", "the 1960s" or "about 1955", never to the day.
//
// An approximate date is stored as the first day of its period (startOfPeriod) beside its precision, so every
// list keeps ordering by the one date column: "1962" sorts at 1 January 1962, "the 1960s" at 1 January 1960.
import { z } from 'zod';
import { parseTreeDate, type DateParts } from '../tree/tree-date';

import { type ApproximateDate, datePrecisions, type DatePrecision, pad } from './approximate-date';

export * from './approximate-date';

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
