// The family tree (issue 30): persons, the parent–child and partner links between them, and what is derived.
import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH } from '../limits';
import { TREE_DATE_MAX_LENGTH } from '../tree/tree-date';
import { MAX_ID } from './common';
import { nameSearchQuery, pageQuerySchema, pageSchema } from './paging';
import { userText } from '../i18n/text';

export const TREE_NOTE_MAX_LENGTH = 10_000;

const tooLong = (max: number) => `Must be at most ${max} characters`;
const optionalText = (max: number) => z.string().trim().max(max, tooLong(max)).nullish();
const treeId = (field: string) =>
  z
    .number({ error: `${field} must be a person's id` })
    .int(`${field} must be a person's id`)
    .min(1)
    .max(MAX_ID);

/** Chooses the relation words: gendered for female and male, neutral otherwise (decision 060). */
export const treeSexSchema = z.enum(['female', 'male', 'other', 'unknown'], {
  error: userText('Sex must be female, male, other or unknown'),
});

/** A date as old records have it: "1890-05-12", "1890-05", "1890", "c. 1890", "before 1890", "between 1890 and 1895", or words. */
export const treeDateSchema = z.string().trim().max(TREE_DATE_MAX_LENGTH, tooLong(TREE_DATE_MAX_LENGTH));

export const treeEventSchema = z.object({
  date: treeDateSchema.nullable(),
  place: z.string().trim().max(MAX_SHORT_TEXT_LENGTH, tooLong(MAX_SHORT_TEXT_LENGTH)).nullable(),
});

export const treePersonInputSchema = z.object({
  givenNames: z.string().trim().max(MAX_SHORT_TEXT_LENGTH, tooLong(MAX_SHORT_TEXT_LENGTH)).default(''),
  surname: z.string().trim().max(MAX_SHORT_TEXT_LENGTH, tooLong(MAX_SHORT_TEXT_LENGTH)).default(''),
  /** The surname at birth, where it differs ("née Martin"). */
  birthSurname: optionalText(MAX_SHORT_TEXT_LENGTH),
  sex: treeSexSchema.default('unknown'),
  /** Gender in the owner's own words, where they want to say more than the sex above. */
  gender: optionalText(MAX_SHORT_TEXT_LENGTH),
  birth: treeEventSchema.partial().nullish(),
  /** null: not known to have died. An event (even with no date) says the person has died. */
  death: treeEventSchema.partial().nullish(),
  /** Leave out to let the tree decide: living unless a death is recorded or the birth is over 110 years ago. */
  living: z.boolean().optional(),
  contactId: treeId('contactId').nullish(),
  /** The person of the photos (issue 29) this is: their face is the picture, their photos are on the page. */
  personId: treeId('personId').nullish(),
  note: optionalText(TREE_NOTE_MAX_LENGTH),
});

export const treePersonPatchSchema = treePersonInputSchema.partial();

export const treePersonSchema = z.object({
  id: z.number().int(),
  givenNames: z.string(),
  surname: z.string(),
  birthSurname: z.string().nullable(),
  sex: treeSexSchema,
  gender: z.string().nullable(),
  birth: treeEventSchema,
  death: treeEventSchema.nullable(),
  living: z.boolean(),
  /** The signed-in owner's own person. */
  isOwner: z.boolean(),
  contactId: z.number().int().nullable(),
  personId: z.number().int().nullable(),
  /** The face of the photos' person, when there is one. */
  pictureUrl: z.string().nullable(),
  note: z.string().nullable(),
  /** Impossible or unlikely dates (died before born, a mother of 70): shown, never refused. */
  warnings: z.array(z.string()),
});

const linkFilter = (name: string, description: string) =>
  z
    .string({ error: `${name} must be an id` })
    .regex(/^[1-9]\d{0,9}$/, `${name} must be an id`)
    .refine((value) => Number(value) <= MAX_ID, `${name} must be an id`)
    .optional()
    .meta({ description });

export const treePersonPageQuerySchema = pageQuerySchema.extend({
  q: nameSearchQuery('Finds persons by a part of a name'),
  contactId: linkFilter('contactId', 'Only the person made for this contact (the Family page\'s "Show in the tree")'),
  personId: linkFilter('personId', 'Only the person who is this person of the photos'),
});
export const treePersonPageSchema = pageSchema(treePersonSchema);

export const parentTypeSchema = z.enum(['birth', 'adoptive', 'step', 'foster'], {
  error: userText('A parent is birth, adoptive, step or foster'),
});
export const partnerTypeSchema = z.enum(['married', 'partners'], { error: userText('Partners are married or partners') });
export const partnershipEndSchema = z.enum(['divorce', 'separation', 'death'], {
  error: userText('A partnership ends by divorce, separation or death'),
});

const relationBase = {
  from: treeId('from'),
  to: treeId('to'),
  start: treeDateSchema.nullish(),
  end: treeDateSchema.nullish(),
};

/** `kind: "parent"`: `from` is a parent of `to`. `kind: "partner"`: `from` and `to` are partners (either way round). */
export const treeRelationInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('parent'), type: parentTypeSchema.default('birth'), ...relationBase }),
    z.object({
      kind: z.literal('partner'),
      type: partnerTypeSchema.default('married'),
      /** Set when the partnership has ended (an end date alone also ends it, as a separation). */
      endReason: partnershipEndSchema.nullish(),
      ...relationBase,
    }),
  ],
  { error: userText('kind must be parent or partner') },
);

export const treeRelationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['parent', 'partner']),
  from: z.number().int(),
  to: z.number().int(),
  type: z.union([parentTypeSchema, partnerTypeSchema]),
  start: z.string().nullable(),
  end: z.string().nullable(),
  endReason: partnershipEndSchema.nullable(),
});

/** A relative derived from the stored links (never stored), with the word the person would use for them ("sister"). */
export const treeRelativeSchema = z.object({
  personId: z.number().int(),
  kind: z.enum([
    'parent',
    'child',
    'partner',
    'sibling',
    'half-sibling',
    'step-sibling',
    'step-parent',
    'step-child',
    'grandparent',
    'grandchild',
    'parent-in-law',
    'child-in-law',
    'sibling-in-law',
  ]),
  label: z.string().nullable(),
});

/** A person's relations: their own links, and the relatives derived from them (siblings, grandparents …). */
export const treePersonRelationsSchema = z.object({
  relations: z.array(treeRelationSchema),
  /** Every person named in `relations` or `relatives`. */
  persons: z.array(treePersonSchema),
  relatives: z.array(treeRelativeSchema),
});

export const relationToMeSchema = z.object({
  /** "your great-grandmother"; ambiguous ties say both ("your aunt and your cousin's mother-in-law"). null: no tie found. */
  label: z.string().nullable(),
  labels: z.array(z.string()),
  /** The chain from the viewer to the person, for "how?": each step a person and how they follow the one before. */
  path: z.array(z.object({ personId: z.number().int(), step: z.string().nullable() })),
});

const depth = (name: string) =>
  z
    .string({ error: `${name} must be a whole number from 0 to 20` })
    .regex(/^(?:\d|1\d|20)$/, `${name} must be a whole number from 0 to 20`)
    .optional();

export const treeGraphQuerySchema = z.object({
  root: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, userText('root must be a person id'))
    .optional(),
  up: depth('up'),
  down: depth('down'),
});

/** Persons and links around a root, for the tree view; each person carries the viewer's word for them. */
export const treeGraphSchema = z.object({
  rootId: z.number().int(),
  persons: z.array(treePersonSchema.extend({ relationToViewer: z.string().nullable() })),
  relations: z.array(treeRelationSchema),
  /** More generations exist beyond up/down. */
  truncated: z.boolean(),
});

export type TreeSex = z.infer<typeof treeSexSchema>;
export type TreeEvent = z.infer<typeof treeEventSchema>;
export type TreePersonInput = z.input<typeof treePersonInputSchema>;
export type TreePersonPatch = z.infer<typeof treePersonPatchSchema>;
export type TreePerson = z.infer<typeof treePersonSchema>;
export type TreePersonPageQuery = z.infer<typeof treePersonPageQuerySchema>;
export type TreeRelationInput = z.infer<typeof treeRelationInputSchema>;
export type TreeRelation = z.infer<typeof treeRelationSchema>;
export type TreeRelative = z.infer<typeof treeRelativeSchema>;
export type RelationToMe = z.infer<typeof relationToMeSchema>;
export type TreeGraph = z.infer<typeof treeGraphSchema>;
export type TreeGraphQuery = z.infer<typeof treeGraphQuerySchema>;
