import type { ApproximateDate } from '@shared/dates/date-precision';
import type { Photo, PhotoPatch } from '@shared/schemas/photos';
import type { ApproximateDateValue } from '@web/components/approximate-date-field';
import { isApproximate } from '@web/lib/item-date';
import { localDay } from '@web/lib/local-day';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A picked day becomes noon of that day in the viewer's time zone: the photos then show that same day to
 * anyone within eleven hours of here, where midnight would put them on the day before for everyone west.
 */
export const localNoon = (day: string) => new Date(`${day}T12:00:00`).toISOString();

/**
 * An approximate date is sent as midnight UTC of the first day of its period (decision 067 stores it so): the
 * period is read from the date as written, so "1965" is 1965 wherever it is looked at.
 */
export const periodStart = (day: string) => `${day.slice(0, 10)}T00:00:00.000Z`;

/** The dateTaken a date from the forms is sent as; null while the form holds no date. */
export function toDateTaken({ date, precision }: ApproximateDateValue | ApproximateDate): string | null {
  if (!date) return null;
  if (precision === 'exact') {
    const at = new Date(date);
    return Number.isNaN(at.getTime()) ? null : at.toISOString();
  }
  if (precision === 'day') return /^\d{4}-\d{2}-\d{2}$/.test(date) ? localNoon(date) : null;
  return periodStart(date);
}

/** The date-taken fields of a PATCH or a bulk setDate for a date from the forms. */
export function dateTakenFields(value: ApproximateDateValue | ApproximateDate) {
  return {
    dateTaken: toDateTaken(value),
    dateTakenPrecision: value.precision,
    dateTakenMargin: value.precision === 'about' ? (value.margin ?? null) : null,
  } satisfies Pick<PhotoPatch, 'dateTaken' | 'dateTakenPrecision' | 'dateTakenMargin'>;
}

/** The local 'yyyy-MM-ddTHH:mm' a datetime-local input shows for an instant. */
const localDateTime = (at: Date) => `${localDay(at)}T${pad(at.getHours())}:${pad(at.getMinutes())}`;

/** A photo's date as the edit form's date field holds it; an undated photo starts on an empty day. */
export function photoDateValue(photo: Photo): ApproximateDateValue {
  if (!photo.dateTaken) return { date: '', precision: 'day', margin: null };
  const precision = photo.dateTakenPrecision ?? 'exact';
  if (isApproximate(precision)) return { date: photo.dateTaken.slice(0, 10), precision, margin: photo.dateTakenMargin ?? null };
  const at = new Date(photo.dateTaken);
  return precision === 'exact' ? { date: localDateTime(at), precision, margin: null } : { date: localDay(at), precision, margin: null };
}
