// Exports and imports (decisions 028, 029): POST starts a background job, GET follows it. The archive's own
// format is src/shared/export-format.ts.
import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { userText } from '../i18n/text';

/** A finished archive stays downloadable this long, then it is removed. */
export const EXPORT_KEEP_DAYS = 7;
/** The multipart field of POST /api/imports (one or more parts). */
export const IMPORT_FIELD = 'archive';

export const TRANSFER_MESSAGES = {
  exportRunning: userText('An export is already being prepared. It will be ready soon.'),
  exportNotReady: userText('This export is not ready yet.'),
  exportExpired: userText('This export has expired. Please start a new one.'),
  importRunning: userText('An import is already running. Please wait until it has finished.'),
  noArchive: userText('Choose an archive to import.'),
  notAnArchive: userText('This is not a zip archive. Choose an heirloom export or a Google Takeout zip.'),
  unknownArchive: userText('This archive is neither an heirloom export nor a Google Photos Takeout.'),
  overQuota: userText('This archive holds more than your remaining storage space. Nothing was imported.'),
  noImportDir: userText('Importing from the server is not set up (HEIRLOOM_IMPORT_DIR).'),
  serverFileMissing: userText('There is no such archive in the import folder.'),
} as const;

export const transferProgressSchema = z.object({
  itemsDone: z.number().int().nonnegative(),
  itemsTotal: z.number().int().nonnegative(),
  bytesDone: z.number().int().nonnegative(),
  bytesTotal: z.number().int().nonnegative(),
  /** An estimate from the pace so far; null until there is one. */
  secondsLeft: z.number().int().nonnegative().nullable(),
});

export const exportStatusSchema = z.enum(['queued', 'running', 'ready', 'failed']);

export const exportJobSchema = z.object({
  id: z.number().int(),
  status: exportStatusSchema,
  progress: transferProgressSchema,
  /** The archive's size once ready. */
  bytes: z.number().int().nullable(),
  /** GET this (it honours Range) while the archive is kept; null before it is ready and after it expired. */
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
  expiresAt: isoDateTimeSchema.nullable(),
});

export const importStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);

/** A file or item the import did not add, and why. */
const reportEntrySchema = z.object({ path: z.string(), reason: z.string() });
/** Long lists are cut: `count` is always the full number. */
const reportListSchema = z.object({ count: z.number().int().nonnegative(), items: z.array(reportEntrySchema) });
export const REPORT_LIST_LIMIT = 500;

export const importReportSchema = z.object({
  format: z.enum(['heirloom', 'google-takeout']),
  imported: z.object({
    photos: z.number().int().nonnegative(),
    memories: z.number().int().nonnegative(),
    attachments: z.number().int().nonnegative(),
    documents: z.number().int().nonnegative(),
    contacts: z.number().int().nonnegative(),
    collections: z.number().int().nonnegative(),
    /**
     * heirloom archives with people in their photos (issue 29, decision 059): the people this import made, and the
     * faces it put a name to (a person with a name or a contact). Absent for Takeout, for archives without people
     * and in reports written before.
     */
    people: z.number().int().nonnegative().optional(),
    namedFaces: z.number().int().nonnegative().optional(),
    /**
     * heirloom archives with interviews (decision 066): the interviews this import restored. Each arrives paused
     * (or stopped or finished, as it was), so nobody is mailed until the owner resumes it. Absent otherwise.
     */
    interviews: z.number().int().nonnegative().optional(),
  }),
  /** Already in the library (same sha256), or a second copy inside the archive. */
  skipped: reportListSchema,
  /** Not kept, with the reason (a kind of file heirloom does not keep, a damaged file, …). */
  refused: reportListSchema,
});

export const importJobSchema = z.object({
  id: z.number().int(),
  status: importStatusSchema,
  progress: transferProgressSchema,
  report: importReportSchema.nullable(),
  error: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
});

/** Resumable uploads (tus 1.0, decision 029) are made here; their ids are then passed to POST /api/imports. */
export const IMPORT_UPLOADS_PATH = '/api/imports/uploads';

/**
 * POST /api/imports with JSON instead of a multipart upload: finished resumable uploads (`uploads`, their
 * tus ids) or archives / unpacked folders in HEIRLOOM_IMPORT_DIR (`serverFiles`, their names). One of the two.
 */
export const importSourceSchema = z.union([
  z.object({ uploads: z.array(z.string().min(1).max(200)).min(1).max(50) }).strict(),
  z.object({ serverFiles: z.array(z.string().min(1).max(255)).min(1).max(50) }).strict(),
]);

/** GET /api/imports/server-files: what HEIRLOOM_IMPORT_DIR offers (enabled false when it is not set). */
export const serverFilesSchema = z.object({
  enabled: z.boolean(),
  files: z.array(z.object({ name: z.string(), size: z.number().int().nonnegative(), isFolder: z.boolean() })),
});

export type TransferProgress = z.infer<typeof transferProgressSchema>;
export type ExportJob = z.infer<typeof exportJobSchema>;
export type ImportJob = z.infer<typeof importJobSchema>;
export type ImportReport = z.infer<typeof importReportSchema>;
export type ServerFiles = z.infer<typeof serverFilesSchema>;
