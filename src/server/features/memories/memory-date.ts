// What a memory's date becomes when it is written (decision 067): an approximate eventDate is stored as the first
// day of its period, a margin only with 'about'. Absent fields keep the memory's own ('day' for a new memory).
import { isDayPrecise, startOfPeriod, type DatePrecision } from '@shared/dates/date-precision';

export interface MemoryDate {
  eventDate: string;
  eventDatePrecision: DatePrecision;
  eventDateMargin: number | null;
}

export interface MemoryDateInput {
  eventDate?: string;
  eventDatePrecision?: DatePrecision;
  eventDateMargin?: number | null;
}

export const hasDateFields = (input: MemoryDateInput) =>
  input.eventDate !== undefined || input.eventDatePrecision !== undefined || input.eventDateMargin !== undefined;

/** The three columns for a new memory (current undefined) or a change to an existing one. */
export function memoryDate(current: MemoryDate | undefined, input: MemoryDateInput): MemoryDate {
  const date = input.eventDate ?? current?.eventDate;
  if (date === undefined) throw new Error('A memory always has a date');
  const precision = input.eventDatePrecision ?? current?.eventDatePrecision ?? 'day';
  const kept = current?.eventDatePrecision === 'about' ? current.eventDateMargin : null;
  const margin = input.eventDateMargin !== undefined ? input.eventDateMargin : kept;
  return {
    eventDate: isDayPrecise(precision) ? date : startOfPeriod({ date, precision }),
    eventDatePrecision: precision,
    eventDateMargin: precision === 'about' ? (margin ?? null) : null,
  };
}
