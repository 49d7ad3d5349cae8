import { z } from 'zod';
import { datePrecisionSchema } from '../dates/date-precision';
import { isTimeZone } from '../time-zone';
import { calendarDateSchema, isoDateTimeSchema, MAX_ID } from './common';
import { userText } from '../i18n/text';

// spec §4: sort ascending or descending (default descending); filter all, photo, memory or document
// (default all, i.e. the parameter is omitted).
export const sortDirectionSchema = z.enum(['asc', 'desc'], { error: userText('sortDirection must be asc or desc') });
export const contentTypeSchema = z.enum(['photo', 'memory', 'document'], {
  error: userText('contentType must be photo, memory or document'),
});

export { isTimeZone } from '../time-zone';

/**
 * Beyond the spec: the viewer's time zone, so that a photo taken at 11 pm on New Year's Eve sits in the
 * year the viewer sees on its date. Omitted → UTC (the spec's endpoint unchanged).
 */
const timeZoneSchema = z.string().refine(isTimeZone, userText('tz must be an IANA time zone such as Europe/Paris'));

/**
 * Issue 29: only the photos this person (one of the owner's people) is in; memories and documents are left out.
 * Another account's person finds nothing.
 */
const personParam = z
  .string({ error: userText('person must be the id of one of your people') })
  .regex(/^[1-9]\d{0,9}$/, userText('person must be the id of one of your people'))
  .refine((v) => Number(v) <= MAX_ID, userText('person must be the id of one of your people'));

/** GET /api/timeline (spec §7). */
export const timelineQuerySchema = z.object({
  sortDirection: sortDirectionSchema.optional(),
  contentType: contentTypeSchema.optional(),
  tz: timeZoneSchema.optional(),
  person: personParam.optional(),
});

/** A JavaScript-safe year the timeline can hold (photo dates come from EXIF and may be odd). */
const yearParam = z
  .string({ error: userText('year must be a four-digit year') })
  .regex(/^\d{4}$/, userText('year must be a four-digit year'))
  .refine((v) => Number(v) >= 1 && Number(v) <= 9999, userText('year must be a four-digit year'));
const monthParam = z.string().regex(/^(?:[1-9]|1[0-2])$/, userText('month must be between 1 and 12'));

export const TIMELINE_PAGE_DEFAULT = 50;
const TIMELINE_PAGE_MAX = 500;

/** GET /api/timeline/period: one year (or one month of it), a page at a time. */
export const timelinePeriodQuerySchema = timelineQuerySchema.extend({
  year: yearParam,
  month: monthParam.optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, `limit must be between 1 and ${TIMELINE_PAGE_MAX}`)
    .refine((v) => Number(v) <= TIMELINE_PAGE_MAX, `limit must be between 1 and ${TIMELINE_PAGE_MAX}`)
    .optional(),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.string().max(200, userText('Invalid cursor')).optional(),
});

/** A timestamp (photo, document) or a calendar day (a memory's eventDate, yyyy-MM-dd). */
const itemDateSchema = z.union([calendarDateSchema, isoDateTimeSchema]);

/**
 * Decision 067: how well `date` is known. An approximate item's date is the start of its period; a photo with
 * no date taken is listed at its upload (`date` is createdAt) with datePrecision null: undated, not taken then.
 * A document's date is its upload, 'exact'.
 */
const itemPrecision = {
  datePrecision: datePrecisionSchema.nullable().optional(),
  /** Years either side of an 'about' date; null otherwise. */
  dateMargin: z.number().int().nullable().optional(),
};

/**
 * spec §3: each attachment has type, id, mimeType, filePath, fileName. A memory's own file has type
 * 'attachment' and its numeric id as a string; a linked gallery photo is 'photo' with id 'p-<id>', a
 * linked vault file is 'vault' with id 'v-<id>'. filePath is a URL the browser can load.
 */
export const timelineAttachmentSchema = z.object({
  type: z.enum(['attachment', 'photo', 'vault']),
  id: z.string(),
  mimeType: z.string(),
  filePath: z.string(),
  fileName: z.string(),
});

export const timelinePhotoItemSchema = z.object({
  type: z.literal('photo'),
  id: z.number().int(),
  /** dateTaken, else createdAt (spec §2 / §3). */
  date: itemDateSchema,
  ...itemPrecision,
  title: z.string().nullable(),
  fileName: z.string(),
  /** The full image: /api/photos/image/<id>. */
  filePath: z.string(),
  description: z.string().nullable(),
  /** Issue 16: a video is a photo row too; its picture (filePath) is its poster frame. */
  mediaType: z.enum(['image', 'video']),
  /** As on a photo: a video has a poster to show only once this is 'ready'. */
  derivativeStatus: z.enum(['pending', 'ready', 'failed']),
  /** A video's playback (as photoSchema's `video`, written here because photos.ts imports this file); null for a picture. */
  video: z
    .object({
      playback: z.enum(['preparing', 'ready', 'unavailable']),
      durationMs: z.number().int().nullable(),
      /** /api/photos/video/<id>: what plays (HTTP Range) once playback is 'ready'. */
      url: z.string(),
    })
    .nullable(),
});

export const timelineMemoryItemSchema = z.object({
  type: z.literal('memory'),
  id: z.number().int(),
  /** The eventDate, yyyy-MM-dd. */
  date: itemDateSchema,
  ...itemPrecision,
  title: z.string(),
  content: z.string(),
  attachments: z.array(timelineAttachmentSchema),
});

export const timelineDocumentItemSchema = z.object({
  type: z.literal('document'),
  id: z.number().int(),
  /** uploadedAt. */
  date: itemDateSchema,
  ...itemPrecision,
  fileName: z.string(),
  originalName: z.string(),
  description: z.string().nullable(),
});

export const timelineItemSchema = z.discriminatedUnion('type', [
  timelinePhotoItemSchema,
  timelineMemoryItemSchema,
  timelineDocumentItemSchema,
]);

/** spec §3: "Timeline group: year and items". */
export const timelineGroupSchema = z.object({
  year: z.number().int(),
  items: z.array(timelineItemSchema),
});

export const timelineSchema = z.array(timelineGroupSchema);

export const timelineCountsSchema = z.object({
  photo: z.number().int().nonnegative(),
  memory: z.number().int().nonnegative(),
  document: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

/** GET /api/timeline/summary: how many items of each type per year and month, and in all. */
export const timelineSummarySchema = z.object({
  totals: timelineCountsSchema,
  years: z.array(
    timelineCountsSchema.extend({
      year: z.number().int(),
      months: z.array(timelineCountsSchema.extend({ month: z.number().int().min(1).max(12) })),
    }),
  ),
});

export const timelineSummaryQuerySchema = z.object({
  sortDirection: sortDirectionSchema.optional(),
  tz: timeZoneSchema.optional(),
  person: personParam.optional(),
});

export const timelinePeriodSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12).nullable(),
  items: z.array(timelineItemSchema),
  /** Pass as cursor for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export type SortDirection = z.infer<typeof sortDirectionSchema>;
export type ContentType = z.infer<typeof contentTypeSchema>;
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;
export type TimelinePeriodQuery = z.infer<typeof timelinePeriodQuerySchema>;
export type TimelineAttachment = z.infer<typeof timelineAttachmentSchema>;
export type TimelinePhotoItem = z.infer<typeof timelinePhotoItemSchema>;
export type TimelineMemoryItem = z.infer<typeof timelineMemoryItemSchema>;
export type TimelineDocumentItem = z.infer<typeof timelineDocumentItemSchema>;
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export type TimelineGroup = z.infer<typeof timelineGroupSchema>;
export type TimelineCounts = z.infer<typeof timelineCountsSchema>;
export type TimelineSummary = z.infer<typeof timelineSummarySchema>;
export type TimelinePeriod = z.infer<typeof timelinePeriodSchema>;
