import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH } from '../limits';
import { MAX_ID } from './common';
import { nameSearchQuery, pageQuerySchema, pageSchema } from './paging';
import { userText } from '../i18n/text';

const idOf = (what: string) =>
  z
    .number({ error: `${what} must be an id` })
    .int(`${what} must be an id`)
    .min(1)
    .max(MAX_ID);

// Issue 29: who is in the photos. Faces are found on the owner's server (decision 057) and grouped into people.

/** A face's box as fractions of the picture: x and y from its top-left corner, all from 0 to 1. */
export const faceBoxSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().gt(0, userText('A face box needs a width')).max(1),
    height: z.number().gt(0, userText('A face box needs a height')).max(1),
  })
  .refine((box) => box.x + box.width <= 1.0001 && box.y + box.height <= 1.0001, userText('A face box must lie inside the picture'));

export const faceSourceSchema = z.enum(['detected', 'imported', 'manual']);

export const faceSchema = z.object({
  id: z.number().int(),
  box: faceBoxSchema,
  personId: z.number().int().nullable(),
  source: faceSourceSchema,
});

export const peopleStatusSchema = z.object({
  /** Whether this server runs the model at all (FACE_RECOGNITION); when it does not, `enabled` is false. */
  available: z.boolean(),
  /** Faces are being found in this account's photos. */
  enabled: z.boolean(),
  photosTotal: z.number().int(),
  photosDone: z.number().int(),
  photosPending: z.number().int(),
  photosFailed: z.number().int(),
});

export const peopleSettingsSchema = z.object({ enabled: z.boolean() });

export const personSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  contactId: z.number().int().nullable(),
  faceCount: z.number().int(),
  /** The person's face: one of their photos' thumbnails, with the box to show. */
  coverUrl: z.string().nullable(),
  coverBox: faceBoxSchema.nullable(),
  hidden: z.boolean(),
  /** Whether On This Day shows the photos this person is in. */
  onThisDay: z.boolean(),
});

export const personPageSchema = pageSchema(personSchema);

/**
 * GET /api/people: a page of the owner's people. `q` keeps the named ones whose name holds it (letter case aside);
 * `named` keeps only the named (true) or only the unnamed (false), so any of them can be found in a large library.
 */
export const personPageQuerySchema = pageQuerySchema
  .extend({
    q: nameSearchQuery('Part of a name: only the named people whose name holds it, letter case aside'),
    named: z
      .enum(['true', 'false'], { error: userText('named must be true or false') })
      .optional()
      .meta({ description: 'true: only the named people; false: only those not yet named (the most seen first)' }),
  })
  .refine(
    (query) => !(query.q !== undefined && query.named === 'false'),
    userText('A name search finds only named people: leave out named=false'),
  );

/** GET /api/people/:id/together: who else is in this person's photos, and in how many. */
export const personTogetherSchema = z.array(z.object({ person: personSchema, photoCount: z.number().int() }));

/** Naming a person: a typed name, a contact (family or friend) or both; '' or null takes it away. Hidden: a stranger in the background. */
export const personPatchSchema = z
  .object({
    name: z
      .string({ error: userText('name must be text') })
      .trim()
      .max(MAX_SHORT_TEXT_LENGTH, `A name has at most ${MAX_SHORT_TEXT_LENGTH} characters`)
      .nullable()
      .optional(),
    contactId: idOf('contactId').nullable().optional(),
    hidden: z.boolean({ error: userText('hidden must be true or false') }).optional(),
    onThisDay: z.boolean({ error: userText('onThisDay must be true or false') }).optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, userText('Send name, contactId, hidden or onThisDay'));

export const personMergeSchema = z.object({ intoId: idOf('intoId') });

/** Who a face is: one of the owner's people, or nobody (a face the owner says is not who was suggested). */
const typedName = z
  .string({ error: userText('name must be text') })
  .trim()
  .min(1, userText('Type a name'))
  .max(MAX_SHORT_TEXT_LENGTH, `A name has at most ${MAX_SHORT_TEXT_LENGTH} characters`);

/** Or a typed name: the owner's person of that name (letter case aside), made when there is none. */
export const facePatchSchema = z
  .object({ personId: idOf('personId').nullable().optional(), name: typedName.optional() })
  .refine((patch) => (patch.personId !== undefined) !== (patch.name !== undefined), userText('Send personId or name, one of them'));

/** A face the detector missed, drawn by the owner around it (source "manual"), and whose it is if they know. */
export const faceCreateSchema = z
  .object({ box: faceBoxSchema, personId: idOf('personId').optional(), name: typedName.optional() })
  .refine((face) => face.personId === undefined || face.name === undefined, userText('Send personId or name, not both'));

/** A face the owner is asked about: "Is this Mum?" */
export const faceSuggestionSchema = z.object({
  faceId: z.number().int(),
  photoId: z.number().int(),
  box: faceBoxSchema,
  thumbnailUrl: z.string(),
  person: personSchema,
  similarity: z.number(),
});

export type FaceBox = z.infer<typeof faceBoxSchema>;
export type Face = z.infer<typeof faceSchema>;
export type FaceSource = z.infer<typeof faceSourceSchema>;
export type FaceCreate = z.infer<typeof faceCreateSchema>;
export type FacePatch = z.infer<typeof facePatchSchema>;
export type PeopleStatus = z.infer<typeof peopleStatusSchema>;
export type PeopleSettings = z.infer<typeof peopleSettingsSchema>;
export type Person = z.infer<typeof personSchema>;
export type PersonPage = z.infer<typeof personPageSchema>;
export type PersonPageQuery = z.infer<typeof personPageQuerySchema>;
export type PersonTogether = z.infer<typeof personTogetherSchema>;
export type PersonPatch = z.infer<typeof personPatchSchema>;
export type FaceSuggestion = z.infer<typeof faceSuggestionSchema>;
