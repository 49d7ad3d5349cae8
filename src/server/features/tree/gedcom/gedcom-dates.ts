// GEDCOM dates to tree dates and back (decision 061). Reading is read-gedcom's parseDate and toJsDate; whatever
// they cannot read, or convert to the Gregorian calendar, is kept as the file wrote it.
import { parseDate, toJsDate } from 'read-gedcom';
import { formatTreeDate, parseTreeDate, TREE_DATE_MAX_LENGTH, type DateParts, type TreeDate } from '@shared/tree/tree-date';

type ValuePartDate = NonNullable<Parameters<typeof toJsDate>[0]>;

const GEDCOM7_CALENDARS: Record<string, string> = {
  GREGORIAN: '@#DGREGORIAN@',
  JULIAN: '@#DJULIAN@',
  FRENCH_R: '@#DFRENCH R@',
  HEBREW: '@#DHEBREW@',
};

/** 7.0 names a calendar without the escape ("JULIAN 11 FEB 1731") and writes BCE for B.C. */
function asGedcom551(value: string): string {
  return value
    .replace(/\b(GREGORIAN|JULIAN|FRENCH_R|HEBREW)\s+/g, (_, cal: string) => `${GEDCOM7_CALENDARS[cal]} `)
    .replace(/\bBCE\b/g, 'B.C.');
}

function toParts(part: ValuePartDate): DateParts | null {
  if (part.year.isBce || part.year.isDual) return null;
  const calendar = part.calendar;
  if (calendar.isGregorian) {
    const out: DateParts = { year: part.year.value };
    if ('month' in part) out.month = part.month;
    if ('day' in part) out.day = part.day;
    return out;
  }
  // another calendar: converted only to the day, where a month or year would not fall on one Gregorian month or year
  if (!(calendar.isJulian || calendar.isFrenchRepublican) || !('day' in part)) return null;
  const js = toJsDate(part);
  if (!js || Number.isNaN(js.getTime())) return null;
  return { year: js.getUTCFullYear(), month: js.getUTCMonth() + 1, day: js.getUTCDate() };
}

function toTreeDate(value: string): TreeDate | null {
  const parsed = parseDate(asGedcom551(value.trim().toUpperCase()));
  if (!parsed) return null;
  // the phrase as written, not upper-cased
  if (!parsed.hasDate) return { kind: 'text', text: /^\((.*)\)$/s.exec(value.trim())?.[1] ?? parsed.phrase };
  if (parsed.isDatePunctual) {
    const date = toParts(parsed.date);
    if (!date) return null;
    return { kind: parsed.isDateApproximated ? 'about' : 'exact', date };
  }
  const [first, second] = parsed.isDateRange
    ? ['dateAfter' in parsed ? parsed.dateAfter : undefined, 'dateBefore' in parsed ? parsed.dateBefore : undefined]
    : ['dateFrom' in parsed ? parsed.dateFrom : undefined, 'dateTo' in parsed ? parsed.dateTo : undefined];
  const from = first ? toParts(first) : undefined;
  const to = second ? toParts(second) : undefined;
  if (from === null || to === null) return null;
  if (from && to) return { kind: 'between', from, to };
  if (from) return { kind: 'after', date: from };
  if (to) return { kind: 'before', date: to };
  return null;
}

export interface ReadDate {
  date: string | null;
  /** Why the date is not what the file said, for the report. */
  warning?: string;
}

/** A DATE's value (and a 7.0 PHRASE under it) as a tree date. */
export function readGedcomDate(value: string, phrase?: string): ReadDate {
  const trimmed = value.trim();
  const tree = trimmed ? toTreeDate(trimmed) : null;
  let date: string | null;
  if (tree) date = tree.kind === 'text' ? tree.text.trim() : formatTreeDate(tree);
  else date = phrase?.trim() || trimmed || null;
  if (date && date.length > TREE_DATE_MAX_LENGTH)
    return { date: date.slice(0, TREE_DATE_MAX_LENGTH), warning: `A date was cut to ${TREE_DATE_MAX_LENGTH} characters.` };
  return { date };
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function partsToGedcom({ year, month, day }: DateParts): string {
  if (month === undefined) return String(year);
  return day === undefined ? `${MONTHS[month - 1]} ${year}` : `${day} ${MONTHS[month - 1]} ${year}`;
}

export type WrittenDate = { value: string; phrase?: undefined } | { value: string; phrase: string };

/**
 * A tree date as a DATE value. Text goes as a phrase: "(text)" in 5.5.1, a PHRASE under an empty DATE in 7.0;
 * text that is a GEDCOM date already (a Hebrew date kept from an import) goes as it is in 5.5.1.
 */
export function writeGedcomDate(value: string, version: '7.0' | '5.5.1'): WrittenDate {
  const date = parseTreeDate(value);
  switch (date.kind) {
    case 'exact':
      return { value: partsToGedcom(date.date) };
    case 'about':
      return { value: `ABT ${partsToGedcom(date.date)}` };
    case 'before':
      return { value: `BEF ${partsToGedcom(date.date)}` };
    case 'after':
      return { value: `AFT ${partsToGedcom(date.date)}` };
    case 'between':
      return { value: `BET ${partsToGedcom(date.from)} AND ${partsToGedcom(date.to)}` };
    case 'text': {
      if (version === '7.0') return { value: '', phrase: date.text };
      const gedcom = parseDate(date.text);
      if (gedcom && gedcom.hasDate && !gedcom.hasPhrase) return { value: date.text };
      return { value: `(${date.text})` };
    }
  }
}
