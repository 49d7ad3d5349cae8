// An answer not sent yet, kept in this browser's IndexedDB under the link's token until the server accepts it:
// a page closed mid-way, a dropped connection or a flat battery loses nothing. Everything here fails quietly —
// a browser without IndexedDB (or in a private mode that refuses it) simply keeps no draft.

export interface AnswerDraft {
  text: string;
  recording: Blob | null;
  /** When the recording was made (its file name says so). */
  recordedAt: string | null;
  photos: File[];
}

const DB_NAME = 'heirloom-answers';
const STORE = 'drafts';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('no IndexedDB'));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    });
  } finally {
    db.close();
  }
}

const isEmpty = (draft: AnswerDraft) => !draft.text.trim() && !draft.recording && draft.photos.length === 0;

export async function loadDraft(token: string): Promise<AnswerDraft | null> {
  try {
    const draft = await run<AnswerDraft | undefined>('readonly', (store) => store.get(token));
    return draft && !isEmpty(draft) ? draft : null;
  } catch {
    return null;
  }
}

/** Keeps the draft (or forgets it once it is empty). */
export async function saveDraft(token: string, draft: AnswerDraft): Promise<void> {
  try {
    await run('readwrite', (store) => (isEmpty(draft) ? store.delete(token) : store.put(draft, token)));
  } catch {
    // no place to keep it: the answer still goes when sent
  }
}

export async function deleteDraft(token: string): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(token));
  } catch {
    // nothing was kept
  }
}
