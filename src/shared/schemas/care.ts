// Care access (issue 32 §3, decision 077): caregivers the owner names may ask for read-only access to a chosen
// part of the library while the owner is alive but cannot look after things.
import { z } from 'zod';
import { isoDateTimeSchema, MAX_ID } from './common';
import { userText } from '../i18n/text';

const bodyId = z
  .number({ error: userText('Ids must be numbers') })
  .int(userText('Ids must be whole numbers'))
  .min(1)
  .max(MAX_ID);

export const CARE_MAX_WAITING_DAYS = 30;

/** What caregivers see once their access opens: the vault's documents, chosen collections, the contacts. */
export const careScopeSchema = z.object({
  documents: z.boolean(),
  collectionIds: z.array(bodyId).max(100, userText('At most 100 collections')),
  contacts: z.boolean(),
});

/** PUT /api/legacy/care. */
export const careSettingsInputSchema = z.object({
  caregivers: z.array(bodyId).max(10, userText('At most 10 caregivers')),
  scope: careScopeSchema,
  waitingDays: z
    .number({ error: userText('The waiting time is a number of days') })
    .int(userText('The waiting time is a whole number of days'))
    .min(0, userText('The waiting time is 0 to 30 days'))
    .max(CARE_MAX_WAITING_DAYS, userText('The waiting time is 0 to 30 days')),
});

/** idle: nothing asked; asked: waiting until opensAt, the owner may refuse; open: the caregiver can see the scope. */
export const careStateSchema = z.enum(['idle', 'asked', 'open']);

export const caregiverSchema = z.object({
  contactId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  state: careStateSchema,
  askedAt: isoDateTimeSchema.nullable(),
  opensAt: isoDateTimeSchema.nullable(),
  openedAt: isoDateTimeSchema.nullable(),
});

/** GET /api/legacy/care (and the answer of PUT and of POST /end). */
export const careSettingsSchema = z.object({
  caregivers: z.array(caregiverSchema),
  scope: careScopeSchema,
  waitingDays: z.number().int(),
});

/** POST /api/care/:token/ask: the caregiver's optional words to the owner. */
export const careAskInputSchema = z.object({
  message: z.string().trim().max(1000, userText('At most 1,000 characters')).optional(),
});

/** POST /api/care/refuse: the owner's one click from the mail. */
export const careRefuseInputSchema = z.object({ token: z.string().max(200) });

export const careContactSchema = z.object({
  name: z.string(),
  relationship: z.string(),
  familyRelation: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
});

/** GET /api/care/:token: the caregiver's page; what they may see only while their access is open. */
export const careViewSchema = z.object({
  ownerName: z.string(),
  caregiverName: z.string(),
  state: careStateSchema,
  waitingDays: z.number().int(),
  askedAt: isoDateTimeSchema.nullable(),
  opensAt: isoDateTimeSchema.nullable(),
  openedAt: isoDateTimeSchema.nullable(),
  /** The owner's Legacy Plan has been released: care access is over for good. */
  ended: z.boolean(),
  documents: z.array(
    z.object({ id: z.number().int(), name: z.string(), mimeType: z.string(), fileSize: z.number().int(), url: z.string() }),
  ),
  /** Each chosen collection, served at `url` in the shared view's shape. */
  collections: z.array(z.object({ grantId: z.number().int(), title: z.string(), url: z.string() })),
  contacts: z.array(careContactSchema),
});

export type CareSettingsInput = z.infer<typeof careSettingsInputSchema>;
export type CareSettings = z.infer<typeof careSettingsSchema>;
export type Caregiver = z.infer<typeof caregiverSchema>;
export type CareView = z.infer<typeof careViewSchema>;
export type CareScope = z.infer<typeof careScopeSchema>;
