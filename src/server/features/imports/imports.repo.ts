// Imports queries: the job rows (owner-scoped for everything a user reaches), the rows an import created
// (found by import_id, so an interrupted try removes exactly its own), and the owner's files by content hash.
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ImportJob, ImportReport, TransferProgress } from '@shared/schemas/transfers';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import type { Db } from '../../db/client';
import { collections, contacts, imports, memories, photos, users, vaultFiles } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';
import { cleanText } from '../../lib/nul-character';

type Row = typeof imports.$inferSelect;

/** What the job needs of its row; never sent to a client. */
export interface ImportRecord {
  id: number;
  userId: number;
  status: Row['status'];
  sourceKeys: string[];
  fromServerDir: boolean;
}

/** The rows one import created, by kind. */
export interface ImportedRows {
  photos: number[];
  memories: number[];
  documents: number[];
  contacts: number[];
  collections: number[];
}

export function createImportsRepo(db: Db) {
  const owned = (userId: number, id: number) => and(eq(imports.id, id), eq(imports.userId, userId));

  return {
    /**
     * One unfinished import per account: the user's row is locked first, so two requests at once are checked
     * one after the other. Runs in the caller's transaction (the one that keeps the uploaded archives).
     */
    async insertUnlessRunning(tx: Tx, userId: number, sourceKeys: string[], fromServerDir: boolean): Promise<number | 'running'> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const [running] = await tx
        .select({ id: imports.id })
        .from(imports)
        .where(and(eq(imports.userId, userId), inArray(imports.status, ['queued', 'running'])))
        .limit(1);
      if (running) return 'running';
      const [row] = await tx.insert(imports).values({ userId, sourceKeys, fromServerDir }).returning({ id: imports.id });
      return row!.id;
    },

    async findOwned(userId: number, id: number): Promise<ImportJob | undefined> {
      const [row] = await db.select().from(imports).where(owned(userId, id));
      return row && toImportJob(row);
    },

    async listByOwner(userId: number, limit: number): Promise<ImportJob[]> {
      const rows = await db
        .select()
        .from(imports)
        .where(eq(imports.userId, userId))
        .orderBy(desc(imports.createdAt), desc(imports.id))
        .limit(limit);
      return rows.map(toImportJob);
    },

    async hasUnfinished(userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: imports.id })
        .from(imports)
        .where(and(eq(imports.userId, userId), inArray(imports.status, ['queued', 'running'])))
        .limit(1);
      return rows.length > 0;
    },

    /** For the job only: it works for the user who started the import. */
    /** The language the import's owner reads heirloom in (English when they have not chosen). */
    async ownerLanguage(userId: number): Promise<string> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return row?.language ?? SOURCE_LANGUAGE;
    },

    async findForJob(id: number): Promise<ImportRecord | undefined> {
      const [row] = await db.select().from(imports).where(eq(imports.id, id));
      return row && { id: row.id, userId: row.userId, status: row.status, sourceKeys: row.sourceKeys, fromServerDir: row.fromServerDir };
    },

    async markRunning(id: number) {
      await db
        .update(imports)
        .set({ status: 'running', startedAt: new Date(), itemsDone: 0, itemsTotal: 0, bytesDone: 0, bytesTotal: 0 })
        .where(eq(imports.id, id));
    },

    async setProgress(id: number, progress: Omit<TransferProgress, 'secondsLeft'>) {
      await db.update(imports).set(progress).where(eq(imports.id, id));
    },

    /** Done, with `alsoWrite` (rows that carry no import id) in the same transaction: all of it, or none. */
    async finish(id: number, report: ImportReport, alsoWrite?: (tx: Tx) => Promise<void>) {
      await db.transaction(async (tx) => {
        await alsoWrite?.(tx);
        await tx.update(imports).set({ status: 'done', report, error: null, finishedAt: new Date() }).where(eq(imports.id, id));
      });
    },

    async fail(id: number, error: string) {
      // a refusal may quote an entry's name: stored as text the database accepts
      const stored = cleanText(error);
      await db.update(imports).set({ status: 'failed', report: null, error: stored, finishedAt: new Date() }).where(eq(imports.id, id));
    },

    /** Every row this import created (its owner's only), oldest first. */
    async rowsOf(userId: number, importId: number): Promise<ImportedRows> {
      const ids = async <T extends typeof photos | typeof memories | typeof vaultFiles | typeof collections>(table: T) =>
        (
          await db
            .select({ id: table.id })
            .from(table as typeof photos)
            .where(and(eq(table.userId, userId), eq(table.importId, importId)))
            .orderBy(asc(table.id))
        ).map((r) => r.id);
      const contactRows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.ownerId, userId), eq(contacts.importId, importId)));
      return {
        photos: await ids(photos),
        memories: await ids(memories),
        documents: await ids(vaultFiles),
        contacts: contactRows.map((r) => r.id),
        collections: await ids(collections),
      };
    },

    /** The owner's photo with these bytes, if any (an import skips what the library already has). */
    async photoByHash(userId: number, sha256: string): Promise<{ id: number; memoryId: number | null } | undefined> {
      const [row] = await db
        .select({ id: photos.id, memoryId: photos.memoryId })
        .from(photos)
        .where(and(eq(photos.userId, userId), isNotNull(photos.contentHash), eq(photos.contentHash, sha256)))
        .orderBy(asc(photos.id))
        .limit(1);
      return row;
    },

    async documentByHash(userId: number, sha256: string): Promise<{ id: number; memoryId: number | null } | undefined> {
      const [row] = await db
        .select({ id: vaultFiles.id, memoryId: vaultFiles.memoryId })
        .from(vaultFiles)
        .where(and(eq(vaultFiles.userId, userId), isNotNull(vaultFiles.contentHash), eq(vaultFiles.contentHash, sha256)))
        .orderBy(asc(vaultFiles.id))
        .limit(1);
      return row;
    },
  };
}
export type ImportsRepo = ReturnType<typeof createImportsRepo>;

/** The only place an import row becomes an ImportJob. */
function toImportJob(row: Row): ImportJob {
  return {
    id: row.id,
    status: row.status,
    progress: {
      itemsDone: row.itemsDone,
      itemsTotal: row.itemsTotal,
      bytesDone: row.bytesDone,
      bytesTotal: row.bytesTotal,
      secondsLeft: secondsLeft(row),
    },
    report: (row.report as ImportJob['report']) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** From the pace so far: bytes when there are any, else items. */
function secondsLeft(row: Row): number | null {
  if (row.status !== 'running' || !row.startedAt) return null;
  const elapsed = (Date.now() - row.startedAt.getTime()) / 1000;
  const [done, total] = row.bytesTotal > 0 ? [row.bytesDone, row.bytesTotal] : [row.itemsDone, row.itemsTotal];
  if (done <= 0 || total <= 0 || elapsed < 1) return null;
  return Math.max(0, Math.round((elapsed / done) * (total - done)));
}
