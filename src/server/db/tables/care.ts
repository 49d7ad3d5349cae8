// Care access (issue 32 §3, decision 077): while the owner is alive but cannot look after things, the caregivers
// they named may ask for read-only access to a chosen part of the library. Nothing meant for after death is in it.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { contacts } from './library';

/** What caregivers may see once their access opens, and how long the owner has to refuse. One row per owner. */
export const careSettings = pgTable(
  'care_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every document of the vault. */
    documents: boolean('documents').default(false).notNull(),
    /** The owner's collections shown (ids no longer the owner's are ignored when access opens). */
    collectionIds: integer('collection_ids')
      .array()
      .default(sql`'{}'::integer[]`)
      .notNull(),
    /** The owner's contacts (names, addresses, numbers). */
    contacts: boolean('contacts').default(false).notNull(),
    waitingDays: integer('waiting_days').default(7).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('care_settings_waiting_days', sql`${t.waitingDays} between 0 and 30`)],
);

/**
 * A caregiver: one of the owner's contacts, with a personal link (the token is recomputed from `token_nonce`,
 * only its sha256 is looked up, as a verifier's). `state`: idle, asked (waiting until `opens_at`, refusable with
 * the link whose sha256 is `refuse_token_hash`) or open (care grants exist for the contact).
 */
export const caregivers = pgTable(
  'caregivers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tokenNonce: text('token_nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    state: text('state').default('idle').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }),
    /** The caregiver's words to the owner with their request. */
    message: text('message'),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    refuseTokenHash: text('refuse_token_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    check('caregivers_state', sql`${t.state} in ('idle', 'asked', 'open')`),
    uniqueIndex('caregivers_user_contact_idx').on(t.userId, t.contactId),
    uniqueIndex('caregivers_token_idx').on(t.tokenHash),
    uniqueIndex('caregivers_refuse_token_idx').on(t.refuseTokenHash),
  ],
);
