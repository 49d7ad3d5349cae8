// ALL tables of heirloom (spec §3) in one file: this file is the data map.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).defaultNow().notNull();

export const genderEnum = pgEnum('gender', ['male', 'female', 'other']);
export const relationshipEnum = pgEnum('relationship', ['friend', 'family']);
/** Whether a photo's thumbnail / mobile / display derivatives exist yet. */
export const derivativeStatusEnum = pgEnum('derivative_status', ['pending', 'ready', 'failed']);
/** What a one-time account token proves when it comes back from an e-mail. */
export const accountTokenPurposeEnum = pgEnum('account_token_purpose', ['password_reset', 'email_verification']);
/** How a grant is reached: a personal link for one contact, or a public link for anyone who has it. */
export const linkKindEnum = pgEnum('link_kind', ['personal', 'public']);
/** What a grant's recipient may do; only `viewer` is offered today (decision 025). */
export const grantRoleEnum = pgEnum('grant_role', ['viewer', 'contributor']);
/** When a grant opens. Sharing is always `now`; the Legacy Plan adds its conditions to this enum. */
export const releaseConditionEnum = pgEnum('release_condition', ['now']);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    email: text('email').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    mobileNumber: text('mobile_number'),
    password: text('password').notNull(),
    isWaitlisted: boolean('is_waitlisted').default(false).notNull(),
    createdAt: createdAt(),
    /** Storage key of the re-encoded picture; the public URL is derived from it. */
    profilePicture: text('profile_picture'),
    cityOfBirth: text('city_of_birth'),
    address: text('address'),
    gender: genderEnum('gender'),
    /** When the current address was proven by a link sent to it; null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address asked for and not yet verified; `email` stays the sign-in address until it is. */
    pendingEmail: text('pending_email'),
    /** Bytes of the stored profile picture (counts toward the storage quota). */
    profilePictureSize: bigint('profile_picture_size', { mode: 'number' }).default(0).notNull(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the cookie token: a stolen database cannot be replayed as cookies. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const waitlist = pgTable(
  'waitlist',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waitlist_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const memories = pgTable(
  'memories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    eventDate: date('event_date').notNull(),
    isPublic: boolean('is_public').default(false).notNull(),
    tags: text('tags')
      .array()
      .default(sql`'{}'::text[]`)
      .notNull(),
    location: text('location'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('memories_user_event_idx').on(t.userId, t.eventDate)],
);

export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memoryId: integer('memory_id').references(() => memories.id, { onDelete: 'set null' }),
    /** Storage key of the original, relative to the storage root. */
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    title: text('title'),
    description: text('description'),
    isPublic: boolean('is_public').default(false).notNull(),
    exifData: jsonb('exif_data'),
    dateTaken: timestamp('date_taken', { withTimezone: true }),
    location: text('location'),
    cameraInfo: text('camera_info'),
    tags: text('tags')
      .array()
      .default(sql`'{}'::text[]`)
      .notNull(),
    /** sha256 of the original's bytes: integrity checks and fix-paths use it. */
    contentHash: text('content_hash'),
    width: integer('width'),
    height: integer('height'),
    derivativeStatus: derivativeStatusEnum('derivative_status').default('pending').notNull(),
    /** Bytes of the thumbnail, mobile and display copies (an estimate until they are made): part of the quota. */
    derivativesSize: bigint('derivatives_size', { mode: 'number' }).default(0).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('photos_user_created_idx').on(t.userId, t.createdAt),
    index('photos_user_taken_idx').on(t.userId, t.dateTaken),
    index('photos_memory_idx').on(t.memoryId),
  ],
);

export const memoryAttachments = pgTable(
  'memory_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memoryId: integer('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    /** Denormalised owner so every query can carry the owner in its WHERE. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    contentHash: text('content_hash'),
    /** Bytes of the browser-displayable JPEG copy of a HEIC/HEIF attachment (0 when there is none). */
    displaySize: bigint('display_size', { mode: 'number' }).default(0).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('memory_attachments_memory_idx').on(t.memoryId), index('memory_attachments_user_idx').on(t.userId)],
);

export const vaultFiles = pgTable(
  'vault_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memoryId: integer('memory_id').references(() => memories.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    originalName: text('original_name').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    description: text('description'),
    contentHash: text('content_hash'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).defaultNow().notNull(),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
  },
  (t) => [index('vault_files_user_uploaded_idx').on(t.userId, t.uploadedAt), index('vault_files_memory_idx').on(t.memoryId)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedUserId: integer('linked_user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    address: text('address'),
    birthday: date('birthday'),
    relationship: relationshipEnum('relationship').notNull(),
    familyRelation: text('family_relation'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contacts_owner_rel_idx').on(t.ownerId, t.relationship), index('contacts_email_lower_idx').on(sql`lower(${t.email})`)],
);

/**
 * One-time links sent by e-mail (password reset, address verification). Only the sha256 of the token is
 * stored; `email` is the address the link was sent to, so verifying a new address changes the account's
 * address only when the link comes back.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('account_tokens_token_hash_idx').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('collections_user_idx').on(t.userId, t.createdAt)],
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
    /** The recipient; null for a public link. */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    linkKind: linkKindEnum('link_kind').notNull(),
    role: grantRoleEnum('role').default('viewer').notNull(),
    releaseCondition: releaseConditionEnum('release_condition').default('now').notNull(),
    tokenNonce: text('token_nonce'),
    tokenHash: text('token_hash'),
    /** argon2id of a public link's optional password. */
    passwordHash: text('password_hash'),
    /** Whether the link shows places (photo GPS/EXIF location, memory and photo places). */
    includePlaces: boolean('include_places').default(false).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    viewCount: integer('view_count').default(0).notNull(),
  },
  (t) => [
    check('grants_one_target', sql`num_nonnulls(${t.collectionId}, ${t.photoId}, ${t.memoryId}, ${t.vaultFileId}) = 1`),
    check('grants_recipient_matches_kind', sql`(${t.linkKind} = 'public') = (${t.contactId} is null)`),
    uniqueIndex('grants_token_hash_idx').on(t.tokenHash),
    uniqueIndex('grants_collection_contact_idx').on(t.collectionId, t.contactId),
    index('grants_user_idx').on(t.userId),
    index('grants_contact_idx').on(t.contactId),
  ],
);

/**
 * Files that must not outlive a crash unless confirmed: a key is written here (and committed) before an
 * upload's file is moved into place, and removed in the same transaction that inserts the file's row; a
 * delete adds its keys in the transaction that removes the rows. At start-up every key still listed is
 * deleted from storage, so a kill -9 at any moment leaves neither a file without a row nor a row without
 * its file (src/server/lib/durable-files.ts).
 */
export const pendingFiles = pgTable('pending_files', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});
