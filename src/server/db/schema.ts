// ALL tables of heirloom (spec §3) in one file: this file is the data map.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).defaultNow().notNull();

/** A generated full-text search column (decision 030); only the search slice reads it, always in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Words kept whole and accent-free (names, places, tags; prefix matching as you type). */
const simpleVector = (expr: string, weight: string) => `setweight(to_tsvector('heirloom_simple'::regconfig, ${expr}), '${weight}')`;
/** Prose, stemmed and accent-free ("birthdays" finds "birthday"). */
const englishVector = (expr: string, weight: string) => `setweight(to_tsvector('heirloom_english'::regconfig, ${expr}), '${weight}')`;
/** Both kinds of lexeme: a word of prose is found whole, by its stem and by its prefix. */
const proseVector = (expr: string, weight: string) => `${simpleVector(expr, weight)} || ${englishVector(expr, weight)}`;
const searchVector = (...parts: string[]) => tsvector('search_vector').generatedAlwaysAs(sql.raw(parts.join(' || ')));

export const genderEnum = pgEnum('gender', ['male', 'female', 'other']);
export const relationshipEnum = pgEnum('relationship', ['friend', 'family']);
/** Whether a photo's thumbnail / mobile / display derivatives exist yet. */
export const derivativeStatusEnum = pgEnum('derivative_status', ['pending', 'ready', 'failed']);
/**
 * How a video plays in the browser (decision 038): its playable copy is being made, the original plays as it
 * is, the H.264/AAC copy plays, or nothing plays (no ffmpeg, or the copy failed): it is offered for download.
 */
export const videoPlaybackEnum = pgEnum('video_playback', ['preparing', 'original', 'copy', 'unavailable']);
/** A memory attachment's M4A copy (decision 040): made, or given up on after every retry. */
export const audioCopyEnum = pgEnum('audio_copy', ['ready', 'unavailable']);
/** What a one-time account token proves when it comes back from an e-mail. */
export const accountTokenPurposeEnum = pgEnum('account_token_purpose', [
  'password_reset',
  'email_verification',
  /** The one-click "I'm still here" link of a Legacy Plan check-in mail. */
  'legacy_check_in',
  /** The one-click "Cancel the release" link mailed to the owner when verifiers have confirmed. */
  'legacy_veto',
]);
/**
 * How a grant is reached: a personal link for one contact, a public link for anyone who has it, or an heir's
 * key code (Legacy Plan, decision 027).
 */
export const linkKindEnum = pgEnum('link_kind', ['personal', 'public', 'heir']);
/** What a grant's recipient may do; only `viewer` is offered today (decision 025). */
export const grantRoleEnum = pgEnum('grant_role', ['viewer', 'contributor']);
/** When a grant opens: sharing is `now`; the Legacy Plan's conditions are the others (decision 026). */
export const releaseConditionEnum = pgEnum('release_condition', ['now', 'after_death', 'on_date', 'at_age', 'never']);
/** Where an owner's Legacy Plan trigger stands (the state machine of decision 026). */
export const legacyStateEnum = pgEnum('legacy_state', ['active', 'awaiting_check_in', 'verifying', 'veto', 'released']);
/** Where an export's background job stands (decision 028). */
export const exportStatusEnum = pgEnum('export_status', ['queued', 'running', 'ready', 'failed']);
/** Where an import's background job stands (decision 029). */
export const importStatusEnum = pgEnum('import_status', ['queued', 'running', 'done', 'failed']);

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
    /** The instance's administrator (decision 048): the first account; it invites and disables members. */
    isAdministrator: boolean('is_administrator').default(false).notNull(),
    /** Set by the administrator: no sign-in and no session; the account's data, links and Legacy Plan stay. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // one administrator: two first accounts made at the same moment cannot both become it
    uniqueIndex('users_one_administrator_idx')
      .on(t.isAdministrator)
      .where(sql`${t.isAdministrator}`),
  ],
);

/**
 * An invitation to make an account (decision 048), mailed as a link holding a one-time token: only its sha256
 * is stored. Used once (`acceptedAt`), until `expiresAt`; withdrawing one deletes it.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('invitations_token_hash_idx').on(t.tokenHash), index('invitations_email_lower_idx').on(sql`lower(${t.email})`)],
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
    /** The import that created this row (decision 029): an interrupted import removes exactly its own rows. */
    importId: integer('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: searchVector(
      proseVector('title', 'A'),
      simpleVector('heirloom_tags_text(tags)', 'B'),
      simpleVector("coalesce(location, '')", 'B'),
      proseVector('content', 'C'),
    ),
  },
  (t) => [index('memories_user_event_idx').on(t.userId, t.eventDate), index('memories_search_idx').using('gin', t.searchVector)],
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
    /** The import that created this row (decision 029): an interrupted import removes exactly its own rows. */
    importId: integer('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
    /** Videos only (decision 038): their length, how they play, and how much of the playable copy is made. */
    durationMs: integer('duration_ms'),
    videoPlayback: videoPlaybackEnum('video_playback'),
    videoProgress: smallint('video_progress'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: searchVector(
      proseVector("coalesce(title, '')", 'A'),
      simpleVector('heirloom_tags_text(tags)', 'B'),
      simpleVector("coalesce(location, '')", 'B'),
      proseVector("coalesce(description, '')", 'C'),
      simpleVector("file_name || ' ' || coalesce(camera_info, '')", 'D'),
    ),
  },
  (t) => [
    index('photos_user_created_idx').on(t.userId, t.createdAt),
    index('photos_user_taken_idx').on(t.userId, t.dateTaken),
    // the keyset-paged gallery's orders (src/server/lib/keyset.ts): by date taken (upload time when unknown) and by title
    index('photos_user_taken_page_idx').on(t.userId, sql`coalesce(${t.dateTaken}, ${t.createdAt})`, t.id),
    index('photos_user_title_page_idx').on(t.userId, sql`lower(coalesce(nullif(${t.title}, ''), ${t.fileName}))`, t.id),
    index('photos_memory_idx').on(t.memoryId),
    index('photos_search_idx').using('gin', t.searchVector),
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
    /**
     * Bytes of the copy browsers are given (0 when there is none): a HEIC/HEIF attachment's JPEG, or the M4A of
     * audio not every browser plays (decision 040). Counted toward the storage quota with the original.
     */
    displaySize: bigint('display_size', { mode: 'number' }).default(0).notNull(),
    /**
     * WebM/Ogg audio's M4A copy (decision 040): null while it is still to be made (start-up queues those again),
     * 'ready' once `<key>.m4a` is in place, 'unavailable' when ffmpeg failed on every try. Other types keep null.
     */
    audioCopy: audioCopyEnum('audio_copy'),
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
    /** The import that created this row (decision 029): an interrupted import removes exactly its own rows. */
    importId: integer('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).defaultNow().notNull(),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
    searchVector: searchVector(proseVector('original_name', 'A'), proseVector("coalesce(description, '')", 'C')),
  },
  (t) => [
    index('vault_files_user_uploaded_idx').on(t.userId, t.uploadedAt),
    index('vault_files_memory_idx').on(t.memoryId),
    index('vault_files_search_idx').using('gin', t.searchVector),
  ],
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
    /** The import that created this row (decision 029): an interrupted import removes exactly its own rows. */
    importId: integer('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: searchVector(
      simpleVector("first_name || ' ' || last_name", 'A'),
      simpleVector("coalesce(family_relation, '')", 'B'),
      proseVector("coalesce(notes, '')", 'C'),
    ),
  },
  (t) => [
    index('contacts_owner_rel_idx').on(t.ownerId, t.relationship),
    index('contacts_owner_name_page_idx').on(t.ownerId, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
    index('contacts_email_lower_idx').on(sql`lower(${t.email})`),
    index('contacts_search_idx').using('gin', t.searchVector),
  ],
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
    /** The import that created this row (decision 029): an interrupted import removes exactly its own rows. */
    importId: integer('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
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
    index('grants_release_due_idx').on(t.userId, t.releaseAt),
  ],
);

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
 * Files that must not outlive a crash unless confirmed: a key is written here (and committed) before an
 * upload's file is moved into place, and removed in the same transaction that inserts the file's row; a
 * delete adds its keys in the transaction that removes the rows. Recovery (at start-up, and every half
 * minute with several instances) deletes from storage every key whose instance is dead, so a kill -9 at
 * any moment leaves neither a file without a row nor a row without its file (src/server/lib/durable-files.ts).
 * `instance_id` is the app instance that wrote the entry (decision 043); null for entries written before
 * instances had ids.
 */
export const pendingFiles = pgTable('pending_files', {
  key: text('key').primaryKey(),
  instanceId: integer('instance_id'),
  createdAt: createdAt(),
});

/**
 * One row per app process started (decision 043): the id is the process's instance id, and the process
 * proves it is alive by holding a session advisory lock (INSTANCE_LOCK_SPACE, id) on its own connection
 * (src/server/lib/instance-bus.ts). The row itself is only for people: a process that stops cleanly removes it.
 */
export const appInstances = pgTable('app_instances', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Which instance runs each background job (decision 043), written when a worker takes the job: a job still
 * active whose instance is dead is put back in the queue at once instead of after its expiry (lib/jobs.ts).
 * `unfinished_tries` counts the tries that began and whose handler never returned (its process stopped during
 * them): a job that stops its process each time is given up after a few (decision 019), not run in a loop.
 * `job_id` is pg-boss's job id (pgboss.job, no foreign key: pg-boss owns that table).
 */
export const jobRuns = pgTable('job_runs', {
  jobId: uuid('job_id').primaryKey(),
  instanceId: integer('instance_id').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
  unfinishedTries: integer('unfinished_tries').default(0).notNull(),
});

/**
 * Failed password checks (decision 024, shared by every instance since 043): `address` '' is the account
 * as a whole, any other row is one (account, client address) pair. `counting_since` marks when the current
 * count began (a success takes its attempt back only from the same count); `trusted_at` is when the pair
 * last signed in successfully. Rows are purged once they no longer matter (features/auth/login-throttle.ts).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    account: text('account').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').default(0).notNull(),
    countingSince: timestamp('counting_since', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    trustedAt: timestamp('trusted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);

/**
 * "Export everything" (decision 028): one row per archive asked for. The job writes the zip under
 * `file_key` and keeps the row's progress current; a ready archive is removed after `expires_at`.
 */
export const exports = pgTable(
  'exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: exportStatusEnum('status').default('queued').notNull(),
    itemsDone: integer('items_done').default(0).notNull(),
    itemsTotal: integer('items_total').default(0).notNull(),
    bytesDone: bigint('bytes_done', { mode: 'number' }).default(0).notNull(),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).default(0).notNull(),
    /** Storage key of the finished archive; null until ready and after it expires. */
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** A message for the owner when the export failed (never a stack trace). */
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('exports_user_idx').on(t.userId, t.createdAt)],
);

/**
 * An import of an heirloom archive or Google Photos Takeout (decision 029). The uploaded archives are
 * kept under `source_keys` until the job ends; every row the job creates carries `import_id`, so an
 * interrupted or failed import removes exactly what it added.
 */
export const imports = pgTable(
  'imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: importStatusEnum('status').default('queued').notNull(),
    /** Storage keys of uploaded archives, or (from_server_dir) names of archives or folders in HEIRLOOM_IMPORT_DIR. */
    sourceKeys: text('source_keys').array().notNull(),
    fromServerDir: boolean('from_server_dir').default(false).notNull(),
    itemsDone: integer('items_done').default(0).notNull(),
    itemsTotal: integer('items_total').default(0).notNull(),
    bytesDone: bigint('bytes_done', { mode: 'number' }).default(0).notNull(),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).default(0).notNull(),
    /** The import report (src/shared/schemas/transfers.ts) once the job has finished. */
    report: jsonb('report'),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A resumable upload's declared length, held against its owner's storage quota from its creation until it
 * is taken, cancelled or removed as untouched (src/server/lib/upload-reservations.ts). The quota check of
 * every stored file counts these too, so room promised to an upload cannot be filled by another.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    /** The tus upload id (32 hex digits), unique across the upload folders. */
    uploadId: text('upload_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The storage-root folder that holds the upload (each tus endpoint has its own). */
    folder: text('folder').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('upload_reservations_user_idx').on(t.userId)],
);
