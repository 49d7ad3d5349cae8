import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';
import { enqueueUploads, getUploads, stopUploads, subscribeUploads } from './upload-queue';

// What sends a file, at the boundary: each call waits until the test settles it.
const sent = vi.hoisted(
  () =>
    [] as {
      name: string;
      signal: AbortSignal;
      onProgress: (percent: number) => void;
      resolve: () => void;
      reject: (error: unknown) => void;
    }[],
);
const announced = vi.hoisted(() => [] as string[]);
vi.mock('./upload-send', () => ({
  sendUpload: ({ file }: { file: File }, signal: AbortSignal, onProgress: (percent: number) => void) =>
    new Promise<void>((resolve, reject) => sent.push({ name: file.name, signal, onProgress, resolve, reject })),
  announceDone: (isVideo: boolean) => announced.push(isVideo ? 'video done' : 'photo done'),
  announceFailure: (error: unknown) => announced.push(`failed: ${String(error)}`),
}));

const photo = (name: string) => ({ file: new File(['x'], name, { type: 'image/jpeg' }), isVideo: false });
const video = (name: string) => ({ file: new File(['x'], name, { type: 'video/mp4' }), isVideo: true });
const rows = () => getUploads().map(({ name, status, progress }) => `${name} ${status} ${progress}`);

/** Whether closing the tab now would make the browser ask. */
function asksBeforeUnload() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('upload queue (decision 088: the uploads are the tab’s, not the page’s)', () => {
  beforeEach(() => {
    sent.length = 0;
    announced.length = 0;
  });
  afterEach(() => stopUploads());

  it('sends the files one after another in the order given, and tells who listens', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeUploads(listener);
    enqueueUploads([photo('a.jpg'), video('b.mp4')]);
    enqueueUploads([photo('c.jpg')]);
    expect(listener).toHaveBeenCalled();
    await vi.waitFor(() => expect(sent.map((s) => s.name)).toEqual(['a.jpg']));
    expect(rows()).toEqual(['a.jpg uploading 0', 'b.mp4 waiting 0', 'c.jpg waiting 0']);

    sent[0]!.onProgress(40);
    expect(rows()[0]).toBe('a.jpg uploading 40');
    sent[0]!.resolve();
    await vi.waitFor(() => expect(sent.map((s) => s.name)).toEqual(['a.jpg', 'b.mp4']));
    expect(announced).toEqual(['photo done']);

    sent[1]!.onProgress(100); // a video's bytes are all there: the server now makes it a gallery item
    expect(rows()[1]).toBe('b.mp4 saving 100');
    sent[1]!.reject(new Error('no video in it'));
    await vi.waitFor(() => expect(sent.map((s) => s.name)).toEqual(['a.jpg', 'b.mp4', 'c.jpg']));
    sent[2]!.resolve();
    await vi.waitFor(() => expect(rows()).toEqual(['a.jpg done 100', 'b.mp4 failed 100', 'c.jpg done 100']));
    expect(announced).toEqual(['photo done', 'failed: Error: no video in it', 'photo done']);
    unsubscribe();

    // a new batch replaces the finished rows
    enqueueUploads([photo('d.jpg')]);
    expect(rows()).toEqual(['d.jpg uploading 0']);
  });

  it('has the browser ask before the tab closes only while something is unfinished', async () => {
    expect(asksBeforeUnload()).toBe(false);
    enqueueUploads([photo('a.jpg'), photo('b.jpg')]);
    expect(asksBeforeUnload()).toBe(true);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    sent[0]!.resolve();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(asksBeforeUnload()).toBe(true);
    sent[1]!.resolve();
    await vi.waitFor(() => expect(rows()).toEqual(['a.jpg done 100', 'b.jpg done 100']));
    expect(asksBeforeUnload()).toBe(false);
  });

  it('stops when the owner signs out: the file on its way is cut off, the waiting ones are dropped, nothing is said', async () => {
    queryClient.setQueryData(queryKeys.auth.user, { id: 1 });
    enqueueUploads([video('a.mp4'), photo('b.jpg')]);
    await vi.waitFor(() => expect(sent).toHaveLength(1));

    queryClient.setQueryData(queryKeys.auth.user, null); // what signing out does (auth/api.ts)
    expect(sent[0]!.signal.aborted).toBe(true);
    expect(getUploads()).toEqual([]);
    expect(asksBeforeUnload()).toBe(false);
    sent[0]!.reject(new DOMException('stopped', 'AbortError'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toHaveLength(1);
    expect(announced).toEqual([]);

    // the next owner of the tab starts afresh
    enqueueUploads([photo('c.jpg')]);
    await vi.waitFor(() => expect(sent.map((s) => s.name)).toEqual(['a.mp4', 'c.jpg']));
    expect(sent[1]!.signal.aborted).toBe(false);
  });
});
