// Each photo's derivatives are made once, in the background, as a durable job (lib/jobs.ts): a job survives a
// kill -9, is retried with backoff when making them fails, and after the last try the photo is marked
// 'failed' so Settings → Maintenance can offer a retry. The photo row stays 'pending' until its files exist,
// so the job is idempotent: a second job for a photo that is ready does nothing.
import fsp from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaTools } from '../../lib/ffmpeg';
import type { FileStore } from '../../lib/file-store';
import type { HeicDecoder } from '../../lib/heic-decoder';
import type { JobQueue } from '../../lib/jobs';
import { derivativeKey, renderDerivatives, type Variant } from './photo-derivatives';
import type { PhotoFile, PhotosRepo } from './photos.repo';
import { extractPoster } from './video-derivatives';
import type { VideoQueue } from './video-queue';

const DERIVATIVES_JOB = 'photo.derivatives';

interface Options {
  jobs: JobQueue;
  repo: PhotosRepo;
  files: FileStore;
  heic: HeicDecoder;
  /** ffmpeg for a video's poster frame (decision 038); without it a video's derivatives fail at once. */
  media: MediaTools;
  /** A video whose playback is 'unavailable' (no ffmpeg at upload, or its copy failed) is prepared again. */
  videos: Pick<VideoQueue, 'enqueue'>;
  log: FastifyBaseLogger;
  /** Called when a photo's derivatives changed state (the image cache forgets it). */
  onChange?: (id: number) => void;
}

class StoppingError extends Error {}
/** Nothing can make these derivatives on this server: no retries, the photo is 'failed' at once. */
class NoToolsError extends Error {}

export function createDerivativeQueue({ jobs, repo, files, heic, media, videos, log, onChange }: Options) {
  /** Photos this process queued and has not seen finish: no need to queue them again on every request. */
  const queued = new Set<number>();
  const waiters = new Map<number, Array<() => void>>();
  let stopped = false;

  function finished(id: number) {
    queued.delete(id);
    onChange?.(id);
    const listeners = waiters.get(id);
    waiters.delete(id);
    for (const listener of listeners ?? []) listener();
  }

  /** A video's thumbnail and poster are the photo derivatives of one frame of it. */
  async function renderVideoDerivatives(video: PhotoFile) {
    if (!media.available) throw new NoToolsError(media.problem);
    const frame = await files.newTempPath('jpg');
    try {
      await files.withLocalFile(video.key, (input) => extractPoster(media, input, frame, video.durationMs));
      return await renderDerivatives(frame, 'image/jpeg', heic);
    } finally {
      await fsp.rm(frame, { force: true });
    }
  }

  async function makeDerivatives(id: number, isLastTry: boolean) {
    const photo = await repo.findFileForProcessing(id);
    if (!photo || photo.derivativeStatus !== 'pending') return;
    const written: string[] = [];
    // a video with no playable copy (no ffmpeg at upload, or its copy failed) is prepared again, poster or not
    if (
      photo.videoPlayback === 'unavailable' &&
      media.available &&
      (await repo.setVideoPlayback(id, photo.key, { playback: 'preparing' }))
    ) {
      await videos.enqueue(id);
    }
    try {
      const rendered = photo.videoPlayback
        ? await renderVideoDerivatives(photo)
        : await files.withLocalFile(photo.key, (input) => renderDerivatives(input, photo.mimeType, heic));
      let bytes = 0;
      for (const [variant, data] of Object.entries(rendered.files) as [Variant, Buffer][]) {
        if (stopped) throw new StoppingError();
        const key = derivativeKey(photo.key, variant);
        await files.writeBuffer(key, data);
        written.push(key);
        bytes += data.length;
      }
      const stillThere = await repo.setDerivativeStatus(id, photo.key, 'ready', { width: rendered.width, height: rendered.height, bytes });
      // Deleted or moved while we worked: what we wrote belongs to nobody.
      if (!stillThere) await Promise.all(written.map((key) => files.remove(key)));
    } catch (err) {
      await Promise.all(written.map((key) => files.remove(key).catch(() => {})));
      // Shutting down: the job is tried again after the restart; the photo stays pending meanwhile.
      if (stopped || err instanceof StoppingError) throw new StoppingError('stopped while making derivatives');
      if (err instanceof NoToolsError) {
        await repo.setDerivativeStatus(id, photo.key, 'failed');
        return;
      }
      if (!isLastTry) {
        log.warn({ err, photoId: id }, 'Could not make the derivatives of a photo; it will be retried');
        throw err;
      }
      log.error({ err, photoId: id }, 'Could not make the derivatives of a photo after every retry');
      await repo.setDerivativeStatus(id, photo.key, 'failed');
      throw err; // the job ends 'failed' too
    }
  }

  jobs.define<{ photoId: number }>({
    name: DERIVATIVES_JOB,
    oneQueuedPerKey: true,
    // sharp already spreads one image over the libuv threads; two at a time keeps a 2-core box responsive
    concurrency: 2,
    retryLimit: 3,
    retryDelaySeconds: 5,
    // a 48 MP HEIC decodes in seconds; a try still running after this long belongs to a process that died
    expireInSeconds: 300,
    async handler({ photoId }, job) {
      try {
        await makeDerivatives(photoId, job.isLastTry);
      } finally {
        finished(photoId);
      }
    },
    // a picture that stopped the server on every try ends failed, or the start-up scan would queue it again
    async onGivenUp({ photoId }) {
      const photo = await repo.findFileForProcessing(photoId);
      if (photo?.derivativeStatus === 'pending') await repo.setDerivativeStatus(photoId, photo.key, 'failed');
    },
  });

  return {
    /** Queue a photo's derivatives; resolves once the job is stored (it then survives a crash). */
    async enqueue(id: number) {
      if (stopped) return;
      queued.add(id);
      try {
        await jobs.send(DERIVATIVES_JOB, { photoId: id }, { singletonKey: `photo-${id}` });
      } catch (err) {
        queued.delete(id); // the photo stays pending: the next start-up (or image request) queues it again
        throw err;
      }
    },

    /** Queue every photo still 'pending' whose job was lost (a crash between its row and its job). */
    async resumePending() {
      const ids = await repo.listPendingIds();
      for (const id of ids) queued.add(id);
      await jobs.sendMany(
        DERIVATIVES_JOB,
        ids.map((id) => ({ data: { photoId: id }, singletonKey: `photo-${id}` })),
      );
    },

    /** Resolves when this process has finished the photo's job, or after timeoutMs, whichever is first. */
    waitFor(id: number, timeoutMs: number): Promise<void> {
      if (!queued.has(id)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        const listeners = waiters.get(id) ?? [];
        listeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
        waiters.set(id, listeners);
      });
    },

    isQueued: (id: number) => queued.has(id),

    /** A HEIC is on its way in: have the decoder ready by the time its job starts. */
    warmHeicDecoder: () => heic.warm(),

    /** Resolves when no derivative job is queued or running anywhere (tests, benchmarks). */
    async idle() {
      while ((await jobs.pending(DERIVATIVES_JOB)) > 0) await new Promise((r) => setTimeout(r, 50));
    },

    /** Stop: running jobs end as retries and are done again after the restart. */
    close() {
      stopped = true;
      for (const id of [...waiters.keys()]) finished(id);
    },
  };
}

export type DerivativeQueue = ReturnType<typeof createDerivativeQueue>;

/** What the photos and videos services need of the queue. */
export type DerivativeEnqueuer = Pick<DerivativeQueue, 'enqueue' | 'isQueued' | 'waitFor' | 'warmHeicDecoder'>;
