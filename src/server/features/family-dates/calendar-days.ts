// Calendar days as yyyy-MM-dd, with plain UTC date maths: no local zone or daylight saving gets in the way.
// A moment becomes a day only through localTimeIn, in the owner's zone.

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

/** "on Tuesday 1 December". */
export function dateInWords(day: string): string {
  const p = partsOf(day);
  return `on ${WEEKDAYS[weekdayOf(day)]} ${p.day} ${MONTHS[p.month - 1]}`;
}

/** "today", "tomorrow", "on Friday" within the week, "on Friday 12 June" further on. */
export function whenInWords(daysAway: number, day: string): string {
  if (daysAway === 0) return 'today';
  if (daysAway === 1) return 'tomorrow';
  const weekday = WEEKDAYS[weekdayOf(day)];
  return daysAway < 7 ? `on ${weekday}` : dateInWords(day);
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 101st, 111th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}
