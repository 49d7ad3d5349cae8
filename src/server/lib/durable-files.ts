// Keeps files and rows in step across crashes. Writing: the key is journalled in pending_files (committed),
// the file is moved into place, then ONE transaction inserts the row(s) and clears the journal entry.
// Deleting: one transaction removes the row(s) and journals their keys, then the files are removed and the
// journal cleared. recoverPendingFiles() at start-up removes every file still journalled. A kill -9 at any
// point therefore leaves either the complete row with its file, or neither.
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pendingFiles } from '../db/schema';
import type { FileStore, StagedFile } from './file-store';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Placement {
  staged: StagedFile;
  key: string;
}

/**
 * Move staged files to their keys and run `insert` in the transaction that makes them permanent.
 * If anything fails, the files are removed (or discarded) and no row remains.
 */
export async function storeFiles<T>(db: Db, files: FileStore, placements: Placement[], insert: (tx: Tx) => Promise<T>): Promise<T> {
  const keys = placements.map((p) => p.key);
  try {
    await db.insert(pendingFiles).values(keys.map((key) => ({ key })));
  } catch (err) {
    await Promise.all(placements.map((p) => files.discard(p.staged)));
    throw err;
  }
  try {
    for (const p of placements) await files.commit(p.staged, p.key);
    return await db.transaction(async (tx) => {
      const result = await insert(tx);
      await tx.delete(pendingFiles).where(inArray(pendingFiles.key, keys));
      return result;
    });
  } catch (err) {
    await Promise.all(placements.map((p) => files.discard(p.staged)));
    // A COMMIT can fail on the wire yet have happened: a key no longer journalled belongs to a committed row
    // and must stay. If the journal cannot be read now, leave everything to recoverPendingFiles at start-up.
    const stillPending = await db
      .select({ key: pendingFiles.key })
      .from(pendingFiles)
      .where(inArray(pendingFiles.key, keys))
      .then((rows) => rows.map((r) => r.key))
      .catch(() => []);
    await Promise.all(stillPending.map((key) => files.remove(key)));
    if (stillPending.length > 0) await db.delete(pendingFiles).where(inArray(pendingFiles.key, stillPending)).catch(() => {});
    throw err;
  }
}

/** Inside a transaction that removes rows: journal the keys (files or whole folders) they owned. */
export async function journalRemoval(tx: Tx, keys: string[]) {
  if (keys.length > 0) await tx.insert(pendingFiles).values(keys.map((key) => ({ key }))).onConflictDoNothing();
}

/** After that transaction committed: remove the files and clear the journal. */
export async function finishRemoval(db: Db, files: FileStore, keys: string[]) {
  if (keys.length === 0) return;
  await Promise.all(keys.map((key) => files.removeTree(key)));
  await db.delete(pendingFiles).where(inArray(pendingFiles.key, keys));
}

/** Delete rows in one transaction (`remove` returns the storage keys they owned), then their files. */
export async function removeFilesWith<T>(db: Db, files: FileStore, remove: (tx: Tx) => Promise<{ result: T; keys: string[] }>): Promise<T> {
  const { result, keys } = await db.transaction(async (tx) => {
    const out = await remove(tx);
    await journalRemoval(tx, out.keys);
    return out;
  });
  await finishRemoval(db, files, keys);
  return result;
}

/** At start-up: files journalled but never confirmed belong to requests that never completed. */
export async function recoverPendingFiles(db: Db, files: FileStore) {
  const rows = await db.select().from(pendingFiles);
  for (const row of rows) await files.removeTree(row.key); // a key may name a whole folder (account deletion)
  if (rows.length > 0) await db.delete(pendingFiles).where(inArray(pendingFiles.key, rows.map((r) => r.key)));
  return rows.length;
}
