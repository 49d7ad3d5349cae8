// The `import.run` job (decision 029). An import is all or nothing across a crash: every row it creates
// carries its id, and each try begins by removing what an earlier try left (after a kill -9 the queue runs
// the job again); a refused archive or the last failed try removes them too. The archives it was given are
// removed when it ends, whichever way (never the originals in HEIRLOOM_IMPORT_DIR).
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TRANSFER_MESSAGES } from '@shared/schemas/transfers';
import type { Tx } from '../../lib/durable-files';
import { AppError } from '../../lib/errors';
import { sentenceIn } from '../../lib/i18n';
import { FileTooLargeError, withLocalFiles } from '../../lib/file-store';
import { refusal } from './archive-refusals';
import { ArchiveRefusedError, openArchives, type ArchiveSource, type OpenArchive } from './archive-reader';
import { findHeirloomMetadata, heirloomBytes, importHeirloom, parseHeirloomMetadata } from './heirloom-import';
import { createProgress, ReportBuilder, type ImportContext, type ImportServices } from './import-context';
import type { ImportRecord, ImportsRepo } from './imports.repo';
import { importTakeout, looksLikeTakeout, takeoutBytes } from './takeout-import';
import { userText } from '@shared/i18n/text';

export const IMPORT_JOB = 'import.run';

const FAILED = userText('The import could not be finished. Nothing was imported; please try again.');
const ARCHIVE_GONE = userText('The uploaded archive is no longer on the server. Nothing was imported; please upload it again.');

const isNotFound = (err: unknown) => err instanceof AppError && err.statusCode === 404;

/** Resolves a name inside HEIRLOOM_IMPORT_DIR, refusing separators, `..`, anything outside and symlinks. */
export async function resolveServerFile(dir: string, name: string): Promise<ArchiveSource | undefined> {
  if (name === '.' || name === '..' || /[/\\\0]/.test(name)) return undefined;
  const full = path.resolve(dir, name);
  if (path.dirname(full) !== dir) return undefined;
  try {
    const stat = await fsp.lstat(full);
    if (stat.isDirectory()) return { path: full, kind: 'folder' };
    if (stat.isFile()) return { path: full, kind: 'zip' };
    return undefined; // a symlink, a device…
  } catch {
    return undefined;
  }
}

export function defineImportJob(app: FastifyInstance, repo: ImportsRepo, services: ImportServices) {
  /** Removes every row (and with it every file) an earlier try of this import created. */
  async function undo(record: ImportRecord) {
    await services.familyTree.removeForArchive(record.userId, record.id);
    // the people it made go first, while their faces still tell them apart from everyone else's
    await services.people.removePeopleOf(record.userId, record.id);
    const rows = await repo.rowsOf(record.userId, record.id);
    const remove = async (ids: number[], fn: (userId: number, id: number) => Promise<unknown>) => {
      for (const id of ids) await fn(record.userId, id).catch((err: unknown) => (isNotFound(err) ? undefined : Promise.reject(err)));
    };
    await remove(rows.collections, services.collections.remove);
    await remove(rows.photos, services.photos.remove);
    await remove(rows.documents, services.vault.remove);
    await remove(rows.memories, services.memories.remove);
    await remove(rows.contacts, services.contacts.remove);
  }

  /** The archives to read, as local files for as long as `use` runs (a bucket's are copied down first). */
  async function withSources<T>(record: ImportRecord, use: (sources: ArchiveSource[]) => Promise<T>): Promise<T> {
    if (!record.fromServerDir) {
      for (const key of record.sourceKeys) if (!(await app.files.exists(key))) throw new ArchiveRefusedError(ARCHIVE_GONE);
      return withLocalFiles(app.files, record.sourceKeys, (paths) => use(paths.map((path) => ({ path, kind: 'zip' }))));
    }
    const dir = app.env.HEIRLOOM_IMPORT_DIR;
    if (!dir) throw new ArchiveRefusedError(TRANSFER_MESSAGES.noImportDir);
    const sources: ArchiveSource[] = [];
    for (const name of record.sourceKeys) {
      const source = await resolveServerFile(dir, name);
      if (!source) throw new ArchiveRefusedError(TRANSFER_MESSAGES.serverFileMissing);
      sources.push(source);
    }
    return use(sources);
  }

  async function removeSources(record: ImportRecord) {
    if (record.fromServerDir) return;
    for (const key of record.sourceKeys) await app.files.remove(key).catch(() => {});
  }

  async function run(record: ImportRecord, archive: OpenArchive) {
    const heirloom = findHeirloomMetadata(archive.entries);
    const format = heirloom ? 'heirloom' : looksLikeTakeout(archive.entries) ? 'google-takeout' : undefined;
    if (!format) throw new ArchiveRefusedError(TRANSFER_MESSAGES.unknownArchive);
    const report = new ReportBuilder(format);
    const ctx: ImportContext = {
      userId: record.userId,
      importId: record.id,
      archive,
      services,
      repo,
      report,
      progress: createProgress(repo, record.id),
      async stage(entry, maxBytes) {
        try {
          return await app.files.stage(await archive.open(entry), maxBytes);
        } catch (err) {
          if (err instanceof AppError || err instanceof ArchiveRefusedError) throw err;
          if (err instanceof FileTooLargeError) throw new ArchiveRefusedError(refusal('fileTooLarge'));
          // the entry's bytes could not be read back (damaged, or not what its header declared)
          throw new ArchiveRefusedError(refusal('fileDamaged'));
        }
      },
      discard: (staged) => app.files.discard(staged),
    };
    // Before anything is written: what would be kept must fit (an archive's viewer and previews are not kept).
    const usage = await services.storage.usage(record.userId);
    const fits = (bytes: number) => bytes <= usage.quotaBytes - usage.usedBytes;
    let finishWith: ((tx: Tx) => Promise<void>) | undefined;
    if (heirloom) {
      const data = await parseHeirloomMetadata(ctx, heirloom);
      if (!fits(heirloomBytes(data))) throw new ArchiveRefusedError(TRANSFER_MESSAGES.overQuota);
      finishWith = await importHeirloom(ctx, data);
    } else {
      if (!fits(takeoutBytes(archive.entries))) throw new ArchiveRefusedError(TRANSFER_MESSAGES.overQuota);
      await importTakeout(ctx);
    }
    await ctx.progress.flush();
    return { report: report.build(), finishWith };
  }

  app.jobs.define<{ importId: number }>({
    name: IMPORT_JOB,
    concurrency: 1,
    retryLimit: 2,
    retryDelaySeconds: 5,
    // a large library takes a while; a try still running after this long belonged to a process that died
    expireInSeconds: 6 * 60 * 60,
    async handler({ importId }, job) {
      const record = await repo.findForJob(importId);
      if (!record || record.status === 'done' || record.status === 'failed') return;
      await repo.markRunning(importId);
      await undo(record);
      try {
        await withSources(record, async (sources) => {
          const archive = await openArchives(sources);
          try {
            const { report, finishWith } = await run(record, archive);
            await repo.finish(importId, report, finishWith);
          } finally {
            archive.close();
          }
        });
      } catch (err) {
        const message = err instanceof ArchiveRefusedError ? err.message : undefined;
        if (message === undefined && !job.isLastTry) {
          app.log.warn({ err, importId }, 'An import try failed; it will be retried');
          throw err; // the next try begins by removing what this one created
        }
        if (message === undefined) app.log.error({ err, importId }, 'An import failed after every retry');
        await undo(record);
        // a refusal naming an entry is written in its owner's language (archive-refusals.ts); a fixed text stays
        // English and is translated when read
        const said = err instanceof ArchiveRefusedError ? err.sentence : undefined;
        await repo.fail(importId, said ? sentenceIn(await repo.ownerLanguage(record.userId), said) : (message ?? FAILED));
      }
      await removeSources(record);
    },
    // its process stopped during every try (or its last): the owner sees it failed, as after a failed last try
    async onGivenUp({ importId }) {
      const record = await repo.findForJob(importId);
      if (!record || record.status === 'done' || record.status === 'failed') return;
      await undo(record);
      await repo.fail(importId, FAILED);
      await removeSources(record);
    },
  });

  return {
    send: (importId: number) => app.jobs.send(IMPORT_JOB, { importId }),
  };
}
