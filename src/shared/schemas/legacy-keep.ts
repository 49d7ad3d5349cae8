// After a release (issue 32 §4, decision 078): an heir keeps a release in their own library, and the owner chooses
// what becomes of their account once their plan is released.
import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { userText } from '../i18n/text';

export const AFTER_RELEASE_MONTHS = { min: 3, max: 24 } as const;

export const LEGACY_KEEP_MESSAGES = {
  kept: userText('Kept in your library'),
  copying: userText('Copying into your library…'),
  letterNotKept: userText('A letter stays on this page and in Download everything: it is not copied into a library.'),
  signInFirst: userText('Sign in to your own heirloom account to keep these in your library.'),
} as const;

/** Where keeping one release stands for the signed-in heir; `none` before they asked. */
export const keepStatusSchema = z.object({
  releaseId: z.number().int(),
  status: z.enum(['none', 'copying', 'kept', 'failed']),
  itemsTotal: z.number().int().nonnegative(),
  itemsDone: z.number().int().nonnegative(),
  /** "From Rose Martin’s legacy, released 2 May 2031": written in English on every copy, said in the request’s language. */
  provenance: z.string().nullable(),
  /** Why the last try stopped, in words; null unless failed. */
  error: z.string().nullable(),
});
export type KeepStatus = z.infer<typeof keepStatusSchema>;

const monthsSchema = z
  .number({ error: `Choose between ${AFTER_RELEASE_MONTHS.min} and ${AFTER_RELEASE_MONTHS.max} months.` })
  .int({ error: `Choose between ${AFTER_RELEASE_MONTHS.min} and ${AFTER_RELEASE_MONTHS.max} months.` })
  .min(AFTER_RELEASE_MONTHS.min, { error: `Choose between ${AFTER_RELEASE_MONTHS.min} and ${AFTER_RELEASE_MONTHS.max} months.` })
  .max(AFTER_RELEASE_MONTHS.max, { error: `Choose between ${AFTER_RELEASE_MONTHS.min} and ${AFTER_RELEASE_MONTHS.max} months.` });

/** PUT /api/legacy/after-release: a memorial (the default), or deletion some months after the release. */
export const afterReleaseInputSchema = z.discriminatedUnion(
  'choice',
  [
    z.object({ choice: z.literal('memorial') }).strict(),
    z.object({ choice: z.literal('delete'), deleteAfterMonths: monthsSchema }).strict(),
  ],
  { error: userText('Choose memorial or delete.') },
);
export type AfterReleaseInput = z.infer<typeof afterReleaseInputSchema>;

/** GET /api/legacy/after-release. */
export const afterReleaseSchema = z.object({
  choice: z.enum(['memorial', 'delete']),
  deleteAfterMonths: z.number().int().nullable(),
  /** Once the plan is released and the heirs were told: the day the account is deleted. */
  deleteAt: isoDateTimeSchema.nullable(),
});
export type AfterRelease = z.infer<typeof afterReleaseSchema>;
