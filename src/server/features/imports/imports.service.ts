// Starting and following imports (decision 029). An uploaded archive is kept under the account's own folder
// until its job ends (journalled with the import's row, so a crash leaves neither alone); archives in
// HEIRLOOM_IMPORT_DIR are read where they are and never removed.
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TRANSFER_MESSAGES, type ServerFiles } from '@shared/schemas/transfers';
import { storeFiles, type Placement } from '../../lib/durable-files';
import { AppError, badRequest, conflict, notFound, payloadTooLarge } from '../../lib/errors';
import type { StagedFile } from '../../lib/file-store';
import type { ImportServices } from './import-context';
import { jobIn } from './import-report-lines';
import { resolveServerFile } from './import-job';
import type { ImportsRepo } from './imports.repo';
import { userText } from '@shared/i18n/text';

/** GET /api/imports lists this many, latest first. */
const LIST_LIMIT = 10;

const importRunning = () => conflict(TRANSFER_MESSAGES.importRunning, 'IMPORT_RUNNING');

export function createImportsService({
  app,
  repo,
  services,
  send,
}: {
  app: FastifyInstance;
  repo: ImportsRepo;
  services: ImportServices;
  send: (importId: number) => Promise<unknown>;
}) {
  async function remainingBytes(userId: number) {
    const usage = await services.storage.usage(userId);
    return Math.max(0, usage.quotaBytes - usage.usedBytes);
  }

  async function queue(id: number) {
    await send(id);
    return { id };
  }

  return {
    /** The owner's imports, their reports and errors in `language`. */
    list: async (userId: number, language: string) => (await repo.listByOwner(userId, LIST_LIMIT)).map((job) => jobIn(job, language)),

    async get(userId: number, id: number, language: string) {
      const job = await repo.findOwned(userId, id);
      if (!job) throw notFound(userText('Import not found')); // also covers "belongs to someone else"
      return jobIn(job, language);
    },

    /** 409 before a byte of an upload is read when one is already queued or running. */
    async assertNoneRunning(userId: number) {
      if (await repo.hasUnfinished(userId)) throw importRunning();
    },

    remainingBytes,

    /** Takes ownership of staged archives: kept with the import's row, or discarded on any refusal. */
    async startFromStaged(userId: number, staged: StagedFile[]) {
      const total = staged.reduce((sum, s) => sum + s.size, 0);
      if (total > (await remainingBytes(userId))) {
        await Promise.all(staged.map((s) => app.files.discard(s)));
        throw payloadTooLarge(TRANSFER_MESSAGES.overQuota);
      }
      const placements: Placement[] = staged.map((s) => ({ staged: s, key: `users/${userId}/imports/${randomUUID()}.zip` }));
      const id = await storeFiles(app.db, app.files, placements, async (tx) => {
        const created = await repo.insertUnlessRunning(
          tx,
          userId,
          placements.map((p) => p.key),
          false,
        );
        if (created === 'running') throw importRunning();
        return created;
      });
      return queue(id);
    },

    async startFromServer(userId: number, names: string[]) {
      const dir = app.env.HEIRLOOM_IMPORT_DIR;
      if (!dir) throw badRequest(TRANSFER_MESSAGES.noImportDir, 'NO_IMPORT_DIR');
      for (const name of names)
        if (!(await resolveServerFile(dir, name))) throw badRequest(TRANSFER_MESSAGES.serverFileMissing, 'NO_SUCH_FILE');
      const id = await app.db.transaction(async (tx) => repo.insertUnlessRunning(tx, userId, [...new Set(names)], true));
      if (id === 'running') throw importRunning();
      return queue(id);
    },

    /** What HEIRLOOM_IMPORT_DIR offers: zip files and folders directly inside it (symlinks left out). */
    async serverFiles(): Promise<ServerFiles> {
      const dir = app.env.HEIRLOOM_IMPORT_DIR;
      if (!dir) return { enabled: false, files: [] };
      const files: ServerFiles['files'] = [];
      try {
        for (const dirent of await fsp.readdir(dir, { withFileTypes: true })) {
          if (dirent.name.startsWith('.')) continue;
          const stat = await fsp.lstat(path.join(dir, dirent.name));
          if (stat.isDirectory()) files.push({ name: dirent.name, size: 0, isFolder: true });
          else if (stat.isFile() && /\.zip$/i.test(dirent.name)) files.push({ name: dirent.name, size: stat.size, isFolder: false });
        }
      } catch (err) {
        app.log.warn({ err }, 'HEIRLOOM_IMPORT_DIR cannot be read');
        throw new AppError(503, userText('The import folder on the server cannot be read.'), 'UNAVAILABLE');
      }
      files.sort((a, b) => a.name.localeCompare(b.name));
      return { enabled: true, files };
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
