import { z } from 'zod';
import { datePrecisionSchema } from '../dates/date-precision';
import { hasPositiveTerm, parseSearchTerms, SEARCH_QUERY_MAX } from '../search-terms';
import { userText } from '../i18n/text';

// GET /api/search (issue 15, decision 030): one box across memories, photos, documents, contacts and the people
// in the photos (issue 29).

export { hasPositiveTerm, isSearchable, parseSearchTerms, SEARCH_QUERY_MAX, type SearchTerm } from '../search-terms';
/** Results per kind when all kinds are asked for at once (the header's first answer). */
export const SEARCH_GROUP_PREVIEW = 5;
/** Results per page of one kind. */
export const SEARCH_PAGE_SIZE = 20;

export const searchKindSchema = z.enum(['memory', 'photo', 'document', 'contact', 'person'], {
  error: userText('kind must be memory, photo, document, contact or person'),
});
export type SearchKind = z.infer<typeof searchKindSchema>;
export const SEARCH_KINDS = searchKindSchema.options;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: userText('q is required: the words to search for') })
    // Not trimmed: a space after the last word says the word is finished (no prefix matching).
    .refine((q) => q.trim() !== '', userText('Type something to search for'))
    .max(SEARCH_QUERY_MAX, `A search can be at most ${SEARCH_QUERY_MAX} characters`)
    .refine((q) => hasPositiveTerm(parseSearchTerms(q)), userText('Search for at least one word (letters or digits)')),
  kind: searchKindSchema.optional(),
  /** Opaque: the nextCursor of a previous page of the same kind and q. */
  cursor: z.string().max(100, userText('Invalid cursor')).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Text with the matched words marked as [start, end) UTF-16 offsets: the client renders <mark>, never HTML. */
export const highlightedSchema = z.object({
  text: z.string(),
  ranges: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
});
export type Highlighted = z.infer<typeof highlightedSchema>;

export const searchHitSchema = z.object({
  kind: searchKindSchema,
  id: z.number().int(),
  title: highlightedSchema,
  /** The best passage of the item's other text (content, description, tags, place, notes), if it has any. */
  snippet: highlightedSchema.nullable(),
  /** The memory's day, the photo's date taken, the document's upload; null for a contact or an undated photo. */
  date: z.string().nullable(),
  /** How well `date` is known (decision 067): an approximate date is the start of its period; null with no date. */
  datePrecision: datePrecisionSchema.nullable().optional(),
  /** Years either side of an 'about' date; null otherwise. */
  dateMargin: z.number().int().nullable().optional(),
  /** A contact's page: family or friends. */
  relationship: z.enum(['family', 'friend']).nullable(),
  /** A photo's thumbnail; null for a video whose poster is not made yet (issue 16), and for the other kinds. */
  thumbnailUrl: z.string().nullable(),
  /** Issue 16: whether a photo hit is a picture or a video; null for the other kinds. */
  mediaType: z.enum(['image', 'video']).nullable(),
  /** A video's length in milliseconds, when known; null otherwise. */
  durationMs: z.number().int().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({
  kind: searchKindSchema,
  items: z.array(searchHitSchema),
  /** More matches of this kind than shown. */
  hasMore: z.boolean(),
  /**
   * With `kind`: pass as `cursor` (with the same q and kind) for the next page; null on the last. Always null in
   * the all-kinds answer, whose order is a preview: ask for the kind without a cursor to see all of it.
   */
  nextCursor: z.string().nullable(),
});

export const searchResultSchema = z.object({
  /** Kinds in a fixed order (memory, photo, document, contact, person), those with no match left out. */
  groups: z.array(searchGroupSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
