import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { linkKindEnum, grantRoleEnum, releaseConditionEnum } from './enums';
import { users } from './accounts';
import { memories, photos, vaultFiles, contacts } from './library';
import { heirs, legacyRelationRules, letters } from './legacy';
import { imports } from './operations';
import { books } from './books';
import { people } from './people';

/** A named set of the owner's photos, memories and documents: what is shared (decision 025). */
export const collections = pgTable(
  'collections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    coverPhotoId: integer('cover_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /**
     * A person collection (issue 29): its photos are every photo with a face of this person of the owner, read
     * live (db/collection-contents.ts), and it holds no items of its own. A merge moves it to the person merged
     * into; a person removed (face recognition turned off) leaves it an ordinary, empty collection, its links
     * and Legacy Plan releases kept.
     */
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    /** The import that created this row (decision 029): an interrupted import removes exactly its own rows. */
    importId: integer('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('collections_user_idx').on(t.userId, t.createdAt), index('collections_person_idx').on(t.personId)],
);

/** One photo, memory or document in one collection; an item can be in many collections. */
export const collectionItems = pgTable(
  'collection_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** Denormalised owner so every query can carry the owner in its WHERE. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'cascade' }),
    memoryId: integer('memory_id').references(() => memories.id, { onDelete: 'cascade' }),
    vaultFileId: integer('vault_file_id').references(() => vaultFiles.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('collection_items_one_item', sql`num_nonnulls(${t.photoId}, ${t.memoryId}, ${t.vaultFileId}) = 1`),
    uniqueIndex('collection_items_photo_idx').on(t.collectionId, t.photoId),
    uniqueIndex('collection_items_memory_idx').on(t.collectionId, t.memoryId),
    uniqueIndex('collection_items_vault_file_idx').on(t.collectionId, t.vaultFileId),
    index('collection_items_user_idx').on(t.userId),
    index('collection_items_photo_ref_idx').on(t.photoId),
    index('collection_items_memory_ref_idx').on(t.memoryId),
    index('collection_items_vault_file_ref_idx').on(t.vaultFileId),
  ],
);

/**
 * Who receives what, on which condition (decision 025): a collection (or, for the Legacy Plan, a single
 * item) × a recipient (a contact, or anyone holding a public link) × a role × a release condition. Sharing
 * and the Legacy Plan are rows of this one table. The link token is never stored: `token_hash` (sha256)
 * finds the grant, and the token is recomputed from `token_nonce` with the instance secret when the owner
 * copies the link again (src/server/lib/link-tokens.ts). Revoking deletes the row.
 */
export const grants = pgTable(
  'grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The owner who grants. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'cascade' }),
    memoryId: integer('memory_id').references(() => memories.id, { onDelete: 'cascade' }),
    vaultFileId: integer('vault_file_id').references(() => vaultFiles.id, { onDelete: 'cascade' }),
    /** A Legacy Plan letter, released to its heir like any other item. */
    letterId: integer('letter_id').references(() => letters.id, { onDelete: 'cascade' }),
    /** The recipient; null for a public link. */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    /** The heir of a Legacy Plan grant (link_kind 'heir'); the heir's contact is contact_id. */
    heirId: integer('heir_id').references(() => heirs.id, { onDelete: 'cascade' }),
    linkKind: linkKindEnum('link_kind').notNull(),
    role: grantRoleEnum('role').default('viewer').notNull(),
    releaseCondition: releaseConditionEnum('release_condition').default('now').notNull(),
    tokenNonce: text('token_nonce'),
    tokenHash: text('token_hash'),
    /** argon2id of a public link's optional password. */
    passwordHash: text('password_hash'),
    /** Whether the link shows places (photo GPS/EXIF location, memory and photo places). */
    includePlaces: boolean('include_places').default(false).notNull(),
    /** Whether the link shows the names of the people in its photos (issue 29); nothing about faces otherwise. */
    includeNames: boolean('include_names').default(false).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    viewCount: integer('view_count').default(0).notNull(),
    /** on_date: the moment it opens; at_age: the heir's birthday of that age (computed when made). */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    /** at_age: the age, kept for display. */
    releaseAge: integer('release_age'),
    /** When the grant was released to its heir (set by the plan's timer, never earlier than its condition). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The Legacy Plan rule by relation this heir grant was expanded from (decision 065); it goes with its rule. */
    relationRuleId: integer('relation_rule_id').references((): AnyPgColumn => legacyRelationRules.id, { onDelete: 'cascade' }),
    /** The life-story book whose QR code opens this public link to one memory (decision 068); it goes with its book. */
    bookId: integer('book_id').references((): AnyPgColumn => books.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('grants_one_target', sql`num_nonnulls(${t.collectionId}, ${t.photoId}, ${t.memoryId}, ${t.vaultFileId}, ${t.letterId}) = 1`),
    check('grants_recipient_matches_kind', sql`(${t.linkKind} = 'public') = (${t.contactId} is null)`),
    // compared as text: a value added to an enum cannot be used as its literal in the transaction that adds it
    check('grants_heir_matches_kind', sql`(${t.linkKind}::text = 'heir') = (${t.heirId} is not null)`),
    uniqueIndex('grants_token_hash_idx').on(t.tokenHash),
    uniqueIndex('grants_collection_contact_idx')
      .on(t.collectionId, t.contactId)
      .where(sql`link_kind = 'personal'`),
    index('grants_user_idx').on(t.userId),
    index('grants_contact_idx').on(t.contactId),
    index('grants_heir_idx').on(t.heirId),
    index('grants_book_idx').on(t.bookId),
    index('grants_release_due_idx').on(t.userId, t.releaseAt),
    uniqueIndex('grants_relation_rule_heir_idx')
      .on(t.relationRuleId, t.heirId)
      .where(sql`relation_rule_id is not null`),
  ],
);
