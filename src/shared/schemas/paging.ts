import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH } from '../limits';
import { userText } from '../i18n/text';

// Issue 15: the lists a screen shows come a page at a time, by keyset cursor (the spec's unpaged lists stay
// for API clients). A cursor is opaque to clients: the nextCursor of the previous page, passed back as is.

export const PAGE_LIMIT_DEFAULT = 100;
export const PAGE_LIMIT_MAX = 200;
/** Room for the longest sort key a cursor may carry (two 500-character names, 4 bytes a character, base64). */
export const PAGE_CURSOR_MAX_LENGTH = 16_384;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;

export const pageQuerySchema = z.object({
  /** Opaque: the nextCursor of the previous page of the same list (and the same sort order). */
  cursor: z
    .string({ error: userText('Invalid cursor') })
    .min(1, userText('Invalid cursor'))
    .max(PAGE_CURSOR_MAX_LENGTH, userText('Invalid cursor'))
    .optional(),
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^[1-9]\d{0,2}$/, LIMIT_MESSAGE)
    .refine((v) => Number(v) <= PAGE_LIMIT_MAX, LIMIT_MESSAGE)
    .optional(),
});

/** One page of a list: nextCursor is null on the last page. */
export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export type PageQuery = z.infer<typeof pageQuerySchema>;
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The limit a page query asks for, or the default. */
export const pageLimit = (query: PageQuery) => (query.limit === undefined ? PAGE_LIMIT_DEFAULT : Number(query.limit));

/** `q` of a paged list that can be searched by typing part of a name (`description` says whose). */
export const nameSearchQuery = (description: string) =>
  z
    .string({ error: userText('q must be text') })
    .trim()
    .min(1, userText('Type part of a name to search for'))
    .max(MAX_SHORT_TEXT_LENGTH, `A name has at most ${MAX_SHORT_TEXT_LENGTH} characters`)
    .optional()
    .meta({ description });
