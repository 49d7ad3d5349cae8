// Keeps files and rows in step across crashes. Writing: the key is journalled in pending_files (committed),
// the file is moved into place, then ONE transaction inserts the row(s) and clears the journal entry.
// Deleting: one transaction removes the row(s) and journals their keys, then the files are removed and the
// journal cleared. recoverPendingFiles() (at start-up, and every half minute with several instances)
// removes every file still journalled by an instance that is no longer alive. A kill -9 at any point
// therefore leaves either the complete row with its file, or neither.
// Several instances (decision 043): an upload's entry carries its instance's id, and the transaction that
// makes the files permanent must still find its own entries: if a recovery took them (this process lost
// its connection and looked dead for a moment), the upload fails and its files go instead of a row
// pointing at removed files. Removal entries carry no id: finishing a removal twice is harmless.
// A whole folder (an account's) can be closed: stores already under way in it are waited for, new ones are
// refused before they touch the disk, so nothing lands in it after it is removed.
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pendingFiles } from '../db/schema';
import { notFound } from './errors';
import type { FileStore, StagedFile } from './file-store';
import { instanceBusOf, LIVE_INSTANCE_IDS } from './instance-bus';
import { userText } from '@shared/i18n/text';

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
    throw notFound(userText('User not found'));
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
  const instanceId = instanceBusOf(db.$client)?.id ?? null;
  const ours = instanceId === null ? isNull(pendingFiles.instanceId) : sql`${pendingFiles.instanceId} = ${instanceId}`;
  try {
    await db.insert(pendingFiles).values(keys.map((key) => ({ key, instanceId })));
  } catch (err) {
    await Promise.all(placements.map((p) => files.discard(p.staged)));
    throw err;
  }
  try {
    for (const p of placements) await files.commit(p.staged, p.key);
    return await db.transaction(async (tx) => {
      const result = await insert(tx);
      const cleared = await tx
        .delete(pendingFiles)
        .where(and(inArray(pendingFiles.key, keys), ours))
        .returning({ key: pendingFiles.key });
      if (cleared.length !== keys.length) throw new Error('A recovery removed the files of this store while it was running');
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

/**
 * Files journalled but never confirmed by an instance that is no longer alive (or before instances had ids)
 * belong to requests that never completed: at start-up, and every half minute with several instances. The
 * entries are first taken over by this instance, so a recovery that dies half-way is finished by the next.
 */
export async function recoverPendingFiles(db: Db, files: FileStore) {
  const bus = instanceBusOf(db.$client);
  // Not hearing the others means our own lock may be gone for a moment: our own entries would look dead.
  if (bus && !bus.listening) return 0;
  const me = bus?.id ?? null;
  const rows = await db
    .update(pendingFiles)
    .set({ instanceId: me })
    .where(sql`${pendingFiles.instanceId} IS NULL OR ${pendingFiles.instanceId} NOT IN (${sql.raw(LIVE_INSTANCE_IDS)})`)
    .returning({ key: pendingFiles.key });
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

/** Several instances: recover what stopped instances left, every `everyMs`, until the returned stop is called. */
export function recoverPendingFilesEvery(db: Db, files: FileStore, everyMs: number, onError: (err: unknown) => void) {
  const timer = setInterval(() => {
    recoverPendingFiles(db, files).catch(onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
