// Calendar days as yyyy-MM-dd, with plain UTC date maths: no local zone or daylight saving gets in the way.
// A moment becomes a day only through localTimeIn, in the owner's zone.
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { defineMessages } from '../../lib/define-messages';
import { translator } from '../../lib/i18n';

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const ymd = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

export function partsOf(day: string): { year: number; month: number; day: number } {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: d };
}

const utcOf = (day: string) => {
  const p = partsOf(day);
  return new Date(Date.UTC(p.year, p.month - 1, p.day));
};

export function addDays(day: string, n: number): string {
  const date = new Date(utcOf(day).getTime() + n * DAY_MS);
  return ymd(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (day: string) => utcOf(day).getUTCDay();

/** The Monday of the week (Monday to Sunday) a day is in. */
export const mondayOf = (day: string) => addDays(day, -((weekdayOf(day) + 6) % 7));

/** The calendar day and hour of a moment in an IANA zone (an unknown zone counts as UTC). */
export function localTimeIn(at: Date, timeZone: string | null): { day: string; hour: number } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone ?? 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return localTimeIn(at, 'UTC');
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: ymd(Number(parts.year), Number(parts.month), Number(parts.day)), hour: Number(parts.hour) };
}

const whenMessages = defineMessages({
  today: { id: 'familyDates.when.today', defaultMessage: 'today' },
  tomorrow: { id: 'familyDates.when.tomorrow', defaultMessage: 'tomorrow' },
  weekday: { id: 'familyDates.when.weekday', defaultMessage: 'on {weekday}' },
  date: { id: 'familyDates.when.date', defaultMessage: 'on {date}' },
});

/** The weekday, with the date or not, as the reader writes it; English as it always was ("Tuesday 1 December"). */
function dayName(day: string, locale: string, withDate: boolean): string {
  if (locale === SOURCE_LANGUAGE) {
    const p = partsOf(day);
    const weekday = WEEKDAYS[weekdayOf(day)]!;
    return withDate ? `${weekday} ${p.day} ${MONTHS[p.month - 1]}` : weekday;
  }
  const date = withDate ? ({ day: 'numeric', month: 'long' } as const) : {};
  return new Intl.DateTimeFormat(locale, { weekday: 'long', ...date, timeZone: 'UTC' }).format(utcOf(day));
}

/** "on Tuesday 1 December", in `language`. */
export function dateInWords(day: string, language: string = SOURCE_LANGUAGE): string {
  const intl = translator(language);
  return intl.formatMessage(whenMessages.date, { date: dayName(day, intl.locale, true) });
}

/** "today", "tomorrow", "on Friday" within the week, "on Friday 12 June" further on; in `language`. */
export function whenInWords(daysAway: number, day: string, language: string = SOURCE_LANGUAGE): string {
  const intl = translator(language);
  if (daysAway === 0) return intl.formatMessage(whenMessages.today);
  if (daysAway === 1) return intl.formatMessage(whenMessages.tomorrow);
  if (daysAway >= 7) return dateInWords(day, language);
  return intl.formatMessage(whenMessages.weekday, { weekday: dayName(day, intl.locale, false) });
}
