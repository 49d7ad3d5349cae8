// "Export everything" (decision 028): POST queues the `export.build` job, GET follows it, and the finished
// archive is a stored file served with Range support for 7 days. The builder, the writer and the dataset
// types are exported here for the features whose archives are made the same way (shared links, heirs:
// decision 054).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ARCHIVE_PATHS } from '@shared/export-format';
import { EXPORT_KEEP_DAYS, TRANSFER_MESSAGES, type ExportJob } from '@shared/schemas/transfers';
import type { Db } from '../../db/client';
import { defineMessages } from '../../lib/define-messages';
import { sentence, sentenceIn, translator } from '../../lib/i18n';
import { accountLanguage, utcMoment } from '../../lib/mail-language';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { FileStore, StagedFile } from '../../lib/file-store';
import type { JobQueue } from '../../lib/jobs';
import { queueMail } from '../../lib/mail';
import { storedFile, type StoredFile } from '../../lib/send-file';
import { buildAccountDataset, MissingFileError } from './account-dataset';
import { archiveTotals, writeArchive } from './archive-writer';
import { createExportsRepo, type ExportRow, type ExportsRepo } from './exports.repo';
import { createLegacyPlanExportRepo } from './legacy-plan.repo';

export { createArchiveBuilder, type OriginalBytes } from './archive-builder';
export { archiveEntries, archiveToSend, archiveTotals, writeArchive, type ArchiveProgress } from './archive-writer';
export { isCompressedType, type ArchiveFile, type ExportDataset } from './export-dataset';
export { keyCodeSaltId } from './legacy-plan-dataset';
export { safeNamePart, zipNames } from './zip-stream';

export const EXPORT_BUILD_JOB = 'export.build';
export const EXPORT_EXPIRE_JOB = 'export.expire';
/** The exports GET /api/exports lists: the current one and a few before it. */
const LIST_LIMIT = 10;
/** Progress is written to the row at most this often: enough for a progress bar, cheap for the database. */
const PROGRESS_EVERY_MS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const notReady = () => new AppError(409, TRANSFER_MESSAGES.exportNotReady, 'EXPORT_NOT_READY');
const expired = () => new AppError(410, TRANSFER_MESSAGES.exportExpired, 'EXPORT_EXPIRED');
const messages = defineMessages({
  failedDownload: { id: 'errors.export.failedDownload', defaultMessage: 'This export could not be finished. Please start a new one.' },
  failed: {
    id: 'errors.export.failed',
    defaultMessage: 'The export could not be finished. Please try again; if it fails again, the server log says why.',
  },
});

interface BuildData {
  exportId: number;
  userId: number;
}

interface Deps {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** The server's key-code salt: an archive names it (never holds it), so an import knows whether heirs' hashes work there. */
  keyCodeSalt: Buffer;
  /** The account's family tree as a GEDCOM file (family.ged); null when there is no tree to speak of. */
  familyTree?: (userId: number) => Promise<string | null>;
  now?: () => Date;
}

export const exportDownloadPath = (id: number) => `/api/exports/${id}/download`;
const archiveKey = (userId: number) => `users/${userId}/exports/${randomUUID()}.zip`;

export function createExportsService({ db, files, jobs, log, publicUrl, keyCodeSalt, familyTree, now = () => new Date() }: Deps) {
  const repo: ExportsRepo = createExportsRepo(db);
  const planRepo = createLegacyPlanExportRepo(db);

  const isExpired = (row: ExportRow) => row.status === 'ready' && (!row.fileKey || (row.expiresAt !== null && row.expiresAt <= now()));

  function toJob(row: ExportRow): ExportJob {
    let secondsLeft: number | null = null;
    if (row.status === 'running' && row.startedAt) {
      // from the pace so far: bytes when there are any to count, else entries
      const [done, total] = row.bytesTotal > 0 ? [row.bytesDone, row.bytesTotal] : [row.itemsDone, row.itemsTotal];
      const elapsed = (now().getTime() - row.startedAt.getTime()) / 1000;
      if (done > 0 && total >= done) secondsLeft = Math.max(0, Math.round((elapsed * (total - done)) / done));
    }
    return {
      id: row.id,
      status: row.status,
      progress: { itemsDone: row.itemsDone, itemsTotal: row.itemsTotal, bytesDone: row.bytesDone, bytesTotal: row.bytesTotal, secondsLeft },
      bytes: row.status === 'ready' ? row.fileSize : null,
      downloadUrl: row.status === 'ready' && !isExpired(row) ? exportDownloadPath(row.id) : null,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
    };
  }

  // The failure is kept as text on the export's row (no message ids are stored), so it is written in the owner's
  // language at the time: a status line is read as it was said, like the mail that an export is ready.
  const failedText = async (userId: number) => translator(await accountLanguage(db, userId)).formatMessage(messages.failed);

  async function removeArchive(key: string | null) {
    if (key) await files.remove(key).catch((err: unknown) => log.warn({ err }, 'Could not remove an export archive'));
  }

  async function build({ exportId, userId }: BuildData, isLastTry: boolean) {
    const row = await repo.findForJob(userId, exportId);
    if (!row || row.status === 'ready' || row.status === 'failed') return; // deleted, or finished by an earlier try
    // a try before this one (kill -9, a failure) may have placed its archive: this try starts over
    await removeArchive(row.fileKey);
    let staged: StagedFile | undefined;
    try {
      const dataset = await buildAccountDataset({ repo, planRepo, files, keyCodeSalt }, userId, now());
      const gedcom = await familyTree?.(userId);
      if (gedcom) dataset.texts = [{ path: ARCHIVE_PATHS.familyTree, text: gedcom }];
      const totals = archiveTotals(dataset);
      const key = archiveKey(userId);
      await repo.markRunning(userId, exportId, { ...totals, fileKey: key });
      let lastWrite = Date.now();
      let latest = { itemsDone: 0, bytesDone: 0 };
      let writing: Promise<void> = Promise.resolve();
      const archive = writeArchive(dataset, (progress) => {
        latest = progress;
        if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = Date.now();
        // one write at a time; a failed progress write only delays the bar
        writing = writing.then(() => repo.setProgress(userId, exportId, latest)).catch(() => {});
      });
      staged = await files.stage(archive, Infinity);
      await writing;
      await files.commit(staged, key);
      staged = undefined;
      const expiresAt = new Date(now().getTime() + EXPORT_KEEP_DAYS * DAY_MS);
      await repo.markReady(userId, exportId, { fileSize: (await files.stat(key)).size, ...latest, expiresAt });
      await jobs.send(EXPORT_EXPIRE_JOB, { exportId, userId }, { startAfter: expiresAt });
      const owner = await repo.owner(userId);
      if (owner) {
        const intl = translator(await accountLanguage(db, userId));
        await queueMail(jobs, {
          to: owner.email,
          language: intl.locale,
          subject: intl.formatMessage({ id: 'mail.exportReady.subject', defaultMessage: 'Your heirloom export is ready' }),
          text: [
            intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name: owner.firstName }),
            '',
            intl.formatMessage({
              id: 'mail.exportReady.ready',
              defaultMessage: 'The archive of everything in your heirloom is ready to download:',
            }),
            `${publicUrl}/settings#your-data`,
            '',
            intl.formatMessage(
              {
                id: 'mail.exportReady.kept',
                defaultMessage:
                  'It is kept for {days} days, until {moment}. Unzip it and open index.html in any browser to see it,\nwith no internet connection and no heirloom server needed.',
              },
              { days: EXPORT_KEEP_DAYS, moment: utcMoment(intl, expiresAt) },
            ),
          ].join('\n'),
        });
      }
    } catch (err) {
      if (staged) await files.discard(staged);
      const current = await repo.findForJob(userId, exportId);
      await removeArchive(current?.fileKey ?? null);
      // a file missing from storage will not be there on the next try either: say which one at once
      if (err instanceof MissingFileError) {
        log.warn({ exportId }, err.message);
        await repo.markFailed(userId, exportId, sentenceIn(await accountLanguage(db, userId), err.said));
        return;
      }
      if (!isLastTry) throw err;
      log.error({ err, exportId }, 'An export failed after every try');
      await repo.markFailed(userId, exportId, await failedText(userId));
      throw err;
    }
  }

  async function expire({ exportId, userId }: BuildData) {
    const row = await repo.find(userId, exportId);
    if (!row?.fileKey) return;
    await files.remove(row.fileKey);
    await repo.clearFile(userId, exportId);
  }

  return {
    /** Defines the two jobs on the queue; called once, before the app is ready. */
    defineJobs() {
      jobs.define<BuildData>({
        name: EXPORT_BUILD_JOB,
        retryLimit: 2,
        // a try is retried after a crash or a passing failure; waiting long would only delay the archive
        retryDelaySeconds: 5,
        // a try still running after this long belongs to a process that died (a 2 GB library takes minutes)
        expireInSeconds: 6 * 60 * 60,
        handler: (data, job) => build(data, job.isLastTry),
      });
      jobs.define<BuildData>({
        name: EXPORT_EXPIRE_JOB,
        retryLimit: 5,
        retryDelaySeconds: 60,
        expireInSeconds: 300,
        handler: (data) => expire(data),
      });
    },

    async start(userId: number): Promise<{ id: number }> {
      const row = await repo.createUnlessBusy(userId, EXPORT_BUILD_JOB);
      if (!row) throw conflict(TRANSFER_MESSAGES.exportRunning, 'EXPORT_RUNNING');
      try {
        await jobs.send(EXPORT_BUILD_JOB, { exportId: row.id, userId });
      } catch (err) {
        await repo.markFailed(userId, row.id, await failedText(userId));
        throw err;
      }
      return { id: row.id };
    },

    async list(userId: number): Promise<ExportJob[]> {
      return (await repo.listRecent(userId, LIST_LIMIT)).map(toJob);
    },

    async get(userId: number, id: number): Promise<ExportJob> {
      const row = await repo.find(userId, id);
      if (!row) throw notFound();
      return toJob(row);
    },

    /** The finished archive: 404 another user's, 409 not ready, 410 expired. */
    async download(userId: number, id: number): Promise<StoredFile> {
      const row = await repo.find(userId, id);
      if (!row) throw notFound();
      if (row.status === 'failed') throw conflict(sentence(messages.failedDownload), 'EXPORT_FAILED');
      if (row.status !== 'ready') throw notReady();
      if (isExpired(row)) throw expired();
      const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
      const file = await storedFile(files, row.fileKey!, {
        mimeType: 'application/zip',
        fileName: `heirloom export ${day}.zip`,
        lastModified: row.finishedAt ?? undefined,
      });
      if (!file) throw expired();
      return file;
    },

    /** The expiry job's work, callable directly (tests, a sweep after a lost queue). */
    expire,
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
