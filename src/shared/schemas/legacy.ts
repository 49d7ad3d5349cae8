// The Legacy Plan (decisions 026 and 027): the owner's plan and its trigger, heirs and their key codes,
// releases (grants with a condition), letters (plain or sealed in the browser), and what an heir opens.
import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH, MAX_TEXT_LENGTH } from '../limits';
import { calendarDateSchema, isoDateTimeSchema, MAX_ID } from './common';
import { sharedCollectionSchema } from './sharing';
import { userText } from '../i18n/text';

export const CHECK_IN_MONTHS = { min: 3, max: 18 } as const;
/** 0 ("None") only when at least two verifiers must agree; with one, the shortest is 1 day (decision 045). */
export const VETO_DAYS = [0, 1, 7, 14, 30] as const;
export const MAX_PAUSE_DAYS = 183; // "I'm travelling" pauses check-ins for up to 6 months
/** A sealed letter's whole encrypted payload (text and attachments), as base64 in JSON. */
export const SEALED_LETTER_MAX_BYTES = 12 * 1024 * 1024;

export const LEGACY_MESSAGES = {
  /** The one answer to any key code before anything is released to it, valid or not. */
  nothingReleased: userText('Nothing has been released to this code yet'),
  keyCodeInvalid: userText('That does not look like a key code. Check each group of four characters.'),
  heirNeedsEmail: userText('This contact has no e-mail address. Add one to make them an heir.'),
  alreadyHeir: userText('This contact is already an heir.'),
  dateOfBirthNeeded: userText('Add the heir’s date of birth to release something at an age.'),
  releaseAtNeeded: userText('Choose the date to release it on.'),
  releaseAtInPast: userText('The release date must be in the future.'),
  ageNeeded: userText('Choose the age to release it at.'),
  oneTarget: userText('Choose exactly one thing to release: a collection, a photo, a memory, a document or a letter.'),
  verifiersRequired: userText('You cannot require more confirmations than you have verifiers.'),
  noWaitNeedsTwo: userText(
    'A waiting time of “None” needs at least two verifiers who must agree: one person’s mistake must never hand everything on with no chance to stop it. With one, the shortest waiting time is 1 day.',
  ),
  /** 410 KEY_CODE_REPLACED: the heir holds an old Legacy Kit. */
  keyCodeReplaced: userText('This key code was replaced by a newer one, so it no longer opens anything. Ask for the new Legacy Kit.'),
  noKeyCode: userText('Make this heir’s key code first: sealed letters are locked with it.'),
  bodyOrSealed: userText('A letter is either written here or sealed in your browser, not both.'),
  oneRuleTarget: userText('Choose exactly one thing to hand on: a collection, a photo, a memory or a document.'),
  /** 409 RELEASE_FROM_RULE / HEIR_FROM_RULE: a grant made by a rule by relation goes with its rule. */
  releaseFromRule: userText(
    'This release comes from a rule by relation (“to each of …”). Remove the rule to take it back from everyone it names.',
  ),
  heirFromRule: userText('This heir receives through a rule by relation (“to each of …”). Remove that rule first.'),
} as const;

const bodyId = z
  .number({ error: userText('Ids must be numbers') })
  .int()
  .min(1)
  .max(MAX_ID);

// ---- The plan and its trigger ----

export const legacyStateSchema = z.enum(['active', 'awaiting_check_in', 'verifying', 'veto', 'released']);

export const legacyPlanInputSchema = z
  .object({
    checkInMonths: z
      .number()
      .int()
      .min(CHECK_IN_MONTHS.min, `Check in every ${CHECK_IN_MONTHS.min} to ${CHECK_IN_MONTHS.max} months`)
      .max(CHECK_IN_MONTHS.max, `Check in every ${CHECK_IN_MONTHS.min} to ${CHECK_IN_MONTHS.max} months`),
    vetoDays: z.literal(VETO_DAYS, { error: userText('The waiting time is 0, 1, 7, 14 or 30 days') }),
    verifierContactIds: z.array(bodyId).max(10, userText('At most 10 verifiers')),
    verifiersRequired: z.number().int().min(1, userText('At least one confirmation is needed')).max(10),
    /** "I'm travelling": check-ins pause until this moment (at most 6 months ahead); null resumes them. */
    pausedUntil: isoDateTimeSchema.nullish(),
  })
  .refine((v) => v.verifierContactIds.length === 0 || v.verifiersRequired <= v.verifierContactIds.length, {
    path: ['verifiersRequired'],
    message: LEGACY_MESSAGES.verifiersRequired,
  })
  .refine((v) => v.vetoDays > 0 || v.verifiersRequired >= 2, { path: ['vetoDays'], message: LEGACY_MESSAGES.noWaitNeedsTwo });

export const legacyVerifierSchema = z.object({
  contactId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /** The verifier's contact's language, for their verifier sheet; null: the owner's. */
  language: z.string().nullable(),
  confirmedAt: isoDateTimeSchema.nullable(),
});

export const legacyPlanSchema = z.object({
  checkInMonths: z.number().int(),
  vetoDays: z.number().int(),
  verifiersRequired: z.number().int(),
  verifiers: z.array(legacyVerifierSchema),
  pausedUntil: isoDateTimeSchema.nullable(),
});

/** GET /api/legacy/status: where the trigger stands and what happens next, and when. */
export const legacyStatusSchema = z.object({
  /** false until the owner saves a plan. */
  configured: z.boolean(),
  state: legacyStateSchema,
  stateSince: isoDateTimeSchema.nullable(),
  lastCheckInAt: isoDateTimeSchema.nullable(),
  /** When the next "Are you still there?" mail goes out (active), or the next step of the current state. */
  nextStepAt: isoDateTimeSchema.nullable(),
  pausedUntil: isoDateTimeSchema.nullable(),
  confirmations: z.number().int().nonnegative(),
  verifiersRequired: z.number().int(),
  vetoEndsAt: isoDateTimeSchema.nullable(),
  releasedAt: isoDateTimeSchema.nullable(),
  /** Whether a mail server is configured: without one, no check-in, verifier or heir is reached. */
  mailConfigured: z.boolean(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  event: z.string(),
  detail: z.record(z.string(), z.unknown()),
  hash: z.string(),
});

/** GET /api/legacy/audit: the log, oldest first, and whether its hash chain is intact. */
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema), chainIntact: z.boolean() });

// ---- The one-click links of the trigger's mails (no session) ----

/** POST /api/legacy/check-in/confirm and /api/legacy/veto/confirm: the token from the mail's link. */
export const legacyLinkInputSchema = z.object({ token: z.string().max(200) });

/** POST /api/legacy/check-in/confirm: the plan carries on; when the next "Are you still there?" mail goes out, if known. */
export const checkInConfirmedSchema = z.object({ message: z.string(), nextCheckInAt: isoDateTimeSchema.nullish() });

/** GET (and POST, to confirm) /api/legacy/verify/:token: what a verifier's personal page shows. */
export const verifierLinkSchema = z.object({
  ownerName: z.string(),
  alreadyConfirmed: z.boolean(),
  state: legacyStateSchema,
  /** How many of the owner's verifiers must confirm, and how many have (this one included). */
  verifiersRequired: z.number().int(),
  confirmations: z.number().int().nonnegative(),
  /** The days the owner has to cancel once enough have confirmed; 0: the release is immediate. */
  waitingDays: z.number().int().nonnegative(),
  vetoEndsAt: isoDateTimeSchema.nullable(),
});

// ---- Heirs and key codes ----

export const heirInputSchema = z.object({ contactId: bodyId, dateOfBirth: calendarDateSchema.nullish() });

export const heirSchema = z.object({
  id: z.number().int(),
  contactId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /** The heir's contact's language, for their Legacy Kit; null: the owner's. */
  language: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  hasKeyCode: z.boolean(),
  /** The public key derived from the key code in the browser (base64url X25519), once uploaded. */
  publicKey: z.string().nullable(),
  keyCodeCreatedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});

/** POST /api/legacy/heirs/:id/key-code: the only time the code is shown. */
export const keyCodeSchema = z.object({ keyCode: z.string() });

export const publicKeyInputSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/, userText('A public key is 32 bytes in base64url')),
});

// ---- Releases (grants with a Legacy Plan condition) ----

export const releaseConditionSchema = z.enum(['after-death', 'on-date', 'at-age', 'never'], {
  error: userText("condition is 'after-death', 'on-date', 'at-age' or 'never'"),
});

export const releaseInputSchema = z
  .object({
    heirId: bodyId,
    collectionId: bodyId.optional(),
    memoryId: bodyId.optional(),
    photoId: bodyId.optional(),
    documentId: bodyId.optional(),
    letterId: bodyId.optional(),
    condition: releaseConditionSchema.default('after-death'),
    releaseAt: isoDateTimeSchema.nullish(),
    age: z.number().int().min(1).max(120).nullish(),
    /** An age the heir has already reached releases at once: only with this said explicitly (else 409). */
    releaseNow: z.boolean().optional(),
    /** Whether the heir sees the names of the people in the photos (issue 29), as a link's "Include names". */
    includeNames: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const targets = [v.collectionId, v.memoryId, v.photoId, v.documentId, v.letterId].filter((t) => t !== undefined);
    if (targets.length !== 1) ctx.addIssue({ code: 'custom', message: LEGACY_MESSAGES.oneTarget });
    if (v.condition === 'on-date' && !v.releaseAt)
      ctx.addIssue({ code: 'custom', path: ['releaseAt'], message: LEGACY_MESSAGES.releaseAtNeeded });
    if (v.condition === 'at-age' && !v.age) ctx.addIssue({ code: 'custom', path: ['age'], message: LEGACY_MESSAGES.ageNeeded });
  });

export const releaseTargetKindSchema = z.enum(['collection', 'photo', 'memory', 'document', 'letter']);

export const releaseSchema = z.object({
  id: z.number().int(),
  heirId: z.number().int(),
  /** Sharing "now" appears here too, so the owner sees everything in one place (personal links to the heir's contact). */
  condition: z.enum(['now', 'after-death', 'on-date', 'at-age', 'never']),
  target: z.object({ kind: releaseTargetKindSchema, id: z.number().int(), title: z.string() }),
  releaseAt: isoDateTimeSchema.nullable(),
  age: z.number().int().nullable(),
  releasedAt: isoDateTimeSchema.nullable(),
  /** Whether the heir sees the names of the people in the photos. */
  includeNames: z.boolean(),
  createdAt: isoDateTimeSchema,
});

// ---- Releases by relation (decision 065) ----

/** Who a rule names, seen from the owner's own person in the family tree (birth and adoptive lines). */
export const familyRelationSchema = z.enum(['children', 'grandchildren', 'descendants', 'partner'], {
  error: userText("relation is 'children', 'grandchildren', 'descendants' or 'partner'"),
});

/** POST /api/legacy/relation-rules: one thing to everyone the relation names, now and as the family grows. */
export const relationRuleInputSchema = z
  .object({
    relation: familyRelationSchema,
    collectionId: bodyId.optional(),
    memoryId: bodyId.optional(),
    photoId: bodyId.optional(),
    documentId: bodyId.optional(),
    condition: releaseConditionSchema.default('after-death'),
    releaseAt: isoDateTimeSchema.nullish(),
    age: z.number().int().min(1).max(120).nullish(),
    includeNames: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const targets = [v.collectionId, v.memoryId, v.photoId, v.documentId].filter((t) => t !== undefined);
    if (targets.length !== 1) ctx.addIssue({ code: 'custom', message: LEGACY_MESSAGES.oneRuleTarget });
    if (v.condition === 'on-date' && !v.releaseAt)
      ctx.addIssue({ code: 'custom', path: ['releaseAt'], message: LEGACY_MESSAGES.releaseAtNeeded });
    if (v.condition === 'at-age' && !v.age) ctx.addIssue({ code: 'custom', path: ['age'], message: LEGACY_MESSAGES.ageNeeded });
  });

/**
 * One person a rule names, and whether they receive: `receives` (an heir grant exists, `heirId` set),
 * `no-contact`, `no-email` or `no-date-of-birth` (an "at an age" rule) — then `message` says so in words.
 */
export const relationRuleMemberSchema = z.object({
  treePersonId: z.number().int(),
  name: z.string(),
  /** The owner's word for them: "your granddaughter". */
  relation: z.string().nullable(),
  status: z.enum(['receives', 'no-contact', 'no-email', 'no-date-of-birth']),
  heirId: z.number().int().nullable(),
  /** Whether the heir has a key code to open what is released (only for `receives`). */
  hasKeyCode: z.boolean(),
  message: z.string().nullable(),
});

export const relationRuleSchema = z.object({
  id: z.number().int(),
  relation: familyRelationSchema,
  /** "each of your grandchildren" */
  label: z.string(),
  condition: z.enum(['after-death', 'on-date', 'at-age', 'never']),
  target: z.object({ kind: z.enum(['collection', 'photo', 'memory', 'document']), id: z.number().int(), title: z.string() }),
  releaseAt: isoDateTimeSchema.nullable(),
  age: z.number().int().nullable(),
  includeNames: z.boolean(),
  /** false until the owner has a person in the family tree: then the rule names nobody yet. */
  ownerInTree: z.boolean(),
  members: z.array(relationRuleMemberSchema),
  createdAt: isoDateTimeSchema,
});

// ---- Letters ----

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/, userText('Expected base64url'));

/**
 * A sealed letter as the owner's browser made it (decision 027): the payload (JSON of the text and any
 * attachments) encrypted with a random AES-256-GCM key; that key wrapped with AES-GCM under a key derived by
 * HKDF-SHA-256 from X25519(ephemeral private key, heir's public key). The server can read none of it.
 */
export const sealedLetterSchema = z.object({
  version: z.literal(1),
  /** The heir public key it was wrapped for (must be the heir's current one). */
  recipientPublicKey: base64url.length(43),
  ephemeralPublicKey: base64url.length(43),
  wrappedKey: base64url.max(100),
  wrapIv: base64url.length(16),
  iv: base64url.length(16),
  ciphertext: base64url.max(Math.ceil((SEALED_LETTER_MAX_BYTES * 4) / 3), userText('A sealed letter can hold at most 12 MB')),
});

const letterTitle = z
  .string({ error: userText('Title is required') })
  .trim()
  .min(1, userText('Title is required'))
  .max(MAX_SHORT_TEXT_LENGTH, `Title must be at most ${MAX_SHORT_TEXT_LENGTH} characters`);

/** A plain letter may show up to this many of the gallery's photos. */
export const LETTER_PHOTOS_MAX = 50;

/** A letter's files in all: a sealed payload carries them as base64, a third larger, within SEALED_LETTER_MAX_BYTES. */
export const LETTER_ATTACHMENTS_MAX_BYTES = 9 * 1024 * 1024;
export const LETTER_ATTACHMENTS_TOO_LARGE = userText('Attachments can be at most 9 MB in total.');
/** A plain letter's recordings (decision 039). */
export const LETTER_AUDIO_MAX = 5;
export const LETTER_AUDIO_ONLY = userText(
  'A letter that is not sealed can carry voice recordings and audio files only (MP3, WAV, OGG, M4A).',
);

/**
 * A plain letter's voice recording or audio file, as the sealed payload carries files: the name, the type and
 * the bytes as base64. The server checks by the bytes that it is sound (as memory attachments are checked).
 */
export const letterAudioSchema = z.object({
  name: z.string().trim().min(1, userText('A file needs a name')).max(MAX_SHORT_TEXT_LENGTH),
  type: z.string().max(100),
  data: z
    .string()
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, userText('Expected base64'))
    .max(Math.ceil((LETTER_ATTACHMENTS_MAX_BYTES * 4) / 3) + 4, LETTER_ATTACHMENTS_TOO_LARGE),
});

export const letterInputSchema = z.union([
  z.object({
    heirId: bodyId,
    title: letterTitle,
    body: z
      .string()
      .trim()
      .min(1, userText('Write the letter'))
      .max(MAX_TEXT_LENGTH, `A letter can be at most ${MAX_TEXT_LENGTH} characters`),
    photoIds: z.array(bodyId).max(LETTER_PHOTOS_MAX, `A letter can show at most ${LETTER_PHOTOS_MAX} photos`).default([]),
    attachments: z.array(letterAudioSchema).max(LETTER_AUDIO_MAX, `A letter can carry at most ${LETTER_AUDIO_MAX} recordings`).default([]),
    // a client that sent both must not have its plaintext kept beside the sealed copy
    sealed: z.undefined({ error: LEGACY_MESSAGES.bodyOrSealed }).optional(),
  }),
  z.object({
    heirId: bodyId,
    title: letterTitle,
    sealed: sealedLetterSchema,
    body: z.undefined({ error: LEGACY_MESSAGES.bodyOrSealed }).optional(),
    photoIds: z.undefined({ error: LEGACY_MESSAGES.bodyOrSealed }).optional(),
    attachments: z.undefined({ error: LEGACY_MESSAGES.bodyOrSealed }).optional(),
  }),
]);

/** A letter as the owner reads it back; a sealed one's `ciphertext` is left out (empty): only the heir opens it. */
export const letterSchema = z.object({
  id: z.number().int(),
  heirId: z.number().int(),
  title: z.string(),
  body: z.string().nullable(),
  photoIds: z.array(z.number().int()),
  /** A plain letter's recordings, without their bytes (the owner's list stays light). */
  attachments: z.array(z.object({ name: z.string(), type: z.string(), size: z.number().int() })),
  sealed: sealedLetterSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

// ---- Dry run ----

/** GET /api/legacy/preview?heirId=: what the heir would receive today, and on which condition the rest would come. */
export const legacyPreviewSchema = z.object({
  heir: heirSchema,
  releasedToday: z.array(releaseSchema),
  later: z.array(releaseSchema),
});

// ---- The heir's side ----

export const openInputSchema = z.object({ keyCode: z.string().max(100) });

/** POST /api/legacy/open: the same neutral answer for every code until something is released to it. */
export const openResultSchema = z.union([
  z.object({ released: z.literal(false), message: z.literal(LEGACY_MESSAGES.nothingReleased) }),
  z.object({ released: z.literal(true), ownerName: z.string(), heirName: z.string() }),
]);

export const receivedLetterSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string().nullable(),
  /** Photos of a plain letter, as URLs under /api/legacy/received. */
  photos: z.array(z.object({ url: z.string(), title: z.string().nullable() })),
  /** A plain letter's recordings with their bytes, in the shape a sealed letter's files have once opened. */
  attachments: z.array(letterAudioSchema),
  sealed: sealedLetterSchema.nullable(),
  releasedAt: isoDateTimeSchema,
});

/** GET /api/legacy/received (heir cookie): letters first, then each release, each openable as a shared collection. */
export const receivedSchema = z.object({
  ownerName: z.string(),
  heirName: z.string(),
  letters: z.array(receivedLetterSchema),
  releases: z.array(
    z.object({
      grantId: z.number().int(),
      kind: releaseTargetKindSchema,
      title: z.string(),
      releasedAt: isoDateTimeSchema,
      /** GET this for the release's contents: the shared view's shape. */
      url: z.string(),
    }),
  ),
  downloadAllUrl: z.string(),
});

export const receivedReleaseSchema = sharedCollectionSchema;

/**
 * GET /api/legacy/received/family (heir cookie): the owner and the heir as the family tree relates them, from
 * the heir's own tree person (the one linked to the heir's contact). Nulls when the heir is not in the tree.
 */
export const receivedFamilySchema = z.object({
  ownerName: z.string(),
  heirInTree: z.boolean(),
  /** The owner as the heir would say it: "your grandmother". */
  ownerRelation: z.string().nullable(),
  /**
   * People named in the photos released to the heir whom the owner's tree knows by that name (one person only),
   * each as the heir would say it: [{ name: "Rose King", relation: "your great-grandmother" }].
   */
  relatives: z.array(z.object({ name: z.string(), relation: z.string() })),
});

export type LegacyState = z.infer<typeof legacyStateSchema>;
export type LegacyPlanInput = z.infer<typeof legacyPlanInputSchema>;
export type LegacyPlan = z.infer<typeof legacyPlanSchema>;
export type LegacyStatus = z.infer<typeof legacyStatusSchema>;
export type AuditLog = z.infer<typeof auditLogSchema>;
export type HeirInput = z.infer<typeof heirInputSchema>;
export type Heir = z.infer<typeof heirSchema>;
export type ReleaseInput = z.input<typeof releaseInputSchema>;
export type Release = z.infer<typeof releaseSchema>;
export type SealedLetter = z.infer<typeof sealedLetterSchema>;
export type LetterInput = z.input<typeof letterInputSchema>;
export type LetterAudio = z.infer<typeof letterAudioSchema>;
export type Letter = z.infer<typeof letterSchema>;
export type LegacyPreview = z.infer<typeof legacyPreviewSchema>;
export type OpenResult = z.infer<typeof openResultSchema>;
export type Received = z.infer<typeof receivedSchema>;
export type FamilyRelation = z.infer<typeof familyRelationSchema>;
export type RelationRuleInput = z.input<typeof relationRuleInputSchema>;
export type RelationRule = z.infer<typeof relationRuleSchema>;
export type RelationRuleMember = z.infer<typeof relationRuleMemberSchema>;
export type ReceivedFamily = z.infer<typeof receivedFamilySchema>;
export type CheckInConfirmed = z.infer<typeof checkInConfirmedSchema>;
export type VerifierLink = z.infer<typeof verifierLinkSchema>;
