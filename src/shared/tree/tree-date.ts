// A date in the family tree as old records have it (issue 30): exact, a month or a year, approximate, before,
// after, between two dates, or only words ("12 Vendémiaire an III", "in the spring after the war").
//
// Stored and sent as one string in a small grammar, so the API stays plain and GEDCOM maps onto it:
//   "1890-05-12" | "1890-05" | "1890"          exact to the day, the month or the year
//   "c. 1890" (or any exact form after "c. ")  approximate (GEDCOM ABT, CAL, EST)
//   "before 1890", "after 1890-05"             GEDCOM BEF, AFT
//   "between 1890 and 1895"                    GEDCOM BET … AND …, FROM … TO …
//   anything else                              kept as text, never thrown away

export const TREE_DATE_MAX_LENGTH = 120;

export interface DateParts {
  year: number;
  month?: number;
  day?: number;
}

export type TreeDate =
  | { kind: 'exact' | 'about' | 'before' | 'after'; date: DateParts }
  | { kind: 'between'; from: DateParts; to: DateParts }
  | { kind: 'text'; text: string };

const PART = String.raw`(\d{1,4})(?:-(\d{2})(?:-(\d{2}))?)?`;
const exactPattern = new RegExp(`^${PART}$`);
const prefixedPattern = new RegExp(`^(c\\.|before|after) ${PART}$`);
const betweenPattern = new RegExp(`^between ${PART} and ${PART}$`);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parts(year?: string, month?: string, day?: string): DateParts | null {
  const y = Number(year);
  if (!Number.isInteger(y) || y < 1) return null;
  if (month === undefined) return { year: y };
  const m = Number(month);
  if (m < 1 || m > 12) return null;
  if (day === undefined) return { year: y, month: m };
  const d = Number(day);
  if (d < 1 || d > daysIn(y, m)) return null;
  return { year: y, month: m, day: d };
}

const prefixKinds = { 'c.': 'about', before: 'before', after: 'after' } as const;

/** Reads a stored tree date; a string in none of the forms is text (an impossible day such as 1900-02-30 too). */
export function parseTreeDate(value: string): TreeDate {
  const text = value.trim();
  const exact = exactPattern.exec(text);
  if (exact) {
    const date = parts(exact[1], exact[2], exact[3]);
    if (date) return { kind: 'exact', date };
  }
  const prefixed = prefixedPattern.exec(text);
  if (prefixed) {
    const date = parts(prefixed[2], prefixed[3], prefixed[4]);
    if (date) return { kind: prefixKinds[prefixed[1] as keyof typeof prefixKinds], date };
  }
  const between = betweenPattern.exec(text);
  if (between) {
    const from = parts(between[1], between[2], between[3]);
    const to = parts(between[4], between[5], between[6]);
    if (from && to) return { kind: 'between', from, to };
  }
  return { kind: 'text', text };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function partsToString({ year, month, day }: DateParts): string {
  let out = pad(year, 4);
  if (month !== undefined) out += `-${pad(month, 2)}`;
  if (month !== undefined && day !== undefined) out += `-${pad(day, 2)}`;
  return out;
}

/** The stored form of a tree date (the inverse of parseTreeDate). */
export function formatTreeDate(date: TreeDate): string {
  switch (date.kind) {
    case 'exact':
      return partsToString(date.date);
    case 'about':
      return `c. ${partsToString(date.date)}`;
    case 'before':
    case 'after':
      return `${date.kind} ${partsToString(date.date)}`;
    case 'between':
      return `between ${partsToString(date.from)} and ${partsToString(date.to)}`;
    case 'text':
      return date.text;
  }
}

function partsInWords({ year, month, day }: DateParts): string {
  if (month === undefined) return String(year);
  const name = MONTHS[month - 1];
  return day === undefined ? `${name} ${year}` : `${day} ${name} ${year}`;
}

/** How a person reads the date: "12 May 1890", "c. 1890", "between 1890 and 1895". */
export function treeDateInWords(value: string): string {
  const date = parseTreeDate(value);
  switch (date.kind) {
    case 'exact':
      return partsInWords(date.date);
    case 'about':
      return `c. ${partsInWords(date.date)}`;
    case 'before':
    case 'after':
      return `${date.kind} ${partsInWords(date.date)}`;
    case 'between':
      return `between ${partsInWords(date.from)} and ${partsInWords(date.to)}`;
    case 'text':
      return date.text;
  }
}

/** The year a date stands for (the earlier one of a range), for "1890–1962" under a name; null for text. */
export function yearOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const date = parseTreeDate(value);
  if (date.kind === 'text') return null;
  return date.kind === 'between' ? date.from.year : date.date.year;
}

/** Month and day of an exact date, for birthdays and anniversaries; null when the day is not known for sure. */
export function anniversaryOf(value: string | null | undefined): { year: number; month: number; day: number } | null {
  if (!value) return null;
  const date = parseTreeDate(value);
  if (date.kind !== 'exact' || date.date.month === undefined || date.date.day === undefined) return null;
  return { year: date.date.year, month: date.date.month, day: date.date.day };
}

/** A number that sorts dates in time (the earliest possible day); null for text. */
export function sortKeyOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const date = parseTreeDate(value);
  if (date.kind === 'text') return null;
  const { year, month, day } = date.kind === 'between' ? date.from : date.date;
  return year * 10_000 + (month ?? 0) * 100 + (day ?? 0);
}
