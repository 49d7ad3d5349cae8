// Dates that matter (issue 30 item 6): the family's birthdays, wedding anniversaries and the anniversaries of
// deaths in the coming days, on the dashboard and in a weekly mail the owner can switch on (decision 064).
import { z } from 'zod';
import { EARLIEST_YEAR } from '../limits';
import { isTimeZone } from '../time-zone';
import { calendarDateSchema } from './common';
import { userText } from '../i18n/text';

export const FAMILY_DATES_DAYS_DEFAULT = 7;
export const FAMILY_DATES_DAYS_MAX = 31;
/** Dates listed at most: a glance and a short mail, even for a tree of thousands. */
export const FAMILY_DATES_MAX = 50;

const DAYS_MESSAGE = `days must be a whole number from 1 to ${FAMILY_DATES_DAYS_MAX}`;
const LATEST_YEAR = 9998;
const DATE_MESSAGE = `date must be a real day between ${EARLIEST_YEAR} and ${LATEST_YEAR}, written YYYY-MM-DD`;

/**
 * GET /api/family-dates?days=7[&date=YYYY-MM-DD]. `date` is the viewer's today (the browser's calendar);
 * without it, today in the zone the owner's browser last gave, else UTC.
 */
export const familyDatesQuerySchema = z.object({
  days: z
    .string({ error: DAYS_MESSAGE })
    .regex(/^[1-9]\d?$/, DAYS_MESSAGE)
    .refine((v) => Number(v) <= FAMILY_DATES_DAYS_MAX, DAYS_MESSAGE)
    .optional(),
  date: z.iso
    .date({ error: DATE_MESSAGE })
    .refine((v) => {
      const year = Number(v.slice(0, 4));
      return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
    }, DATE_MESSAGE)
    .optional(),
});

export const familyDateKindSchema = z.enum(['birthday', 'wedding', 'death']);

export const familyDateSchema = z.object({
  /** A birthday (of the living, or "would have been" for the dead), a wedding anniversary, or a death's anniversary. */
  kind: familyDateKindSchema,
  date: calendarDateSchema,
  /** 0 today, 1 tomorrow, … */
  daysAway: z.number().int().nonnegative(),
  /** The age reached, the anniversary's number, or the years since the death. */
  years: z.number().int().positive(),
  /** False when the date remembers someone who has died ("would have been", "years since"). */
  living: z.boolean(),
  /** The tree's persons the date is about (one, or a couple). */
  treePersonIds: z.array(z.number().int()),
  /** The contact whose birthday it is, when the date comes from a contact. */
  contactId: z.number().int().nullable(),
  /** The line as the family would say it: "Your grandmother Rose would have been 100 on Friday". */
  text: z.string(),
});

export const familyDatesSchema = z.object({
  /** The first day looked at (the viewer's today). */
  from: calendarDateSchema,
  days: z.number().int(),
  dates: z.array(familyDateSchema),
});

export const familyDatesSettingsSchema = z.object({
  /** The weekly mail of the coming week's dates (Monday morning in `timeZone`). */
  digest: z.boolean(),
  timeZone: z.string().nullable(),
});

export const familyDatesSettingsInputSchema = z.object({
  digest: z.boolean({ error: userText('digest must be true or false') }),
  /** The browser's zone: whose Monday morning the mail waits for. */
  timeZone: z.string().refine(isTimeZone, userText('timeZone must be an IANA time zone such as Europe/Paris')).optional(),
});

export type FamilyDatesQuery = z.infer<typeof familyDatesQuerySchema>;
export type FamilyDateKind = z.infer<typeof familyDateKindSchema>;
export type FamilyDate = z.infer<typeof familyDateSchema>;
export type FamilyDates = z.infer<typeof familyDatesSchema>;
export type FamilyDatesSettings = z.infer<typeof familyDatesSettingsSchema>;
export type FamilyDatesSettingsInput = z.infer<typeof familyDatesSettingsInputSchema>;
