import { z } from 'zod';
import { dateMarginSchema, datePrecisionSchema } from '../dates/date-precision';
import { MAX_SHORT_TEXT_LENGTH, MAX_TEXT_LENGTH } from '../limits';
import { idParamSchema, isoDateTimeSchema, MAX_ID } from './common';
import { PAGE_LIMIT_MAX, pageQuerySchema, pageSchema } from './paging';
import { userText } from '../i18n/text';

export const MAX_TAG_LENGTH = 60;
const MAX_TAGS = 50;

/**
 * spec §5: a tag counts only if non-empty after trimming and not already in the list. Used by the tag
 * input and by the server (which stores what this returns), so both sides agree on what a tag is.
 * "Already in the list" ignores case: 'Family' and 'family' are the same tag.
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

const titleSchema = z
  .string({ error: userText('Title is required') })
  .trim()
  .min(1, userText('Title is required')) // spec §5
  .max(MAX_SHORT_TEXT_LENGTH, `Title must be at most ${MAX_SHORT_TEXT_LENGTH} characters`);

const contentSchema = z
  .string({ error: userText('Content is required') })
  .trim()
  .min(1, userText('Content is required')) // spec §5
  .max(MAX_TEXT_LENGTH, `Content must be at most ${MAX_TEXT_LENGTH} characters`);

/**
 * A calendar day, yyyy-MM-dd (spec §3 eventDate is a date, not a timestamp). Family history reaches back
 * centuries, so the floor is the year 1000; a memory cannot lie beyond the end of next year.
 */
const eventDateSchema = z.iso
  .date({ error: userText('Please enter a valid date') })
  .refine((d) => d >= '1000-01-01' && d <= `${new Date().getFullYear() + 1}-12-31`, userText('Please enter a valid date'));

const tagsSchema = z
  .array(z.string().max(MAX_TAG_LENGTH, `A tag must be at most ${MAX_TAG_LENGTH} characters`), {
    error: userText('Tags must be a list of words'),
  })
  .max(MAX_TAGS, `A memory can have at most ${MAX_TAGS} tags`);

const locationSchema = z
  .string()
  .trim()
  .max(MAX_SHORT_TEXT_LENGTH, `Location must be at most ${MAX_SHORT_TEXT_LENGTH} characters`)
  .nullish();

// spec §5: title and content required; eventDate a date; isPublic default false; tags default empty;
// location optional.
export const memoryInputSchema = z.object({
  title: titleSchema,
  content: contentSchema,
  eventDate: eventDateSchema,
  /**
   * Decision 067: how well eventDate is known; absent is 'day' on create and keeps the memory's on update. An
   * approximate eventDate is stored as the start of its period ("1962" as 1962-01-01).
   */
  eventDatePrecision: datePrecisionSchema.optional(),
  /** Years either side of an 'about' date; ignored for the other precisions. */
  eventDateMargin: dateMarginSchema.nullish(),
  isPublic: z.boolean().default(false),
  tags: tagsSchema.default([]),
  location: locationSchema,
});

/** PATCH takes the same fields (spec §7), each optional; absent fields are left as they are. */
export const memoryPatchSchema = z.object({
  title: titleSchema.optional(),
  content: contentSchema.optional(),
  eventDate: eventDateSchema.optional(),
  eventDatePrecision: datePrecisionSchema.optional(),
  eventDateMargin: dateMarginSchema.nullish(),
  isPublic: z.boolean().optional(),
  tags: tagsSchema.optional(),
  location: locationSchema,
});

/**
 * spec §3, as read by the client: fileSize is a numeric string of bytes; filePath is a URL the browser
 * can load; a file linked from the gallery or the vault has type 'photo' / 'vault' and an id 'p-<id>' /
 * 'v-<id>'. The memory's own files have the plain numeric id as a string.
 */
export const attachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileSize: z.string().regex(/^\d+$/),
  mimeType: z.string(),
  filePath: z.string(),
  type: z.enum(['photo', 'vault']).optional(),
  /**
   * Beyond the spec (decision 040): own audio that some browsers cannot play (WebM, Ogg) has an M4A copy that
   * every browser plays, at this URL; null while it is being made (or when it could not be). Absent otherwise.
   */
  playableUrl: z.string().nullable().optional(),
});

/** A memory's storyteller (decision 066): an owner's contact, and the tree's person for it when there is one. */
export const memoryStorytellerSchema = z.object({
  contactId: z.number().int(),
  name: z.string(),
  treePersonId: z.number().int().nullable(),
});

export const memorySchema = z.object({
  id: z.number().int(),
  /** Where a kept item came from (“From Rose Martin’s legacy, released 2 May 2031”, decision 078); null for the owner’s own. */
  provenance: z.string().nullish(),
  userId: z.number().int(),
  title: z.string(),
  content: z.string(),
  eventDate: z.string(),
  /** How well eventDate is known (decision 067); a memory's date was always at least a day, so never null. */
  eventDatePrecision: datePrecisionSchema.optional(),
  /** Years either side of an 'about' date; null otherwise. */
  eventDateMargin: z.number().int().nullable().optional(),
  isPublic: z.boolean(),
  tags: z.array(z.string()),
  location: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  /** Own files plus linked gallery photos and vault files (beyond the spec: cards show them). */
  attachments: z.array(attachmentSchema),
  /** Who told it: the storyteller of the interview it answers (decision 066); null when the owner wrote it. */
  storyteller: memoryStorytellerSchema.nullable().optional(),
});

/** GET /api/memories/page (issue 15): the memories a page at a time, in the list's order. */
export const memoryPageSchema = pageSchema(memorySchema);

const MEMORY_IDS_MESSAGE = `ids must be up to ${PAGE_LIMIT_MAX} memory ids, separated by commas`;

/**
 * GET /api/memories/page's query: besides the cursor and limit, `ids` keeps the page to those memories (the
 * screen pages through a "Browse your memories" group this way, in the list's order).
 */
export const memoryPageQuerySchema = pageQuerySchema.extend({
  ids: z
    .string({ error: MEMORY_IDS_MESSAGE })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, MEMORY_IDS_MESSAGE)
    .refine((v) => {
      const ids = v.split(',');
      return ids.length <= PAGE_LIMIT_MAX && ids.every((id) => Number(id) <= MAX_ID);
    }, MEMORY_IDS_MESSAGE)
    .optional(),
});

/** An attachment id in a URL: '12' (own file), 'p-12' (linked photo) or 'v-12' (linked vault file). */
export const attachmentParamsSchema = z.object({
  id: idParamSchema,
  /** An own attachment's id, or a linked gallery photo ('p-<id>') or vault file ('v-<id>'), each ≤ MAX_ID. */
  attachmentId: z
    .string({ error: userText('Not found') })
    .regex(/^(?:[pv]-)?[1-9]\d{0,9}$/, userText('Not found'))
    .refine((v) => Number(v.replace(/^[pv]-/, '')) <= MAX_ID, userText('Not found')),
});

/** GET …/attachments/:attachmentId/file's query: `format=m4a` asks for an audio attachment's M4A copy (decision 040). */
export const attachmentFileQuerySchema = z.object({
  format: z.enum(['m4a'], { error: userText('format must be m4a') }).optional(),
});

const idListSchema = z.array(z.number().int().positive().max(MAX_ID)).max(200, userText('Link at most 200 items at a time'));

/** Beyond the spec: link existing gallery photos and vault files to a memory from a picker. */
export const memoryLinksInputSchema = z
  .object({ photoIds: idListSchema.optional(), vaultFileIds: idListSchema.optional() })
  .refine((v) => (v.photoIds?.length ?? 0) + (v.vaultFileIds?.length ?? 0) > 0, userText('Choose at least one photo or document'));

/** What the picker offers: the caller's gallery photos and vault files, and where each is linked now. */
export const linkCandidatesSchema = z.object({
  photos: z.array(
    z.object({
      id: z.number().int(),
      title: z.string().nullable(),
      fileName: z.string(),
      imageUrl: z.string(),
      memoryId: z.number().int().nullable(),
    }),
  ),
  vaultFiles: z.array(
    z.object({
      id: z.number().int(),
      originalName: z.string(),
      mimeType: z.string(),
      fileSize: z.number().int(),
      url: z.string(),
      memoryId: z.number().int().nullable(),
    }),
  ),
});

// spec §3: "Memory analysis request: title and description; response: tags (list of strings)".
export const analyzeInputSchema = z.object({
  title: z
    .string({ error: userText('Please provide both a title and content for the memory.') })
    .trim()
    .min(1, userText('Please provide both a title and content for the memory.'))
    .max(MAX_SHORT_TEXT_LENGTH),
  description: z
    .string({ error: userText('Please provide both a title and content for the memory.') })
    .trim()
    .min(1, userText('Please provide both a title and content for the memory.'))
    .max(MAX_TEXT_LENGTH),
  /** Tags the memory already has: never suggested again. */
  existingTags: z.array(z.string().max(MAX_TAG_LENGTH)).max(MAX_TAGS).optional(),
});

export const analyzeResultSchema = z.object({ tags: z.array(z.string()) });

/** The AI-assist content proposal (spec §2: "proposes replacement content which can be accepted"). */
export const improveInputSchema = z.object({
  title: z.string().trim().max(MAX_SHORT_TEXT_LENGTH).optional(),
  content: contentSchema,
  location: z.string().trim().max(MAX_SHORT_TEXT_LENGTH).nullish(),
  eventDate: z.string().max(20).nullish(),
});

export const improveResultSchema = z.object({
  /** The proposed replacement text. */
  content: z.string(),
  /** Gentle questions about details the story does not mention yet (who / where / when); not part of the text. */
  prompts: z.array(z.string()),
});

const suggestionFieldSchema = z.enum(['tags', 'location', 'eventDate']);

/** GET /api/memories/suggestions: memories that miss details, with fixes the user can apply. */
export const memorySuggestionsSchema = z.object({
  suggestions: z.array(
    z.object({
      memoryId: z.number().int(),
      title: z.string(),
      missing: z.array(suggestionFieldSchema),
      proposed: z.object({
        tags: z.array(z.string()),
        location: z.string().nullable(),
        /** A date read from the story when the stored one looks like the default (the day it was written). */
        eventDate: z.string().nullable(),
      }),
    }),
  ),
});

export const memoryGroupSchema = z.object({ label: z.string(), memoryIds: z.array(z.number().int()) });

/** GET /api/memories/organize: ways to group the memories, each group largest first (years newest first). */
export const memoryOrganizationSchema = z.object({
  years: z.array(memoryGroupSchema),
  places: z.array(memoryGroupSchema),
  people: z.array(memoryGroupSchema),
  themes: z.array(memoryGroupSchema),
});

export type MemoryInput = z.infer<typeof memoryInputSchema>;
export type MemoryFormValues = z.input<typeof memoryInputSchema>;
export type MemoryPatch = z.infer<typeof memoryPatchSchema>;
export type Memory = z.infer<typeof memorySchema>;
export type MemoryStoryteller = z.infer<typeof memoryStorytellerSchema>;
export type MemoryPage = z.infer<typeof memoryPageSchema>;
export type MemoryPageQuery = z.infer<typeof memoryPageQuerySchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
export type MemoryLinksInput = z.infer<typeof memoryLinksInputSchema>;
export type LinkCandidates = z.infer<typeof linkCandidatesSchema>;
export type AnalyzeInput = z.infer<typeof analyzeInputSchema>;
export type AnalyzeResult = z.infer<typeof analyzeResultSchema>;
export type ImproveInput = z.infer<typeof improveInputSchema>;
export type ImproveResult = z.infer<typeof improveResultSchema>;
export type MemorySuggestions = z.infer<typeof memorySuggestionsSchema>;
export type MemoryOrganization = z.infer<typeof memoryOrganizationSchema>;
export type MemoryGroup = z.infer<typeof memoryGroupSchema>;

/**
 * spec §8 AI analysis: the text of the 'Analysis failed' toast from the server's error message. A message
 * mentioning the API or a key means the service is unavailable; one about format or parsing means the
 * answer could not be read; anything else is a general failure.
 */
export function aiFailureText(serverMessage: string | undefined): string {
  const message = serverMessage ?? '';
  if (/\b(api|key)\b/i.test(message)) return userText('Service temporarily unavailable. Please try again later.');
  if (/format|pars(e|ing)/i.test(message)) return userText('Unexpected response format. Try again with different content.');
  return userText('Failed to generate suggestions. Please try again.');
}
