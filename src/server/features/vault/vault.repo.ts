import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { VaultFile, VaultFileDetails } from '@shared/schemas/vault';
import type { TextOutcome } from '../../ai/ocr/text-kinds';
import type { Db } from '../../db/client';
import { memories, users, vaultFiles } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';
import { keysetPage, type Keyset } from '../../lib/keyset';

type VaultRow = Omit<typeof vaultFiles.$inferSelect, 'searchVector' | 'text' | 'textError'>;
// search_vector (the search slice's, decision 030) is never read here: a list would carry every row's lexemes for
// nothing; nor are the words read from a document (up to 100,000 characters), which only its details carry.
const { searchVector: _searchVector, text: _text, textError: _textError, ...vaultColumns } = getTableColumns(vaultFiles);
export type NewVaultFile = Omit<
  typeof vaultFiles.$inferInsert,
  'id' | 'userId' | 'uploadedAt' | 'lastAccessedAt' | 'textError' | 'searchVector'
>;

export type QuotaInsertResult =
  | { ok: true; file: VaultFile }
  | { ok: false; reason: 'over-quota'; usedBytes: number }
  | { ok: false; reason: 'memory-not-found' | 'user-not-found' };

/** The paged list's order, the same as listByOwner's: the newest upload first. */
const VAULT_KEYSET: Keyset = {
  list: 'vault',
  direction: 'desc',
  keys: [{ expr: vaultFiles.uploadedAt, kind: 'timestamp' }],
  id: vaultFiles.id,
};

export function createVaultRepo(db: Db) {
  const owned = (userId: number, id: number) => and(eq(vaultFiles.id, id), eq(vaultFiles.userId, userId));

  return {
    async listByOwner(userId: number) {
      const rows = await db
        .select(vaultColumns)
        .from(vaultFiles)
        .where(eq(vaultFiles.userId, userId))
        .orderBy(desc(vaultFiles.uploadedAt), desc(vaultFiles.id));
      return rows.map(toVaultFile);
    },

    /** One page of listByOwner, after `cursor` (issue 15). */
    async pageByOwner(userId: number, cursor: string | undefined, limit: number) {
      const page = keysetPage(VAULT_KEYSET, cursor, limit);
      const rows = await db
        .select({ ...vaultColumns, ...page.columns })
        .from(vaultFiles)
        .where(and(eq(vaultFiles.userId, userId), page.where))
        .orderBy(...page.orderBy)
        .limit(page.fetch);
      const { rows: kept, nextCursor } = page.finish(rows, (r) => r.id);
      return { items: kept.map(toVaultFile), nextCursor };
    },

    /** The caller's files among `ids` (others' ids are simply absent), in no particular order. */
    async listOwnedByIds(userId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select(vaultColumns)
        .from(vaultFiles)
        .where(and(eq(vaultFiles.userId, userId), inArray(vaultFiles.id, ids)));
      return rows.map(toVaultFile);
    },

    /** The row including its storage key (filePath), which never leaves the server. */
    async findOwnedWithPath(userId: number, id: number) {
      const [row] = await db.select(vaultColumns).from(vaultFiles).where(owned(userId, id)).limit(1);
      return row && { file: toVaultFile(row), filePath: row.filePath, contentHash: row.contentHash };
    },

    /** The document with the words read from it (GET /api/vault/:id/details). */
    async findDetails(userId: number, id: number): Promise<VaultFileDetails | undefined> {
      const [row] = await db
        .select({ ...vaultColumns, text: vaultFiles.text, textError: vaultFiles.textError })
        .from(vaultFiles)
        .where(owned(userId, id))
        .limit(1);
      return row && { ...toVaultFile(row), text: row.text, textStatus: row.textStatus, textError: row.textError };
    },

    /** What the text job needs to read a document: undefined once it is deleted. */
    async findToRead(userId: number, id: number) {
      const [row] = await db
        .select({ filePath: vaultFiles.filePath, mimeType: vaultFiles.mimeType, textStatus: vaultFiles.textStatus })
        .from(vaultFiles)
        .where(owned(userId, id))
        .limit(1);
      return row;
    },

    /** Keeps the words read (or why not) of a document still waiting for them; a deleted one is left alone. */
    async saveText(userId: number, id: number, outcome: TextOutcome | { status: 'unsupported' }) {
      await db
        .update(vaultFiles)
        .set({
          textStatus: outcome.status,
          text: outcome.status === 'done' ? outcome.text : '',
          textError: outcome.status === 'failed' ? outcome.reason : null,
        })
        .where(and(owned(userId, id), eq(vaultFiles.textStatus, 'pending')));
    },

    /** Every document whose words are still to be read, across accounts (queued again at start). */
    async pendingText() {
      return db
        .select({ id: vaultFiles.id, userId: vaultFiles.userId })
        .from(vaultFiles)
        .where(eq(vaultFiles.textStatus, 'pending'))
        .orderBy(vaultFiles.id);
    },

    async usedBytes(userId: number) {
      const [row] = await db
        .select({ used: sql<string>`coalesce(sum(${vaultFiles.fileSize}), 0)` })
        .from(vaultFiles)
        .where(eq(vaultFiles.userId, userId));
      return Number(row?.used ?? 0);
    },

    /**
     * Insert a file row only if the user's total stays within quotaBytes, atomically with respect to the
     * user's other uploads: the user's row is locked first, so concurrent uploads of one user are checked
     * one after another and cannot all pass on the same stale sum. Runs in the caller's transaction (the
     * one that makes the stored file permanent, see lib/durable-files.ts).
     */
    async insertWithinQuota(tx: Tx, userId: number, values: NewVaultFile, quotaBytes: number): Promise<QuotaInsertResult> {
      const locked = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      if (locked.length === 0) return { ok: false, reason: 'user-not-found' };

      if (values.memoryId != null) {
        // FOR SHARE keeps the memory from being deleted before this row is committed.
        const memory = await tx
          .select({ id: memories.id })
          .from(memories)
          .where(and(eq(memories.id, values.memoryId), eq(memories.userId, userId)))
          .for('share');
        if (memory.length === 0) return { ok: false, reason: 'memory-not-found' };
      }

      const [sum] = await tx
        .select({ used: sql<string>`coalesce(sum(${vaultFiles.fileSize}), 0)` })
        .from(vaultFiles)
        .where(eq(vaultFiles.userId, userId));
      const usedBytes = Number(sum?.used ?? 0);
      if (usedBytes + values.fileSize > quotaBytes) return { ok: false, reason: 'over-quota', usedBytes };

      const [row] = await tx
        .insert(vaultFiles)
        .values({ ...values, userId })
        .returning(vaultColumns);
      return { ok: true, file: toVaultFile(row!) };
    },

    /** Marks a download; returns the updated row with its storage key, or undefined if not the user's. */
    async touch(userId: number, id: number) {
      const [row] = await db.update(vaultFiles).set({ lastAccessedAt: new Date() }).where(owned(userId, id)).returning(vaultColumns);
      return row && { file: toVaultFile(row), filePath: row.filePath };
    },

    async unlink(userId: number, id: number) {
      const [row] = await db.update(vaultFiles).set({ memoryId: null }).where(owned(userId, id)).returning(vaultColumns);
      return row && toVaultFile(row);
    },

    /** Deletes the row in the caller's transaction; returns its storage key so the file can follow. */
    async remove(tx: Tx, userId: number, id: number) {
      const [row] = await tx.delete(vaultFiles).where(owned(userId, id)).returning({ filePath: vaultFiles.filePath });
      return row?.filePath;
    },
  };
}
export type VaultRepo = ReturnType<typeof createVaultRepo>;

/** Rows never leave the server; this is the only place a vault row becomes a VaultFile. */
function toVaultFile(row: VaultRow): VaultFile {
  return {
    id: row.id,
    memoryId: row.memoryId,
    fileName: row.fileName,
    originalName: row.originalName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    description: row.description,
    uploadedAt: row.uploadedAt.toISOString(),
    lastAccessedAt: row.lastAccessedAt?.toISOString() ?? null,
    provenance: row.provenance,
  };
}
