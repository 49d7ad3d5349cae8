// Decision 088: the gallery's uploads belong to the tab, not to the page that started them. The files go up one
// after another while the owner moves around the app; the upload card shows this queue when it is mounted, the
// signed-in layout a short line while it is unfinished elsewhere. Small on purpose: the layout loads it on every
// page, and what sends a file (upload-send.ts) is fetched with the first file.

import { hashKey } from '@tanstack/react-query';
import { queryClient } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

export type UploadStatus = 'waiting' | 'uploading' | 'saving' | 'done' | 'failed';

export type UploadItem = {
  readonly key: number;
  readonly name: string;
  readonly isVideo: boolean;
  readonly progress: number;
  readonly status: UploadStatus;
};

/** A file to send: whether it goes as a video (tus), and the server's video limit when known. */
export type UploadRequest = { file: File; isVideo: boolean; maxBytes?: number };

type Job = UploadRequest & { key: number };

export const isUnfinished = (item: UploadItem) => item.status === 'waiting' || item.status === 'uploading' || item.status === 'saving';

let items: readonly UploadItem[] = [];
let queue: Job[] = [];
let isRunning = false;
let nextKey = 1;
// Aborted by stopUploads (signing out): a video's tus upload stops, keeping its place on the server.
let stopper = new AbortController();
const listeners = new Set<() => void>();

/** Closing or reloading the tab would cut the uploads short: the browser asks first (its own words). */
const askBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
let isAsking = false;

function publish(next: readonly UploadItem[]) {
  items = next;
  const shouldAsk = items.some(isUnfinished);
  if (shouldAsk !== isAsking && typeof window !== 'undefined') {
    if (shouldAsk) window.addEventListener('beforeunload', askBeforeUnload);
    else window.removeEventListener('beforeunload', askBeforeUnload);
    isAsking = shouldAsk;
  }
  for (const listener of listeners) listener();
}

function patch(key: number, change: Partial<UploadItem>) {
  if (!items.some((item) => item.key === key)) return;
  publish(items.map((item) => (item.key === key ? { ...item, ...change } : item)));
}

/** For useSyncExternalStore: called on every change of the rows. */
export function subscribeUploads(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The rows, oldest first: the same array until something changes. */
export const getUploads = (): readonly UploadItem[] => items;

/** Puts files at the end of the queue and starts it if idle. A new batch replaces the finished rows of the last. */
export function enqueueUploads(requests: readonly UploadRequest[]) {
  if (requests.length === 0) return;
  const added = requests.map((request) => ({ ...request, key: nextKey++ }));
  queue.push(...added);
  publish([
    ...items.filter(isUnfinished),
    ...added.map(({ key, file, isVideo }) => ({ key, name: file.name, isVideo, progress: 0, status: 'waiting' as const })),
  ]);
  void runQueue();
}

/**
 * Signing out: the waiting files are dropped, a video's upload stops (the same file picked again later continues),
 * a picture already on its way is left to finish unheard, and the rows go.
 */
export function stopUploads() {
  stopper.abort();
  stopper = new AbortController();
  queue = [];
  isRunning = false;
  publish([]);
}

// Signing out (here or everywhere) and deleting the account leave the app without a user: the queue stops then.
const USER_HASH = hashKey(queryKeys.auth.user);
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.query.queryHash !== USER_HASH || event.query.state.data !== null) return;
  if (items.length > 0 || isRunning) stopUploads();
});

async function runQueue() {
  if (isRunning) return;
  isRunning = true;
  const { signal } = stopper;
  for (let job = queue.shift(); job; job = queue.shift()) {
    const { key, isVideo } = job;
    patch(key, { status: 'uploading' });
    const send = await import('./upload-send');
    if (signal.aborted) return;
    try {
      await send.sendUpload(job, signal, (progress) => {
        if (signal.aborted) return;
        patch(key, isVideo && progress >= 100 ? { progress, status: 'saving' } : { progress });
      });
      if (signal.aborted) return;
      patch(key, { status: 'done', progress: 100 });
      send.announceDone(isVideo);
    } catch (error) {
      if (signal.aborted) return;
      patch(key, { status: 'failed' });
      send.announceFailure(error, isVideo);
    }
  }
  isRunning = false;
}
