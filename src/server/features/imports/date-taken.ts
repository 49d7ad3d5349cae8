// When a photo was taken, as an archive says it: kept only within the range the gallery itself accepts
// (from EARLIEST_YEAR to today), so that a file's odd date (year 100 000, 1e20 seconds, year 0) can never
// reach the database, where it would fail the whole import.
import { EARLIEST_YEAR } from '@shared/limits';

const EARLIEST = Date.parse(`${EARLIEST_YEAR}-01-01T00:00:00+14:00`);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant, when it is one a photo can have been taken at; undefined otherwise. */
export function usableDateTaken(time: number): Date | undefined {
  if (!Number.isFinite(time) || time < EARLIEST || time > Date.now() + DAY_MS) return undefined;
  return new Date(time);
}
