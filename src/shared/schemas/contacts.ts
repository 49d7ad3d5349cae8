import { z } from 'zod';
import { LANGUAGE_TAG } from '../i18n/languages';
import { MAX_SHORT_TEXT_LENGTH } from '../limits';
import { birthDateSchema } from './auth';
import { isoDateTimeSchema } from './common';
import { nameSearchQuery, pageQuerySchema, pageSchema } from './paging';

const CONTACT_NOTES_MAX_LENGTH = 5000;

export const relationshipSchema = z.enum(['friend', 'family'], {
  error: 'Please specify if this is a friend or family member', // spec §5
});

const tooLong = (max: number) => `Must be at most ${max} characters`;

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(MAX_SHORT_TEXT_LENGTH, tooLong(MAX_SHORT_TEXT_LENGTH));

// An empty string means "not given" (the form holds '' for empty inputs); the server stores it as null.
const optionalText = (max: number) => z.string().trim().max(max, tooLong(max)).nullish();

// spec §5: the client omits empty optional fields and may send null, hence nullish(). Only a first name is
// required: a contact may be known only as "Grandma".
export const contactInputSchema = z.object({
  firstName: requiredName('First name is required'),
  lastName: optionalText(MAX_SHORT_TEXT_LENGTH),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .refine((value) => value === '' || z.regexes.email.test(value), 'Invalid email address')
    .nullish(),
  phoneNumber: optionalText(MAX_SHORT_TEXT_LENGTH),
  address: optionalText(MAX_SHORT_TEXT_LENGTH),
  // yyyy-MM-dd (spec §9), a real day between 1900 and today
  birthday: z
    .string({ error: 'Please enter a valid date' })
    .refine((value) => value === '' || birthDateSchema.safeParse(value).success, 'Please enter a valid date')
    .nullish(),
  relationship: relationshipSchema,
  familyRelation: optionalText(MAX_SHORT_TEXT_LENGTH), // free text (spec §3); the form offers the grouped options
  notes: optionalText(CONTACT_NOTES_MAX_LENGTH),
  /** The language heirloom writes to this contact in; null (or left out): the owner's. Checked against the shipped ones. */
  language: z
    .string()
    .max(35)
    .refine((value) => value === '' || LANGUAGE_TAG.test(value), 'Please choose one of the languages offered')
    .nullish(),
});

/**
 * PATCH /api/contacts/:id changes only the fields it carries; '' or null clears an optional one (the first
 * name and the relationship can be changed, never cleared).
 */
export const contactPatchSchema = contactInputSchema.partial();

export const contactSchema = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  /** Set only while owner and contact have each other as contacts by email (docs/decisions: mutual linking). */
  linkedUserId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  birthday: z.string().nullable(),
  relationship: relationshipSchema,
  familyRelation: z.string().nullable(),
  notes: z.string().nullable(),
  language: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

export const contactListQuerySchema = z.object({ relationship: relationshipSchema.optional() });
/**
 * GET /api/contacts/page (issue 15): the contacts a page at a time, in the list's order and with its filter; `q` keeps
 * those whose name holds it, so a contact can be chosen by typing in a large contact book.
 */
export const contactPageQuerySchema = pageQuerySchema.extend({
  relationship: relationshipSchema.optional(),
  q: nameSearchQuery('Part of a name: only the contacts whose first and last name hold it, letter case aside'),
});
export const contactPageSchema = pageSchema(contactSchema);

export type Relationship = z.infer<typeof relationshipSchema>;
export type ContactInput = z.infer<typeof contactInputSchema>;
export type ContactPatch = z.infer<typeof contactPatchSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type ContactPageQuery = z.infer<typeof contactPageQuerySchema>;
export type ContactPage = z.infer<typeof contactPageSchema>;
