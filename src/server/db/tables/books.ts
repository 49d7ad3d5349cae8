import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { photos } from './library';

/**
 * A life-story book (decision 068): one row per PDF asked for. The `book.build` job lays the memories out into
 * `file_key` and keeps `progress` current; the public links its voice recordings' QR codes open are grants
 * with this `book_id` (deleting the book deletes them). The status and choices are text with a CHECK, not
 * enums, so a migration never depends on an enum value added in the same run.
 */
export const books = pgTable(
  'books',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    dedication: text('dedication'),
    pageSize: text('page_size').notNull(),
    chapters: text('chapters').notNull(),
    /** Which memories: { all: true } | { collectionId } | { interviewId } | { from, to } (src/shared/schemas/books.ts). */
    selection: jsonb('selection').notNull(),
    includePhotos: boolean('include_photos').default(true).notNull(),
    coverPhotoId: integer('cover_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /** When the voice recordings' links stop working; null: never. */
    voiceLinksExpireAt: timestamp('voice_links_expire_at', { withTimezone: true }),
    status: text('status').default('queued').notNull(),
    progress: smallint('progress').default(0).notNull(),
    pageCount: integer('page_count'),
    /** Storage key of the finished PDF; null until ready. */
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** A message for the owner when the book failed (never a stack trace). */
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('books_status', sql`${t.status} in ('queued', 'building', 'ready', 'failed')`),
    check('books_page_size', sql`${t.pageSize} in ('A4', 'Letter', '6x9')`),
    check('books_chapters', sql`${t.chapters} in ('period', 'theme')`),
    check('books_progress', sql`${t.progress} between 0 and 100`),
    index('books_user_idx').on(t.userId, t.createdAt),
  ],
);
