// What keeps a Legacy Plan alive outside this server (issue 32): the watch from outside, and where the sealed
// copies are kept.
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './accounts';
import { contacts } from './library';

/**
 * The owner's heartbeat (decision 071): a URL called every hour (the push URL of an outside monitor), and how the
 * last calls went, shown in Settings. One row per owner who set one.
 */
export const legacyHeartbeats = pgTable('legacy_heartbeats', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  lastCallAt: timestamp('last_call_at', { withTimezone: true }),
  lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
  /** Why the last call failed, in words for the owner; null when it was answered. */
  lastError: text('last_error'),
  updatedAt: updatedAt(),
});

/**
 * Where the owner's sealed copies are kept outside this server (decision 072): an S3-compatible bucket at another
 * provider or at a relative's. The secret key is sealed with the instance secret (lib/secret-box.ts).
 */
export const legacyEscrowTargets = pgTable('legacy_escrow_targets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  bucket: text('bucket').notNull(),
  region: text('region').notNull(),
  /** Folder in the bucket, '' or ending in '/'. */
  prefix: text('prefix').notNull(),
  accessKeyId: text('access_key_id').notNull(),
  secretAccessKeySealed: text('secret_access_key_sealed').notNull(),
  forcePathStyle: boolean('force_path_style').notNull(),
  /** The last "Test": when, and why it failed (null when it worked). */
  lastTestAt: timestamp('last_test_at', { withTimezone: true }),
  lastTestError: text('last_test_error'),
  updatedAt: updatedAt(),
});

/**
 * Yearly reachability (decision 073): each time an heir's or a verifier's address is asked "does this still reach
 * you?" — one row per ask, with its one-click link (only the nonce and the token's hash), and how it ended:
 * confirmed, rejected by the recipient's mail server (bounced), or neither.
 */
export const legacyReachability = pgTable(
  'legacy_reachability',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The address asked: a contact whose address changes is asked again at the new one. */
    email: text('email').notNull(),
    tokenNonce: text('token_nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('legacy_reachability_token_idx').on(t.tokenHash),
    index('legacy_reachability_contact_idx').on(t.userId, t.contactId, t.askedAt),
  ],
);

/**
 * The public half of the owner's release key (decision 072): made in the owner's browser, whose private half exists
 * only as the verifiers' codes (k of n). Kept with the verifiers and threshold it was made for, so a change to
 * either shows the codes must be made again.
 */
export const legacyReleaseKeys = pgTable('legacy_release_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** X25519, base64url (43 characters). */
  publicKey: text('public_key').notNull(),
  /** Four base32 symbols from the public key's SHA-256, printed in every verifier code. */
  keyId: text('key_id').notNull(),
  threshold: integer('threshold').notNull(),
  shareCount: integer('share_count').notNull(),
  /** The plan's verifiers when the codes were made, in the order of their code numbers. */
  verifierContactIds: integer('verifier_contact_ids').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * The escrow run of one owner (decision 074): when the sealed copies were last written and checked, and why the
 * last run or check failed. `runningSince` is set while a run waits on the queue or is under way.
 */
export const legacyEscrowRuns = pgTable('legacy_escrow_runs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  runningSince: timestamp('running_since', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
  lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
  /** In words for the owner; null when the last run and check went well. */
  error: text('error'),
  /** The sha256 of the opener page last written beside the bundles, so an unchanged one is not written again. */
  openerSha256: text('opener_sha256'),
});

/**
 * One heir's sealed copy in the owner's bucket (decision 074). The heir is not a foreign key: when the heir goes, the
 * row stays until the next run has removed the object it names.
 */
export const legacyEscrowBundles = pgTable(
  'legacy_escrow_bundles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    heirId: integer('heir_id').notNull(),
    /** The object's key, prefix included; it names no person. */
    objectKey: text('object_key').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** The heir's and the release key's public keys and a hash of what the bundle holds: unchanged, nothing is written. */
    fingerprint: text('fingerprint').notNull(),
    heirPublicKey: text('heir_public_key').notNull(),
    releasePublicKey: text('release_public_key').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** What the last check found wrong, or null; the owner is mailed once per new problem. */
    checkError: text('check_error'),
  },
  (t) => [uniqueIndex('legacy_escrow_bundles_heir_idx').on(t.userId, t.heirId)],
);
