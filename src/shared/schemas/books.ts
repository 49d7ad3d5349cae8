// The life-story book (decision 068): a print-ready PDF of the owner's memories, built in the background.
import { z } from 'zod';
import { calendarDateSchema, isoDateTimeSchema, MAX_ID } from './common';
import { userText } from '../i18n/text';

export const BOOK_TITLE_MAX = 200;
export const BOOK_DEDICATION_MAX = 2000;
/** Books an account keeps at once: a new one past this asks to delete one first. */
export const BOOKS_MAX = 20;

export const bookPageSizes = ['A4', 'Letter', '6x9'] as const;
export const bookPageSizeSchema = z.enum(bookPageSizes);
export const bookChaptersSchema = z.enum(['period', 'theme']);
export const bookStatusSchema = z.enum(['queued', 'building', 'ready', 'failed']);

const idSchema = z.number().int().min(1, userText('Not found')).max(MAX_ID, userText('Not found'));

/** Which memories the book holds: every one, a collection's, an interview's answers, or those of a period (inclusive days). */
export const bookMemoriesSchema = z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({ collectionId: idSchema }),
  z.strictObject({ interviewId: idSchema }),
  z
    .strictObject({ from: calendarDateSchema, to: calendarDateSchema })
    .refine(({ from, to }) => from <= to, { message: userText('The period must end on or after its first day'), path: ['to'] }),
]);

export const BOOK_MESSAGES = {
  tooMany: `You keep ${BOOKS_MAX} books already. Delete one to make another.`,
  noMemories: userText('There are no memories to put in this book. Choose other memories.'),
  notReady: userText('This book is not ready yet.'),
  failed: userText('This book could not be made. Please make a new one.'),
  coverNotFound: userText('Cover photo not found'),
  collectionNotFound: userText('Collection not found'),
  stillMaking: userText('This book is still being made. Stop its voice links once it is ready.'),
  linkNotFound: userText('Voice link not found'),
  voiceLinksPast: userText('The voice links must stop working at a time still to come'),
} as const;

/** POST /api/books */
export const bookInputSchema = z.strictObject({
  title: z.string().trim().min(1, userText('Give the book a title')).max(BOOK_TITLE_MAX, `A title is at most ${BOOK_TITLE_MAX} characters`),
  dedication: z
    .string()
    .trim()
    .max(BOOK_DEDICATION_MAX, `A dedication is at most ${BOOK_DEDICATION_MAX} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
  pageSize: bookPageSizeSchema,
  coverPhotoId: idSchema.nullish().transform((value) => value ?? null),
  chapters: bookChaptersSchema,
  memories: bookMemoriesSchema,
  includePhotos: z.boolean(),
  voiceLinks: z.strictObject({ expiresAt: isoDateTimeSchema.nullable() }),
});

export const bookSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    pageSize: bookPageSizeSchema,
    status: bookStatusSchema,
    /** 0–100 while building; 100 once ready. */
    progress: z.number().int().min(0).max(100),
    pageCount: z.number().int().nullable(),
    /** The PDF's size in bytes once ready. */
    size: z.number().int().nullable(),
    error: z.string().nullable(),
    /** How many public links to voice recordings the book's QR codes open (those the owner stopped are not counted). */
    voiceLinks: z.number().int(),
    /** When the voice links stop working; null: no end. */
    voiceLinksExpireAt: isoDateTimeSchema.nullable(),
    /** GET this (it honours Range) once ready; null before. */
    downloadUrl: z.string().nullable(),
    createdAt: isoDateTimeSchema,
    finishedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ description: 'A life-story book: its progress while it is built, then its PDF' });

/** GET /api/books/:id/voice-links: one public link a QR code of the book opens, to one memory's recordings. */
export const bookVoiceLinkSchema = z
  .object({
    id: z.number().int(),
    memoryId: z.number().int(),
    memoryTitle: z.string(),
    createdAt: isoDateTimeSchema,
    /** When it stops working (the owner's choice, or when it was stopped); null: no end. */
    expiresAt: isoDateTimeSchema.nullable(),
    /** Stopped by the owner: its QR code opens nothing any more. */
    revoked: z.boolean(),
  })
  .meta({ description: 'A public link a QR code of a life-story book opens: one memory and its recordings' });

export type BookVoiceLink = z.infer<typeof bookVoiceLinkSchema>;
export type BookInput = z.input<typeof bookInputSchema>;
export type BookRequest = z.output<typeof bookInputSchema>;
export type BookMemories = z.infer<typeof bookMemoriesSchema>;
export type BookPageSize = z.infer<typeof bookPageSizeSchema>;
export type Book = z.infer<typeof bookSchema>;
