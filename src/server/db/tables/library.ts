import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, searchVector, simpleVector, proseVector } from './columns';
import { relationshipEnum, derivativeStatusEnum, videoPlaybackEnum, audioCopyEnum, faceStatusEnum, textStatusEnum } from './enums';
import { users } from './accounts';
import { imports } from './operations';

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
    /** How well eventDate is known (decision 067): exact, day, month, year, decade or about (± event_date_margin years). */
    eventDatePrecision: text('event_date_precision').default('day').notNull(),
    eventDateMargin: smallint('event_date_margin'),
    isPublic: boolean('is_public').default(false).notNull(),
    tags: text('tags')
      .array()
      .default(sql`'{}'::text[]`)
      .notNull(),
    location: text('location'),
    /** The import that created this row (decision 029): an interrupted import removes exactly its own rows. */
    importId: integer('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
    /** Where a kept item came from ("From Rose Martin's legacy, released 2 May 2031", decision 078); null for the owner's own. */
    provenance: text('provenance'),
    /** Who told it: the storyteller of the interview it answers (decision 066); null for the owner's own. */
    storytellerContactId: integer('storyteller_contact_id').references((): AnyPgColumn => contacts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: searchVector(
      proseVector('title', 'A'),
      simpleVector('heirloom_tags_text(tags)', 'B'),
      simpleVector("coalesce(location, '')", 'B'),
      proseVector('content', 'C'),
    ),
  },
  (t) => [
    index('memories_user_event_idx').on(t.userId, t.eventDate),
    index('memories_search_idx').using('gin', t.searchVector),
    check('memories_event_date_precision', sql`${t.eventDatePrecision} in ('exact', 'day', 'month', 'year', 'decade', 'about')`),
  ],
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
    /** How well date_taken is known (decision 067); null exactly when date_taken is: undated. */
    dateTakenPrecision: text('date_taken_precision'),
    dateTakenMargin: smallint('date_taken_margin'),
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
    /** Where a kept item came from ("From Rose Martin's legacy, released 2 May 2031", decision 078); null for the owner's own. */
    provenance: text('provenance'),
    /** Videos only (decision 038): their length, how they play, and how much of the playable copy is made. */
    durationMs: integer('duration_ms'),
    videoPlayback: videoPlaybackEnum('video_playback'),
    videoProgress: smallint('video_progress'),
    /** Finding its faces and labels (issue 29, features/people): done once, in the background. */
    faceStatus: faceStatusEnum('face_status').default('pending').notNull(),
    /** What else the model saw in the picture (dog, boat, cake …): automatic tags, apart from the owner's. */
    labels: text('labels')
      .array()
      .default(sql`'{}'::text[]`)
      .notNull(),
    /** The names of the people in it (kept by triggers on faces and people): a photo is found by who is in it. */
    peopleNames: text('people_names')
      .array()
      .default(sql`'{}'::text[]`)
      .notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: searchVector(
      proseVector("coalesce(title, '')", 'A'),
      simpleVector('heirloom_tags_text(tags)', 'B'),
      simpleVector('heirloom_tags_text(people_names)', 'B'),
      simpleVector("coalesce(location, '')", 'B'),
      proseVector("coalesce(description, '')", 'C'),
      // what the model saw in the picture (dog, boat, cake): found by search as the tags are, a little lower
      simpleVector('heirloom_tags_text(labels)', 'C'),
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
    // the photos still to look at for faces, oldest first (features/people/face-queue.ts)
    index('photos_faces_pending_idx')
      .on(t.userId, t.id)
      .where(sql`face_status = 'pending'`),
    // the photos counted by face status (GET /api/people/status): an index-only scan, not a read of every photo row
    index('photos_user_face_status_idx').on(t.userId, t.faceStatus),
    index('photos_search_idx').using('gin', t.searchVector),
    check(
      'photos_date_taken_precision',
      sql`${t.dateTakenPrecision} in ('exact', 'day', 'month', 'year', 'decade', 'about') and ${t.dateTaken} is not null or ${t.dateTakenPrecision} is null`,
    ),
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
    /** Where a kept item came from ("From Rose Martin's legacy, released 2 May 2031", decision 078); null for the owner's own. */
    provenance: text('provenance'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).defaultNow().notNull(),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
    /** The words read from the document (decision 058): its PDF text layer, or OCR of a scan or picture. */
    text: text('text').default('').notNull(),
    textStatus: textStatusEnum('text_status').default('pending').notNull(),
    /** Why the words could not be read, for the owner ('failed' only). */
    textError: text('text_error'),
    searchVector: searchVector(
      proseVector('original_name', 'A'),
      proseVector("coalesce(description, '')", 'C'),
      // the document's own words: found by search, below its name and description
      proseVector('text', 'D'),
    ),
  },
  (t) => [
    index('vault_files_user_uploaded_idx').on(t.userId, t.uploadedAt),
    index('vault_files_memory_idx').on(t.memoryId),
    // the documents whose words are still to be read (features/vault/vault-text-queue.ts), found at start
    index('vault_files_text_pending_idx')
      .on(t.id)
      .where(sql`text_status = 'pending'`),
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
    /** The language mail to this contact (and, for an heir, their Legacy Kit and pages) is written in; null: the owner's. */
    language: text('language'),
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
    // in the names' collation (decision 080), as the list sorts
    index('contacts_owner_name_page_idx').on(
      t.ownerId,
      sql`lower(${t.firstName}) COLLATE heirloom_names`,
      sql`lower(${t.lastName}) COLLATE heirloom_names`,
      t.id,
    ),
    index('contacts_email_lower_idx').on(sql`lower(${t.email})`),
    index('contacts_search_idx').using('gin', t.searchVector),
  ],
);
