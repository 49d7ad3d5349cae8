// ALL tables of heirloom (spec §3) in one file: this file is the data map.
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).defaultNow().notNull();

export const genderEnum = pgEnum('gender', ['male', 'female', 'other']);
export const relationshipEnum = pgEnum('relationship', ['friend', 'family']);
/** Whether a photo's thumbnail / mobile / display derivatives exist yet. */
export const derivativeStatusEnum = pgEnum('derivative_status', ['pending', 'ready', 'failed']);
/** What a one-time account token proves when it comes back from an e-mail. */
export const accountTokenPurposeEnum = pgEnum('account_token_purpose', ['password_reset', 'email_verification']);

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
