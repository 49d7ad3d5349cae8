import { z } from 'zod';
import { datePrecisionSchema } from '../dates/date-precision';
import { EARLIEST_YEAR } from '../limits';
import { relationshipSchema } from './contacts';
import { calendarDateSchema } from './common';
import { photoSchema } from './photos';
import { isTimeZone } from './timeline';
import { userText } from '../i18n/text';

/** Photos shown per earlier year, and in all (the card is a glance, not a gallery). */
export const ON_THIS_DAY_PHOTOS_PER_YEAR = 24;
export const ON_THIS_DAY_PHOTOS_TOTAL = 120;
export const ON_THIS_DAY_MEMORIES_PER_YEAR = 10;
export const ON_THIS_DAY_MEMORIES_TOTAL = 60;
/** Birthdays from today to 13 days ahead: the next 14 days, today included. */
export const ON_THIS_DAY_BIRTHDAY_DAYS = 14;
export const ON_THIS_DAY_BIRTHDAYS_MAX = 50;

// A year after which next year's birthdays still have four digits.
const LATEST_YEAR = 9998;
const DATE_MESSAGE = `date must be a real day between ${EARLIEST_YEAR} and ${LATEST_YEAR}, written YYYY-MM-DD`;

/**
 * GET /api/on-this-day?date=YYYY-MM-DD[&tz=Europe/Paris]. `date` is the client's local day; `tz` is the zone
 * whose calendar decides on which day a photo was taken (as the gallery shows it). Omitted → UTC.
 */
export const onThisDayQuerySchema = z.object({
  date: z.iso.date({ error: DATE_MESSAGE }).refine((v) => {
    const year = Number(v.slice(0, 4));
    return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
  }, DATE_MESSAGE),
  tz: z.string().refine(isTimeZone, userText('tz must be an IANA time zone such as Europe/Paris')).optional(),
});

/** Only day-precise memories are on this day (decision 067), so eventDatePrecision is 'exact' or 'day'. */
export const onThisDayMemorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  eventDate: calendarDateSchema,
  eventDatePrecision: datePrecisionSchema.optional(),
  eventDateMargin: z.number().int().nullable().optional(),
});

export const onThisDayYearSchema = z.object({
  year: z.number().int(),
  yearsAgo: z.number().int().positive(),
  /** At most ON_THIS_DAY_PHOTOS_PER_YEAR, oldest first; photoCount says how many that day holds in all. */
  photos: z.array(photoSchema),
  photoCount: z.number().int(),
  memories: z.array(onThisDayMemorySchema),
  memoryCount: z.number().int(),
});

export const onThisDayBirthdaySchema = z.object({
  contactId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  relationship: relationshipSchema,
  /** The next celebration (yyyy-MM-dd); a 29 February birthday is kept on 28 February in other years. */
  date: calendarDateSchema,
  /** 0 today, 1 tomorrow, … */
  daysAway: z.number().int().nonnegative(),
  /** The age reached that day (the stored birthday has a year). */
  turns: z.number().int().nonnegative(),
});

export const onThisDaySchema = z.object({
  date: calendarDateSchema,
  /** Earlier years that have something on this day, newest first. */
  years: z.array(onThisDayYearSchema),
  birthdays: z.array(onThisDayBirthdaySchema),
});

export type OnThisDayQuery = z.infer<typeof onThisDayQuerySchema>;
export type OnThisDay = z.infer<typeof onThisDaySchema>;
export type OnThisDayYear = z.infer<typeof onThisDayYearSchema>;
export type OnThisDayBirthday = z.infer<typeof onThisDayBirthdaySchema>;
