import { z } from 'zod';
import { pageSchema } from './paging';

// Issue 29: who is in the photos. Faces are found on the owner's server (decision 057) and grouped into people.

/** A face's box as fractions of the picture: x and y from its top-left corner, all from 0 to 1. */
export const faceBoxSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().gt(0, 'A face box needs a width').max(1),
    height: z.number().gt(0, 'A face box needs a height').max(1),
  })
  .refine((box) => box.x + box.width <= 1.0001 && box.y + box.height <= 1.0001, 'A face box must lie inside the picture');

export const faceSourceSchema = z.enum(['detected', 'imported', 'manual']);

export const faceSchema = z.object({
  id: z.number().int(),
  box: faceBoxSchema,
  personId: z.number().int().nullable(),
  source: faceSourceSchema,
});

export const peopleStatusSchema = z.object({
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
});

export const personPageSchema = pageSchema(personSchema);

export type FaceBox = z.infer<typeof faceBoxSchema>;
export type Face = z.infer<typeof faceSchema>;
export type PeopleStatus = z.infer<typeof peopleStatusSchema>;
export type PeopleSettings = z.infer<typeof peopleSettingsSchema>;
export type Person = z.infer<typeof personSchema>;
export type PersonPage = z.infer<typeof personPageSchema>;
