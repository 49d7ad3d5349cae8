import { z } from 'zod';
import { dateMarginSchema, datePrecisionSchema } from '../dates/date-precision';
import { EARLIEST_YEAR, MAX_SHORT_TEXT_LENGTH, MAX_TEXT_LENGTH } from '../limits';
import { isoDateTimeSchema, MAX_ID } from './common';
import { MAX_TAG_LENGTH } from './memories';
import { pageQuerySchema, pageSchema } from './paging';
import { isTimeZone } from './timeline';
import { userText } from '../i18n/text';

// spec §5: photos are JPEG, PNG, GIF, WebP or HEIC/HEIF, up to 10MB. The server judges the bytes; the web
// checks name and type first for early feedback, with the same words.
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif'] as const;
export const PHOTO_UPLOAD_MESSAGES = {
  tooLarge: userText('Photo must be 10MB or smaller'),
  wrongType: userText('Only JPEG, PNG, GIF, WebP and HEIC/HEIF photos can be uploaded'),
  missing: userText('Please select a photo to upload'),
  tooMany: userText('Please upload one photo at a time'),
  empty: userText('The selected photo is empty'),
};

export const photoSortSchema = z.enum(['dateTaken', 'createdAt', 'title'], {
  error: userText('Sort by dateTaken, createdAt or title'),
});

export const photoListQuerySchema = z.object({ sortBy: photoSortSchema.optional() });
const personIdParam = (name: string) =>
  z
    .string({ error: `${name} must be the id of one of your people` })
    .regex(/^[1-9]\d{0,9}$/, `${name} must be the id of one of your people`)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, `${name} must be the id of one of your people`))
    .optional();

/**
 * GET /api/photos/page (issue 15): the gallery a page at a time, in the same orders as the list. `from` (the
 * date orders only, instead of a cursor) starts at the newest photo at or before that instant: the scrubber's jump.
 */
export const photoPageQuerySchema = pageQuerySchema.extend({
  sortBy: photoSortSchema.optional(),
  from: z.iso.datetime({ offset: true, error: userText('from must be an ISO date and time') }).optional(),
  /** Only the photos this person is in (issue 29). */
  person: personIdParam('person'),
  /** With `person`: only the photos both are in ("photos together with …"). */
  with: personIdParam('with'),
  /** undated=true: only the photos without a date taken (decision 067), to date them at once. */
  undated: z
    .enum(['true', 'false'], { error: userText('undated must be true or false') })
    .transform((v) => v === 'true')
    .optional(),
});

/** GET /api/photos/undated-count: how many of the owner's photos have no date taken. */
export const photoUndatedCountSchema = z.object({ count: z.number().int() });

/** GET /api/photos/months: how many photos each month holds, in the viewer's time zone (the scrubber's marks). */
export const photoMonthsQuerySchema = z.object({
  sortBy: z.enum(['dateTaken', 'createdAt'], { error: userText('Months are counted by dateTaken or createdAt') }).optional(),
  tz: z.string().refine(isTimeZone, userText('tz must be an IANA time zone such as Europe/Paris')).optional(),
});
export const photoMonthsSchema = z.object({
  /** Newest month first; months without photos are left out. */
  months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), count: z.number().int() })),
});

/** Whether the thumbnail / mobile / display derivatives exist yet (a HEIC shows once they do). */
export const derivativeStatusSchema = z.enum(['pending', 'ready', 'failed']);

// Any JSON-safe EXIF value we keep: numbers, short strings, or lists of numbers.
const exifValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.number())]);

/**
 * A video's playback (decision 038): 'preparing' while its playable copy is made (progress in percent, null
 * until known), 'ready' when `url` plays in every current browser, 'unavailable' when nothing plays (the
 * server has no ffmpeg, or the copy could not be made): the original is then offered for download.
 */
export const videoPlaybackSchema = z.enum(['preparing', 'ready', 'unavailable']);
export const photoVideoSchema = z.object({
  playback: videoPlaybackSchema,
  progress: z.number().int().min(0).max(100).nullable(),
  /** Length in milliseconds; null until read (or when the file does not say). */
  durationMs: z.number().int().nullable(),
  /** What the viewer plays (HTTP Range): the original when browsers play it, else its H.264/AAC copy. */
  url: z.string(),
  /** A few seconds, small and muted, for the grid; null until made. */
  previewUrl: z.string().nullable(),
});

export const photoSchema = z.object({
  id: z.number().int(),
  /** Where a kept item came from (“From Rose Martin’s legacy, released 2 May 2031”, decision 078); null for the owner’s own. */
  provenance: z.string().nullish(),
  userId: z.number().int(),
  memoryId: z.number().int().nullable(),
  /** The URL of the browser-displayable image (never a path on the server's disk). */
  filePath: z.string(),
  fileName: z.string(),
  /** spec §3: the maintenance view reads fileSize as a string holding an integer (bytes). */
  fileSize: z.string().regex(/^\d+$/),
  mimeType: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  exifData: z.record(z.string(), exifValueSchema).nullable(),
  /** null: undated (no date in the file and none set). An approximate date is the start of its period (decision 067). */
  dateTaken: isoDateTimeSchema.nullable(),
  /** How well dateTaken is known: 'exact' from the camera, 'day' … 'about' set by the owner; null when undated. */
  dateTakenPrecision: datePrecisionSchema.nullable().optional(),
  /** Years either side of an 'about' date; null otherwise. */
  dateTakenMargin: z.number().int().nullable().optional(),
  location: z.string().nullable(),
  cameraInfo: z.string().nullable(),
  tags: z.array(z.string()),
  /** What the model saw in the picture (dog, boat, cake …), apart from the owner's tags (issue 29). */
  labels: z.array(z.string()),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  derivativeStatus: derivativeStatusSchema,
  /** Issue 16: the gallery holds videos too; `video` is null for a picture. */
  mediaType: z.enum(['image', 'video']),
  video: photoVideoSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

// The earliest instant that is still 1 January 1900 somewhere on Earth, and a day of slack for "now"
// so a date picked as local midnight today is never refused because of the viewer's time zone.
const EARLIEST_DATE_TAKEN = Date.parse(`${EARLIEST_YEAR}-01-01T00:00:00+14:00`);
const DAY_MS = 24 * 60 * 60 * 1000;

const PHOTO_TITLE_REQUIRED = userText('Title cannot be empty');
const PHOTO_DATE_RANGE = `Date must be between ${EARLIEST_YEAR} and today`;

const photoDateTakenSchema = z.iso.datetime({ offset: true, error: userText('Please enter a valid date') }).refine((v) => {
  const time = Date.parse(v);
  return time >= EARLIEST_DATE_TAKEN && time <= Date.now() + DAY_MS;
}, PHOTO_DATE_RANGE);

export const PHOTO_TAGS_MAX = 50;
const photoTagsSchema = z
  .array(
    z
      .string({ error: userText('Tags must be a list of words') })
      .trim()
      .min(1, userText('A tag cannot be empty'))
      .max(MAX_TAG_LENGTH, `A tag must be at most ${MAX_TAG_LENGTH} characters`),
    { error: userText('Tags must be a list of words') },
  )
  .max(PHOTO_TAGS_MAX, `A photo can have at most ${PHOTO_TAGS_MAX} tags`);

/**
 * spec §7: PATCH /api/photos/{id} with {title} or {dateTaken} (ISO timestamp); issue 15 adds description, tags
 * (the whole list, replacing the old one) and location (the place as text; null or "" clears them).
 */
export const photoPatchSchema = z
  .object({
    title: z
      .string({ error: PHOTO_TITLE_REQUIRED })
      .trim()
      .min(1, PHOTO_TITLE_REQUIRED)
      .max(MAX_SHORT_TEXT_LENGTH, `Title must be at most ${MAX_SHORT_TEXT_LENGTH} characters`)
      .optional(),
    /** null makes the photo undated. Stored as the start of its period when the precision is not exact or day. */
    dateTaken: photoDateTakenSchema.nullable().optional(),
    /**
     * Decision 067: absent keeps the photo's precision ('day' for a photo that had no date); sent alone, it
     * re-dates the photo's date to the start of that period.
     */
    dateTakenPrecision: datePrecisionSchema.optional(),
    dateTakenMargin: dateMarginSchema.nullish(),
    description: z
      .string({ error: userText('Description must be text') })
      .trim()
      .max(MAX_TEXT_LENGTH, `Description must be at most ${MAX_TEXT_LENGTH} characters`)
      .nullish(),
    tags: photoTagsSchema.optional(),
    location: z
      .string({ error: userText('Place must be text') })
      .trim()
      .max(MAX_SHORT_TEXT_LENGTH, `Place must be at most ${MAX_SHORT_TEXT_LENGTH} characters`)
      .nullish(),
    /**
     * The automatic labels to keep (issue 29): only those the photo already has are kept, so a label is removed by
     * leaving it out and none is added by hand (the owner's own words are tags).
     */
    labels: z
      .array(z.string({ error: userText('Labels must be a list of words') }).max(MAX_TAG_LENGTH), {
        error: userText('Labels must be a list of words'),
      })
      .max(100, userText('A photo has at most 100 labels'))
      .optional(),
  })
  .refine(
    (v) => Object.values(v).some((field) => field !== undefined),
    userText('Send a title, dateTaken, dateTakenPrecision, description, tags, location or labels'),
  );

/** The most photos one bulk action takes: a year of a phone's pictures, one request. */
export const PHOTO_BULK_MAX = 1000;
const BULK_IDS_MESSAGE = `Select from 1 to ${PHOTO_BULK_MAX} photos`;
const BULK_ID_MESSAGE = `Photo ids are whole numbers from 1 to ${MAX_ID}`;

/**
 * POST /api/photos/bulk (issue 15): one action on many selected photos, all or nothing. Any id that is not
 * one of the user's photos makes it a 404 and changes nothing. addTags adds to each photo's tags (no repeats).
 */
export const photoBulkSchema = z.object({
  ids: z
    .array(z.number({ error: BULK_ID_MESSAGE }).int(BULK_ID_MESSAGE).positive(BULK_ID_MESSAGE).max(MAX_ID, BULK_ID_MESSAGE), {
      error: BULK_IDS_MESSAGE,
    })
    .min(1, BULK_IDS_MESSAGE)
    .max(PHOTO_BULK_MAX, BULK_IDS_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, userText('Each photo may be listed once')),
  action: z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('delete') }),
      z.object({
        type: z.literal('setDate'),
        /** null makes the photos undated. */
        dateTaken: photoDateTakenSchema.nullable(),
        /** Decision 067: absent is 'day' (every photo gets the same date, so there is no one precision to keep). */
        dateTakenPrecision: datePrecisionSchema.optional(),
        dateTakenMargin: dateMarginSchema.nullish(),
      }),
      z.object({ type: z.literal('addTags'), tags: photoTagsSchema.min(1, userText('Add at least one tag')) }),
    ],
    { error: userText('action.type must be delete, setDate or addTags') },
  ),
});
/** How many photos the action changed (deleted, or updated). */
export const photoBulkResultSchema = z.object({ count: z.number().int() });

export const photoImageQuerySchema = z.object({
  /** spec §7: mobile=true asks for the smaller mobile variant. */
  mobile: z.enum(['true', 'false']).optional(),
  /** 'thumb' for grids (about 400 px); 'full' (default) for the viewer. */
  size: z.enum(['thumb', 'full'], { error: userText('size must be thumb or full') }).optional(),
  // spec §7: a time value (t or cachebust) only defeats caches; it is accepted and ignored.
  t: z.string().optional(),
  cachebust: z.string().optional(),
});

export const photoPageSchema = pageSchema(photoSchema);

export const fixPathsResultSchema = z.object({ fixedCount: z.number().int() });
export const cleanupResultSchema = z.object({ cleanedCount: z.number().int() });

export type PhotoSort = z.infer<typeof photoSortSchema>;
export type PhotoListQuery = z.infer<typeof photoListQuerySchema>;
export type PhotoPageQuery = z.infer<typeof photoPageQuerySchema>;
export type PhotoPage = z.infer<typeof photoPageSchema>;
export type PhotoMonthsQuery = z.infer<typeof photoMonthsQuerySchema>;
export type PhotoMonths = z.infer<typeof photoMonthsSchema>;
export type PhotoUndatedCount = z.infer<typeof photoUndatedCountSchema>;
export type DerivativeStatus = z.infer<typeof derivativeStatusSchema>;
export type Photo = z.infer<typeof photoSchema>;
export type PhotoVideo = z.infer<typeof photoVideoSchema>;
export type VideoPlayback = z.infer<typeof videoPlaybackSchema>;
export type PhotoPatch = z.infer<typeof photoPatchSchema>;
export type PhotoBulk = z.infer<typeof photoBulkSchema>;
export type PhotoBulkResult = z.infer<typeof photoBulkResultSchema>;
export type PhotoImageQuery = z.infer<typeof photoImageQuerySchema>;
export type FixPathsResult = z.infer<typeof fixPathsResultSchema>;
export type CleanupResult = z.infer<typeof cleanupResultSchema>;

/** GET /api/photos/processing: photos whose derivatives are still being made, or could not be made after every retry. */
export const photoProcessingSchema = z.object({ pending: z.number().int(), failed: z.number().int() });
/** POST /api/photos/retry-failed: how many failed photos were queued again. */
export const retryFailedResultSchema = z.object({ queued: z.number().int() });
export type PhotoProcessing = z.infer<typeof photoProcessingSchema>;
export type RetryFailedResult = z.infer<typeof retryFailedResultSchema>;
