// "Today" on the web is the viewer's calendar day, never UTC's: toISOString() names the wrong day for hours
// around midnight anywhere east or west of Greenwich.
import { isTimeZone } from '@shared/time-zone';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment's calendar day where the viewer is, as 'YYYY-MM-DD' (a date input's value, min and max). */
export function localDay(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The viewer's day `days` after today ('YYYY-MM-DD'): 1 is tomorrow, whatever the month or a clock change. */
export function localDayFromToday(days: number, now: Date = new Date()): string {
  return localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

/** The viewer's IANA time zone, for the server to put moments on the viewer's days; 'UTC' when the browser names none. */
export function localTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}
