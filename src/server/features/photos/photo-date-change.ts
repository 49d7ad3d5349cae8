// What a photo's date becomes when its owner sets it (decision 067): an approximate date is stored as the first
// day of its period at 12:00 UTC, a margin only with 'about', and no precision without a date. Noon UTC is that
// same month and year in every time zone (UTC−12 to UTC+14), so the timeline, the scrubber's months and the
// year filters, which place a photo's instant in the viewer's zone, put it in its own month and year.
import { isDayPrecise, startOfPeriod, type DatePrecision } from '@shared/dates/date-precision';
import { badRequest } from '../../lib/errors';
import { userText } from '@shared/i18n/text';

export interface StoredPhotoDate {
  dateTaken: Date | null;
  dateTakenPrecision: DatePrecision | null;
  dateTakenMargin: number | null;
}

export interface PhotoDateInput {
  dateTaken?: string | null;
  dateTakenPrecision?: DatePrecision;
  dateTakenMargin?: number | null;
}

export const PRECISION_WITHOUT_DATE = userText('Set a date for this photo before saying how well it is known');

/** The stored date for `date` (an ISO timestamp) known to `precision`. */
export function storedPhotoDate(date: string, precision: DatePrecision, margin: number | null | undefined): StoredPhotoDate {
  return {
    dateTaken: isDayPrecise(precision) ? new Date(date) : new Date(`${startOfPeriod({ date, precision })}T12:00:00.000Z`),
    dateTakenPrecision: precision,
    dateTakenMargin: precision === 'about' ? (margin ?? null) : null,
  };
}

/**
 * The columns to write for a PATCH, or undefined when it names no date field. Absent fields keep the photo's
 * own: a new dateTaken keeps its precision ('day' for a photo that had none); a precision alone re-dates the
 * photo's date to the start of that period; a margin alone changes only an about date's.
 */
export function photoDateChange(current: StoredPhotoDate, input: PhotoDateInput): StoredPhotoDate | undefined {
  const { dateTaken, dateTakenPrecision, dateTakenMargin } = input;
  if (dateTaken === undefined && dateTakenPrecision === undefined && dateTakenMargin === undefined) return undefined;
  if (dateTaken === null) return { dateTaken: null, dateTakenPrecision: null, dateTakenMargin: null };
  const date = dateTaken ?? current.dateTaken?.toISOString();
  if (date === undefined) {
    if (dateTakenPrecision === undefined) return undefined; // a margin for an undated photo: nothing to change
    throw badRequest(PRECISION_WITHOUT_DATE);
  }
  const precision = dateTakenPrecision ?? current.dateTakenPrecision ?? 'day';
  const margin = dateTakenMargin !== undefined ? dateTakenMargin : current.dateTakenPrecision === 'about' ? current.dateTakenMargin : null;
  return storedPhotoDate(date, precision, margin);
}
