// After a release (issue 32 §4, decision 078): what an heir kept in their own account, item by item, and what the
// owner chose to become of their account once their plan is released.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

/**
 * One heir account keeping one release. `grant_id` is no foreign key: the owner's account (and the grant with it)
 * may be deleted while the copies, and this record of them, stay.
 */
export const legacyKeeps = pgTable(
  'legacy_keeps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantId: integer('grant_id').notNull(),
    /** "From Rose Martin's legacy, released 2 May 2031": written on every copied row. */
    provenance: text('provenance').notNull(),
    status: text('status').notNull(),
    itemsTotal: integer('items_total').default(0).notNull(),
    itemsDone: integer('items_done').default(0).notNull(),
    /** Why the last try stopped, in words for the heir; null while copying or once kept. */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('legacy_keeps_user_grant_idx').on(t.userId, t.grantId),
    check('legacy_keeps_status', sql`${t.status} in ('copying', 'kept', 'failed')`),
  ],
);

/** Each released item already copied by a keep: a try after a crash or a second keep copies it no more. */
export const legacyKeptItems = pgTable(
  'legacy_kept_items',
  {
    keepId: integer('keep_id')
      .notNull()
      .references(() => legacyKeeps.id, { onDelete: 'cascade' }),
    /** photo | memory | attachment | document, by the release's own item ids. */
    kind: text('kind').notNull(),
    sourceId: integer('source_id').notNull(),
    copyId: integer('copy_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keepId, t.kind, t.sourceId] })],
);

/**
 * What becomes of the owner's account after their plan is released: a memorial (no row, or `memorial`), or deleted
 * `delete_after_months` after the release. The two notices to the heirs and the deletion are recorded here.
 */
export const legacyAfterRelease = pgTable(
  'legacy_after_release',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    choice: text('choice').notNull(),
    deleteAfterMonths: integer('delete_after_months'),
    /** The day the account goes, fixed when the heirs are first told (and only ever moved later). */
    deleteAt: timestamp('delete_at', { withTimezone: true }),
    firstNoticeAt: timestamp('first_notice_at', { withTimezone: true }),
    secondNoticeAt: timestamp('second_notice_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('legacy_after_release_choice', sql`${t.choice} in ('memorial', 'delete')`),
    check(
      'legacy_after_release_months',
      sql`(${t.choice} = 'memorial' and ${t.deleteAfterMonths} is null) or (${t.choice} = 'delete' and ${t.deleteAfterMonths} between 3 and 24)`,
    ),
  ],
);
