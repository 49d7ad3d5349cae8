import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { exportStatusEnum, importStatusEnum } from './enums';
import { users } from './accounts';

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
