// Collections, the grants that share them, and what a link's recipient sees (decision 025). The owner's
// routes live under /api/collections; a link's recipient reads under /api/shared/:token, and a signed-in
// recipient under /api/shared-with-me/:grantId — both answer with the same sharedCollectionSchema.
import { z } from 'zod';
import { datePrecisionSchema } from '../dates/date-precision';
import { MAX_SHORT_TEXT_LENGTH, MAX_TEXT_LENGTH } from '../limits';
import { idParamSchema, isoDateTimeSchema, MAX_ID } from './common';
import { memorySchema } from './memories';
import { faceBoxSchema } from './people';
import { photoSchema } from './photos';
import { vaultFileSchema } from './vault';
import { userText } from '../i18n/text';

/** Most items one request may add to or remove from a collection. */
export const MAX_ITEMS_PER_REQUEST = 1000;
export const SHARE_PASSWORD_MAX_LENGTH = 200;

export const SHARING_MESSAGES = {
  titleRequired: userText('Title is required'),
  noEmail: userText('This contact has no e-mail address. Add one to send a personal link.'),
  alreadyShared: userText('This person already has a link to this collection.'),
  contactRequired: userText('Choose who receives the personal link.'),
  passwordOnlyPublic: userText('Only a public link can have a password.'),
  expiryInPast: userText('The expiry must be in the future.'),
  nothingToChange: userText('Choose at least one photo, memory or document.'),
  linkExpired: userText('This link has expired.'),
  passwordRequired: userText('This collection is protected by a password.'),
  wrongPassword: userText('That password is not right.'),
  personNotFound: userText('Person not found'),
  personHidden: userText('This person is hidden. Show them again on their page to make a collection of their photos.'),
  personCollectionItems: userText(
    'This collection follows a person: it holds every photo they are in, so nothing can be added or taken out by hand. A face put right on the photo changes it.',
  ),
} as const;

const titleSchema = z
  .string({ error: SHARING_MESSAGES.titleRequired })
  .trim()
  .min(1, SHARING_MESSAGES.titleRequired)
  .max(MAX_SHORT_TEXT_LENGTH, `Title must be at most ${MAX_SHORT_TEXT_LENGTH} characters`);

const descriptionSchema = z.string().trim().max(MAX_TEXT_LENGTH, `Description must be at most ${MAX_TEXT_LENGTH} characters`);

const bodyIdSchema = z
  .number({ error: userText('Ids must be numbers') })
  .int(userText('Ids must be whole numbers'))
  .min(1)
  .max(MAX_ID);
const idListSchema = z
  .array(bodyIdSchema, { error: userText('Ids must be a list of numbers') })
  .max(MAX_ITEMS_PER_REQUEST, `At most ${MAX_ITEMS_PER_REQUEST} items at once`);

export const collectionInputSchema = z.object({
  title: titleSchema,
  description: descriptionSchema.nullish(),
  /**
   * A person collection (issue 29): every photo and video of this person of the owner's, kept up to date as
   * faces are found, drawn or named. Set when it is made, never changed.
   */
  personId: bodyIdSchema.nullish(),
});

/** PATCH: absent fields stay as they are; coverPhotoId must be a photo in the collection (or null for none). */
export const collectionPatchSchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.nullish(),
  coverPhotoId: bodyIdSchema.nullish(),
});

/** POST/DELETE /api/collections/:id/items: ids of the owner's photos, memories and vault documents. */
export const collectionItemsInputSchema = z
  .object({
    photoIds: idListSchema.optional(),
    memoryIds: idListSchema.optional(),
    documentIds: idListSchema.optional(),
  })
  .refine((v) => (v.photoIds?.length ?? 0) + (v.memoryIds?.length ?? 0) + (v.documentIds?.length ?? 0) > 0, {
    message: SHARING_MESSAGES.nothingToChange,
  });

export const collectionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** A person collection's person (their name, or null while unnamed); null for a collection of chosen items. */
  person: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  coverPhotoId: z.number().int().nullable(),
  /** The cover's thumbnail URL (the chosen cover, else the first photo), or null for a collection without photos. */
  coverUrl: z.string().nullable(),
  photoCount: z.number().int().nonnegative(),
  memoryCount: z.number().int().nonnegative(),
  documentCount: z.number().int().nonnegative(),
  /** Live links (personal and public): 0 means the collection is private. */
  linkCount: z.number().int().nonnegative(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

/** GET /api/collections/:id for the owner: the collection and its items in the owner's own shapes. */
export const collectionDetailSchema = collectionSchema.extend({
  photos: z.array(photoSchema),
  memories: z.array(memorySchema),
  documents: z.array(vaultFileSchema),
});

/** GET /api/collections/shared-items: the owner's items reachable through at least one live link ("shared" marks). */
export const sharedItemsSchema = z.object({
  photoIds: z.array(z.number().int()),
  memoryIds: z.array(z.number().int()),
  documentIds: z.array(z.number().int()),
});

export const linkKindSchema = z.enum(['personal', 'public'], { error: userText("kind must be 'personal' or 'public'") });

export const linkInputSchema = z
  .object({
    kind: linkKindSchema,
    contactId: bodyIdSchema.optional(),
    expiresAt: isoDateTimeSchema.nullish(),
    password: z
      .string()
      .min(1)
      .max(SHARE_PASSWORD_MAX_LENGTH, `Password must be at most ${SHARE_PASSWORD_MAX_LENGTH} characters`)
      .nullish(),
    includePlaces: z.boolean().default(false),
    /** Whether the link shows the names of the people in the photos (and where their faces are). */
    includeNames: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'personal' && v.contactId === undefined)
      ctx.addIssue({ code: 'custom', path: ['contactId'], message: SHARING_MESSAGES.contactRequired });
    if (v.kind === 'personal' && v.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: SHARING_MESSAGES.passwordOnlyPublic });
    if (v.expiresAt && Date.parse(v.expiresAt) <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: SHARING_MESSAGES.expiryInPast });
  });

export const createdLinkSchema = z.object({ id: z.number().int(), url: z.string() });

/** One row of a collection's Sharing panel. */
export const shareLinkSchema = z.object({
  id: z.number().int(),
  kind: linkKindSchema,
  /** The recipient of a personal link; null for a public link. */
  contact: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }).nullable(),
  /** The absolute link under PUBLIC_URL, for Copy link. */
  url: z.string(),
  hasPassword: z.boolean(),
  includePlaces: z.boolean(),
  includeNames: z.boolean(),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema.nullable(),
  lastOpenedAt: isoDateTimeSchema.nullable(),
  viewCount: z.number().int().nonnegative(),
});

export const collectionLinkParamsSchema = z.object({ id: idParamSchema, linkId: idParamSchema });

// ---- What a recipient sees (a link or Shared with me). Ids are this share's own item ids; URLs are relative to the site. ----

export const sharedPhotoSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  dateTaken: isoDateTimeSchema.nullable(),
  /** How well dateTaken is known (decision 067); null when undated. */
  dateTakenPrecision: datePrecisionSchema.nullable().optional(),
  dateTakenMargin: z.number().int().nullable().optional(),
  fileName: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Only when the owner included places for this link. */
  location: z.string().nullable(),
  cameraInfo: z.string().nullable(),
  thumbnailUrl: z.string(),
  displayUrl: z.string(),
  downloadUrl: z.string(),
  /** A video (decision 038): what plays (HTTP Range) once it is ready, and its length; null for a picture. */
  videoUrl: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /**
   * Only when the owner included names for this share: the named people in the photo (never a hidden one),
   * each with where their face is (fractions of the picture). Empty otherwise: nothing about faces is sent.
   */
  people: z.array(z.object({ name: z.string(), box: faceBoxSchema })),
});

export const sharedAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  fileSize: z.number().int().nonnegative(),
  url: z.string(),
  /** Audio some browsers cannot play (WebM, Ogg) as an M4A copy every browser plays, once made (decision 040). */
  playableUrl: z.string().optional(),
});

export const sharedMemorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  eventDate: z.string(),
  /** How well eventDate is known (decision 067). */
  eventDatePrecision: datePrecisionSchema.optional(),
  eventDateMargin: z.number().int().nullable().optional(),
  tags: z.array(z.string()),
  /** Only when the owner included places for this link. */
  location: z.string().nullable(),
  attachments: z.array(sharedAttachmentSchema),
});

export const sharedDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  mimeType: z.string(),
  fileSize: z.number().int().nonnegative(),
  url: z.string(),
});

export const sharedCollectionSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  /** The owner's first name and surname (never the e-mail address). */
  ownerName: z.string(),
  includePlaces: z.boolean(),
  includeNames: z.boolean(),
  expiresAt: isoDateTimeSchema.nullable(),
  coverUrl: z.string().nullable(),
  photos: z.array(sharedPhotoSchema),
  memories: z.array(sharedMemorySchema),
  documents: z.array(sharedDocumentSchema),
  /** The zip of every original this share may download. */
  downloadAllUrl: z.string(),
});

export const shareTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, userText('Not found')),
});

export const unlockInputSchema = z.object({
  password: z
    .string({ error: userText('Enter the password') })
    .min(1, userText('Enter the password'))
    .max(SHARE_PASSWORD_MAX_LENGTH),
});

/** GET /api/shared-with-me: what other heirloom users have shared with the signed-in user, by owner. */
export const sharedWithMeSchema = z.array(
  z.object({
    ownerName: z.string(),
    collections: z.array(
      z.object({
        grantId: z.number().int(),
        title: z.string(),
        description: z.string().nullable(),
        coverUrl: z.string().nullable(),
        itemCount: z.number().int().nonnegative(),
        sharedAt: isoDateTimeSchema,
      }),
    ),
  }),
);

export type CollectionInput = z.infer<typeof collectionInputSchema>;
export type CollectionPatch = z.infer<typeof collectionPatchSchema>;
export type CollectionItemsInput = z.infer<typeof collectionItemsInputSchema>;
export type Collection = z.infer<typeof collectionSchema>;
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;
export type SharedItems = z.infer<typeof sharedItemsSchema>;
export type LinkKind = z.infer<typeof linkKindSchema>;
export type LinkInput = z.input<typeof linkInputSchema>;
export type CreatedLink = z.infer<typeof createdLinkSchema>;
export type ShareLink = z.infer<typeof shareLinkSchema>;
export type SharedPhoto = z.infer<typeof sharedPhotoSchema>;
export type SharedMemory = z.infer<typeof sharedMemorySchema>;
export type SharedDocument = z.infer<typeof sharedDocumentSchema>;
export type SharedCollection = z.infer<typeof sharedCollectionSchema>;
export type SharedWithMe = z.infer<typeof sharedWithMeSchema>;
