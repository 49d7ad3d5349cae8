// Makes each photo's derivatives once, in the background, a few at a time. The queue lives in memory; the
// database is the durable part: a photo stays 'pending' until its files are written, so after a crash the
// next start simply queues every pending photo again.
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../../lib/file-store';
import type { HeicDecoder } from '../../lib/heic-decoder';
import { derivativeKey, renderDerivatives, type Variant } from './photo-derivatives';
import type { PhotosRepo } from './photos.repo';

interface Options {
  repo: PhotosRepo;
  files: FileStore;
  heic: HeicDecoder;
  log: FastifyBaseLogger;
  /** sharp already spreads one image over the libuv threads; two at a time keeps a 2-core box responsive. */
  concurrency?: number;
  /** Called when a photo's derivatives changed state (the image cache forgets it). */
  onChange?: (id: number) => void;
}

export function createDerivativeQueue({ repo, files, heic, log, concurrency = 2, onChange }: Options) {
  const waiting: number[] = [];
  const queued = new Set<number>();
  const finished = new Map<number, Array<() => void>>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  function notify(id: number) {
    const listeners = finished.get(id);
    finished.delete(id);
    for (const listener of listeners ?? []) listener();
  }

  async function process(id: number) {
    const photo = await repo.findFileForProcessing(id);
    if (!photo || photo.derivativeStatus !== 'pending') return;
    const written: string[] = [];
    try {
      const rendered = await renderDerivatives(files.pathOf(photo.key), photo.mimeType, heic);
      for (const [variant, data] of Object.entries(rendered.files) as [Variant, Buffer][]) {
        if (stopped) return;
        const key = derivativeKey(photo.key, variant);
        await files.writeBuffer(key, data);
        written.push(key);
      }
      const stillThere = await repo.setDerivativeStatus(id, photo.key, 'ready', { width: rendered.width, height: rendered.height });
      // Deleted or moved while we worked: what we wrote belongs to nobody.
      if (!stillThere) await Promise.all(written.map((key) => files.remove(key)));
    } catch (err) {
      if (stopped) return; // shutting down: the photo stays pending and is done after the restart
      log.warn({ err, photoId: id }, 'Could not make the derivatives of a photo');
      await Promise.all(written.map((key) => files.remove(key).catch(() => {})));
      await repo.setDerivativeStatus(id, photo.key, 'failed').catch(() => {});
    }
  }

  function pump() {
    while (!stopped && running.size < concurrency && waiting.length > 0) {
      const id = waiting.shift()!;
      const job = process(id)
        .catch((err: unknown) => {
          if (!stopped) log.error({ err, photoId: id }, 'Derivative job failed');
        })
        .finally(() => {
          onChange?.(id);
          queued.delete(id);
          running.delete(job);
          notify(id);
          pump();
        });
      running.add(job);
    }
  }

  return {
    enqueue(id: number) {
      if (stopped || queued.has(id)) return;
      queued.add(id);
      waiting.push(id);
      pump();
    },

    /** Queue every photo still 'pending' (uploads that were in flight when the server stopped). */
    async resumePending() {
      for (const id of await repo.listPendingIds()) this.enqueue(id);
    },

    /** Resolves when the photo's job has finished, or after timeoutMs, whichever is first. */
    waitFor(id: number, timeoutMs: number): Promise<void> {
      if (!queued.has(id)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        const listeners = finished.get(id) ?? [];
        listeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
        finished.set(id, listeners);
      });
    },

    isQueued: (id: number) => queued.has(id),

    /** A HEIC is on its way in: have the decoder ready by the time its job starts. */
    warmHeicDecoder: () => heic.warm(),

    /** Resolves when nothing is queued or running (tests, benchmarks). */
    async idle() {
      while (running.size > 0 || waiting.length > 0) await Promise.race(running);
    },

    /** Stop taking work and let running jobs end (a HEIC decode in progress is abandoned). */
    async close() {
      stopped = true;
      waiting.length = 0;
      await heic.close();
      await Promise.allSettled([...running]);
      for (const id of [...finished.keys()]) notify(id);
    },
  };
}

export type DerivativeQueue = ReturnType<typeof createDerivativeQueue>;
