// What keeps a Legacy Plan alive outside this server (issue 32): the watch from outside.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
