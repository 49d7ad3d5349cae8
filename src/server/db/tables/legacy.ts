import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { legacyStateEnum, releaseConditionEnum } from './enums';
import { users } from './accounts';
import { contacts, memories, photos, vaultFiles } from './library';
import { collections } from './sharing';

/** An heir of a Legacy Plan: one of the owner's contacts, with the key code that opens what is released (decision 027). */
export const heirs = pgTable(
  'heirs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** For "at an age" releases; an heir may not be of age yet. */
    dateOfBirth: date('date_of_birth'),
    /** argon2id of the key code with the instance's fixed salt: slow, and found by its value. Null until a code is made. */
    keyCodeHash: text('key_code_hash'),
    /** The X25519 public key the heir's browser derives from the key code (base64url): sealed letters are wrapped for it. */
    publicKey: text('public_key'),
    keyCodeCreatedAt: timestamp('key_code_created_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('heirs_user_contact_idx').on(t.userId, t.contactId), uniqueIndex('heirs_key_code_hash_idx').on(t.keyCodeHash)],
);

/** Key codes replaced by an heir's newer one: such a code answers that it was replaced (decision 045). */
export const replacedKeyCodes = pgTable(
  'replaced_key_codes',
  {
    /** The old code's hash, as heirs.key_code_hash held it. */
    keyCodeHash: text('key_code_hash').primaryKey(),
    heirId: integer('heir_id')
      .notNull()
      .references(() => heirs.id, { onDelete: 'cascade' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('replaced_key_codes_heir_idx').on(t.heirId)],
);

/**
 * A letter to one heir. Either `body` (plain text) or `sealed` (encrypted in the owner's browser; the server
 * holds only ciphertext, the wrapped key and the heir's public key — decision 027).
 */
export const letters = pgTable(
  'letters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    heirId: integer('heir_id')
      .notNull()
      .references(() => heirs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body'),
    /** Gallery photos shown with a plain letter. */
    photoIds: integer('photo_ids')
      .array()
      .default(sql`'{}'::integer[]`)
      .notNull(),
    sealed: jsonb('sealed'),
    /**
     * A plain letter's voice recordings and audio files, [{name, type, data (base64)}] (decision 039): kept in
     * the row like a sealed letter's files are inside its ciphertext, so they go when the letter goes.
     */
    attachments: jsonb('attachments').default([]).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('letters_body_or_sealed', sql`num_nonnulls(${t.body}, ${t.sealed}) = 1`), index('letters_heir_idx').on(t.heirId)],
);

/** An owner's Legacy Plan and where its trigger stands (decision 026). One row per owner who has set one up. */
export const legacyPlans = pgTable('legacy_plans', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  checkInMonths: integer('check_in_months').default(6).notNull(),
  vetoDays: integer('veto_days').default(30).notNull(),
  verifiersRequired: integer('verifiers_required').default(1).notNull(),
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  state: legacyStateEnum('state').default('active').notNull(),
  stateSince: timestamp('state_since', { withTimezone: true }).defaultNow().notNull(),
  /** The last sign-in or check-in click: the countdown runs from here. */
  lastCheckInAt: timestamp('last_check_in_at', { withTimezone: true }).defaultNow().notNull(),
  /** When the "Are you still there?" mail went out (state awaiting_check_in). */
  checkInSentAt: timestamp('check_in_sent_at', { withTimezone: true }),
  remindersSent: integer('reminders_sent').default(0).notNull(),
  vetoEndsAt: timestamp('veto_ends_at', { withTimezone: true }),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The owner's trusted contacts who confirm a death, each with a personal link to report it (decision 026). */
export const legacyVerifiers = pgTable(
  'legacy_verifiers',
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
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('legacy_verifiers_user_contact_idx').on(t.userId, t.contactId),
    uniqueIndex('legacy_verifiers_token_idx').on(t.tokenHash),
  ],
);

/**
 * Every step of a Legacy Plan's trigger, append-only and hash-chained: `hash` = sha256 of the previous row's
 * hash and this row's content, so a changed or removed row breaks the chain the owner can check.
 */
export const legacyAudit = pgTable(
  'legacy_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    event: text('event').notNull(),
    detail: jsonb('detail').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('legacy_audit_user_idx').on(t.userId, t.id)],
);

/**
 * A release chosen by relation (decision 065): "to each of my grandchildren: this collection, after my death".
 * The rule is not a second way to give: it is expanded into one heir grant per tree person it names who can
 * receive (a contact with an e-mail address), each carrying the rule's id, and expanded again as the family
 * grows. `told_person_ids` are the tree persons the owner has already been told about, so only a newcomer is
 * announced.
 */
export const legacyRelationRules = pgTable(
  'legacy_relation_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** children, grandchildren, descendants or partner: words of legacy-relations.ts, checked there and below. */
    relation: text('relation').notNull(),
    collectionId: integer('collection_id').references((): AnyPgColumn => collections.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'cascade' }),
    memoryId: integer('memory_id').references(() => memories.id, { onDelete: 'cascade' }),
    vaultFileId: integer('vault_file_id').references(() => vaultFiles.id, { onDelete: 'cascade' }),
    releaseCondition: releaseConditionEnum('release_condition').notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }),
    releaseAge: integer('release_age'),
    includeNames: boolean('include_names').default(false).notNull(),
    toldPersonIds: integer('told_person_ids')
      .array()
      .default(sql`'{}'::integer[]`)
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('legacy_relation_rules_one_target', sql`num_nonnulls(${t.collectionId}, ${t.photoId}, ${t.memoryId}, ${t.vaultFileId}) = 1`),
    check('legacy_relation_rules_relation', sql`${t.relation} in ('children', 'grandchildren', 'descendants', 'partner')`),
    check('legacy_relation_rules_not_now', sql`${t.releaseCondition}::text <> 'now'`),
    index('legacy_relation_rules_user_idx').on(t.userId, t.id),
  ],
);
