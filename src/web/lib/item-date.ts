// How the web shows a photo's, video's or memory's date (decision 067): as a person would say it. A day-precise
// or exact date looks as it always has ("June 14, 1962"); an approximate one is "June 1962", "1962", "1960s" or
// "c. 1955"; a photo with no date taken is "Undated", never its upload day.
import { formatApproximateDate, isDayPrecise, type DatePrecision } from '@shared/dates/date-precision';
import { formatLongDate } from '@web/lib/format';

/** The one word every screen shows for a photo or video with no date taken. */
export const UNDATED = 'Undated';

export type ItemDate = {
  /** yyyy-MM-dd or an ISO timestamp; null for an undated photo. */
  date: string | null | undefined;
  /** null: undated; absent: a server or archive older than precisions, read as day-precise. */
  precision?: DatePrecision | null;
  margin?: number | null;
};

/** Month, year, decade or about: the date stands for a period, not a day. */
export const isApproximate = (precision: DatePrecision | null | undefined): boolean => precision != null && !isDayPrecise(precision);

/** A photo's date as the item date the formatters take. */
export const photoItemDate = (photo: {
  dateTaken: string | null;
  dateTakenPrecision?: DatePrecision | null;
  dateTakenMargin?: number | null;
}): ItemDate => ({
  date: photo.dateTaken,
  // a photo with a date and no precision comes from before precisions: its date was the camera's or a day
  precision: photo.dateTaken === null ? null : photo.dateTakenPrecision,
  margin: photo.dateTakenMargin,
});

/** A memory's date as the item date the formatters take (a memory always has one). */
export const memoryItemDate = (memory: {
  eventDate: string;
  eventDatePrecision?: DatePrecision | null;
  eventDateMargin?: number | null;
}): ItemDate => ({ date: memory.eventDate, precision: memory.eventDatePrecision ?? 'day', margin: memory.eventDateMargin });

/**
 * The date in a caption or a list: "June 14, 1962" for exact and day-precise dates (the time is left to the
 * photo's details), "June 1962", "1962", "1960s", "c. 1955" for approximate ones, "Undated" for none.
 */
export function formatItemDate({ date, precision, margin }: ItemDate): string {
  if (!date || precision === null) return UNDATED;
  if (!isApproximate(precision)) return formatLongDate(date);
  return formatApproximateDate({ date, precision: precision!, margin });
}

/** The words of an approximate date's mark ("Date is approximate: 1960s"); null for a day-precise or no date. */
export function approximateTitle(item: ItemDate): string | null {
  if (!item.date || !isApproximate(item.precision)) return null;
  return `Date is approximate: ${formatItemDate(item)}`;
}
