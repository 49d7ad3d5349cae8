// Keeps files and rows in step across crashes. Writing: the key is journalled in pending_files (committed),
// the file is moved into place, then ONE transaction inserts the row(s) and clears the journal entry.
// Deleting: one transaction removes the row(s) and journals their keys, then the files are removed and the
// journal cleared. recoverPendingFiles() at start-up removes every file still journalled. A kill -9 at any
// point therefore leaves either the complete row with its file, or neither.
// A whole folder (an account's) can be closed: stores already under way in it are waited for, new ones are
// refused before they touch the disk, so nothing lands in it after it is removed.
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pendingFiles } from '../db/schema';
import { notFound } from './errors';
import type { FileStore, StagedFile } from './file-store';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Placement {
  staged: StagedFile;
  key: string;
}

interface RunningStore {
  keys: string[];
  settled: Promise<unknown>;
}

/**
 * Per storage root, in this process: folders closed for good (deleted accounts; identity ids are never
 * reused, so the set only grows by one short string per deleted account) and the stores under way.
 */
const storeStates = new WeakMap<FileStore, { closed: Set<string>; running: Set<RunningStore> }>();

function stateOf(files: FileStore) {
  let state = storeStates.get(files);
  if (!state) {
    state = { closed: new Set(), running: new Set() };
    storeStates.set(files, state);
  }
  return state;
}

const isUnder = (key: string, folder: string) => key === folder || key.startsWith(`${folder}/`);

/**
 * Move staged files to their keys and run `insert` in the transaction that makes them permanent.
 * If anything fails, the files are removed (or discarded) and no row remains. A key in a closed folder is
 * refused with 404 before anything is written.
 */
export async function storeFiles<T>(db: Db, files: FileStore, placements: Placement[], insert: (tx: Tx) => Promise<T>): Promise<T> {
  const state = stateOf(files);
  const closed = [...state.closed];
  if (placements.some((p) => closed.some((folder) => isUnder(p.key, folder)))) {
    await Promise.all(placements.map((p) => files.discard(p.staged)));
    throw notFound('User not found');
  }
  // Checked and registered in the same tick: a folder closed after this line waits for this store.
  const store = storeNow(db, files, placements, insert);
  const running: RunningStore = { keys: placements.map((p) => p.key), settled: store.catch(() => {}) };
  state.running.add(running);
  try {
    return await store;
  } finally {
    state.running.delete(running);
  }
}

async function storeNow<T>(db: Db, files: FileStore, placements: Placement[], insert: (tx: Tx) => Promise<T>): Promise<T> {
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
    if (stillPending.length > 0)
      await db
        .delete(pendingFiles)
        .where(inArray(pendingFiles.key, stillPending))
        .catch(() => {});
    throw err;
  }
}

/** Inside a transaction that removes rows: journal the keys (files or whole folders) they owned. */
export async function journalRemoval(tx: Tx, keys: string[]) {
  if (keys.length > 0)
    await tx
      .insert(pendingFiles)
      .values(keys.map((key) => ({ key })))
      .onConflictDoNothing();
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

/**
 * After the transaction that removed a whole folder's rows (and journalled the folder) committed: refuse new
 * files in it, let the stores already moving files into it finish (their rows are refused now, so they
 * remove their own files), then remove the folder and clear the journal.
 */
export async function closeAndRemoveFolders(db: Db, files: FileStore, folders: string[]) {
  const state = stateOf(files);
  for (const folder of folders) state.closed.add(folder);
  const inside = [...state.running].filter((r) => r.keys.some((key) => folders.some((folder) => isUnder(key, folder))));
  await Promise.all(inside.map((r) => r.settled));
  await finishRemoval(db, files, folders);
}

/** At start-up: files journalled but never confirmed belong to requests that never completed. */
export async function recoverPendingFiles(db: Db, files: FileStore) {
  const rows = await db.select().from(pendingFiles);
  for (const row of rows) await files.removeTree(row.key); // a key may name a whole folder (account deletion)
  if (rows.length > 0)
    await db.delete(pendingFiles).where(
      inArray(
        pendingFiles.key,
        rows.map((r) => r.key),
      ),
    );
  return rows.length;
}
