// Sealed copies kept elsewhere (issue 32, decision 072): where the owner's escrow bundles go. The secret key is
// given, never returned.
import { z } from 'zod';
import { userText } from '../i18n/text';

const bucketName = z
  .string({ error: userText('bucket is required') })
  .trim()
  .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, userText('A bucket name has 3 to 63 lowercase letters, digits, dots and hyphens'));

const target = {
  kind: z.literal('s3'),
  endpoint: z
    .string({ error: userText('endpoint is required') })
    .trim()
    .max(500, userText('The address is too long'))
    .regex(/^https?:\/\/[^\s/]+/i, userText('The endpoint is the address of the storage service, starting with https://')),
  bucket: bucketName,
  region: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/i, userText('A region is a name such as us-east-1 or eu-central-1'))
    .default('us-east-1'),
  /** A folder in the bucket ('' for the top), so one bucket can hold several families' copies. */
  prefix: z
    .string()
    .trim()
    .max(200, userText('The folder is too long (200 characters at most)'))
    .regex(
      /^(?:[A-Za-z0-9!_.*'()-]+\/)*(?:[A-Za-z0-9!_.*'()-]+\/?)?$/,
      userText('A folder is made of names separated by /, without spaces'),
    )
    .refine((p) => !p.split('/').some((part) => part === '.' || part === '..'), userText('A folder cannot contain . or ..'))
    .transform((p) => (p === '' || p.endsWith('/') ? p : `${p}/`))
    .default(''),
  accessKeyId: z
    .string({ error: userText('accessKeyId is required') })
    .trim()
    .min(1, userText('Enter the access key'))
    .max(256),
  forcePathStyle: z.boolean().default(true),
};

export const escrowTargetSchema = z.object({
  ...target,
  prefix: z.string(),
  region: z.string(),
  forcePathStyle: z.boolean(),
  /** False when the stored secret can no longer be read (the instance secret changed): enter it again. */
  hasSecret: z.boolean(),
  lastTestAt: z.string().nullable(),
  lastTestError: z.string().nullable(),
});

export const escrowSettingsSchema = z.object({ target: escrowTargetSchema.nullable() });

export const escrowTargetInputSchema = z.object({
  ...target,
  /** Left out to keep the one stored. */
  secretAccessKey: z.string().min(1, userText('Enter the secret key')).max(256).optional(),
});

export const escrowSettingsInputSchema = z.object({ target: escrowTargetInputSchema.nullable() });

export const escrowTestResultSchema = z.object({
  ok: z.boolean(),
  /** What was tried, or why it failed, in words for the owner. */
  message: z.string(),
});

export type EscrowTarget = z.infer<typeof escrowTargetSchema>;
export type EscrowSettings = z.infer<typeof escrowSettingsSchema>;
export type EscrowSettingsInput = z.input<typeof escrowSettingsInputSchema>;
export type EscrowTestResult = z.infer<typeof escrowTestResultSchema>;

/** PUT /api/legacy/release-key: the public half of a release key made in the owner's browser (decision 072). */
export const releaseKeyInputSchema = z
  .object({
    publicKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/, userText('publicKey must be an X25519 public key (43 base64url characters)')),
    threshold: z.number().int().min(1, userText('threshold must be at least 1')).max(20),
    shareCount: z.number().int().min(1, userText('shareCount must be at least 1')).max(20, userText('At most 20 verifier codes')),
  })
  .refine((k) => k.threshold <= k.shareCount, { message: userText('threshold cannot be more than shareCount'), path: ['threshold'] });

export const releaseKeySchema = z.object({
  publicKey: z.string(),
  /** Printed in every verifier code, so a code of another key is recognised. */
  keyId: z.string(),
  threshold: z.number().int(),
  shareCount: z.number().int(),
  /** The verifiers the codes were made for, in the order of their code numbers (1…n). */
  verifiers: z.array(z.object({ contactId: z.number().int(), name: z.string(), codeNumber: z.number().int() })),
  createdAt: z.string(),
  /** Why the codes no longer match the plan (its verifiers or how many must confirm changed), or null. */
  outdated: z.string().nullable(),
});

export const releaseKeyStateSchema = z.object({ releaseKey: releaseKeySchema.nullable() });

export type ReleaseKeyInput = z.infer<typeof releaseKeyInputSchema>;
export type ReleaseKey = z.infer<typeof releaseKeySchema>;
export type ReleaseKeyState = z.infer<typeof releaseKeyStateSchema>;

/** One heir's sealed copy in the bucket, as the last run wrote it and the last check found it. */
export const escrowBundleSchema = z.object({
  heirId: z.number().int(),
  heirName: z.string(),
  /** The object's key in the bucket (prefix included); it names no person. */
  objectKey: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
  updatedAt: z.string(),
  checkedAt: z.string().nullable(),
  /** What the last check found wrong with this copy (missing, another size or hash, keys that no longer fit), or null. */
  checkError: z.string().nullable(),
});

/** An heir for whom no sealed copy can be made yet, and why in words for the owner. */
export const escrowWaitingHeirSchema = z.object({ heirId: z.number().int(), heirName: z.string(), reason: z.string() });

/** GET /api/legacy/escrow/status (decision 074). */
export const escrowStatusSchema = z.object({
  /** When a run last started, and last finished with every copy written. */
  lastRunAt: z.string().nullable(),
  lastOkAt: z.string().nullable(),
  /** When the copies in the bucket were last checked. */
  lastCheckAt: z.string().nullable(),
  /** Why the last run or check failed, in words for the owner, or null. */
  error: z.string().nullable(),
  /** A run is waiting or under way. */
  running: z.boolean(),
  bundles: z.array(escrowBundleSchema),
  waiting: z.array(escrowWaitingHeirSchema),
});

export type EscrowBundle = z.infer<typeof escrowBundleSchema>;
export type EscrowStatus = z.infer<typeof escrowStatusSchema>;
