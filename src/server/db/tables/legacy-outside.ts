// What keeps a Legacy Plan alive outside this server (issue 32): the watch from outside, and where the sealed
// copies are kept.
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './accounts';

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
