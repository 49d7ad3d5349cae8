// Each video's preview and playable copy are made once, in the background, by the `video.playable` job on the
// one durable queue (decision 038). One at a time (a transcode keeps both cores busy), ffmpeg at lower
// priority. The row stays 'preparing' until its files are in place, so the job is idempotent and a job cut
// off by a crash or kill -9 runs again after the restart; what ffmpeg had written is in the temp folder,
// which start-up empties, so a half-made copy is never served.
import type { FastifyBaseLogger } from 'fastify';
import { probe, type MediaTools } from '../../lib/ffmpeg';
import type { FileStore } from '../../lib/file-store';
import type { JobQueue } from '../../lib/jobs';
import type { PhotosRepo } from './photos.repo';
import { makePlayableCopy, makePreview, videoKey, type VideoVariant } from './video-derivatives';
import { readVideoMetadata } from './video-metadata';

const PLAYABLE_JOB = 'video.playable';
/** How often progress is written to the row (the gallery polls every few seconds). */
const PROGRESS_EVERY_MS = 2_000;

class StoppingError extends Error {}

interface Options {
  jobs: JobQueue;
  repo: PhotosRepo;
  files: FileStore;
  media: MediaTools;
  log: FastifyBaseLogger;
  /** Called when a video's playback changed (the image cache forgets it). */
  onChange?: (id: number) => void;
}

export function createVideoQueue({ jobs, repo, files, media, log, onChange }: Options) {
  const running = new Set<AbortController>();
  let stopped = false;

  /** Make one file with ffmpeg and put it in place (lib/file-store writeWith); returns its size. */
  async function makeInto(key: string, made: string[], make: (output: string) => Promise<void>): Promise<number> {
    const size = await files.writeWith(key, 'mp4', make);
    made.push(key);
    return size;
  }

  async function prepare(id: number, isLastTry: boolean) {
    const video = await repo.findFileForProcessing(id);
    if (!video || video.videoPlayback !== 'preparing') return;
    const controller = new AbortController();
    running.add(controller);
    const made: string[] = [];
    const keyOf = (variant: VideoVariant) => videoKey(video.key, variant);
    try {
      // ffmpeg reads a local file: the original itself, or a copy of it from the bucket
      const { meta, bytes } = await files.withLocalFile(video.key, async (input) => {
        const meta = readVideoMetadata(await probe(media, input), video.mimeType);
        if (!meta) throw new Error('The video stream is gone from the file');
        let bytes = await makeInto(keyOf('preview'), made, (out) => makePreview(media, input, out, { signal: controller.signal }));
        if (meta.playback !== 'original') {
          let lastWrite = 0;
          let writing = Promise.resolve();
          const onProgress = (fraction: number) => {
            const now = Date.now();
            if (now - lastWrite < PROGRESS_EVERY_MS) return;
            lastWrite = now;
            const progress = Math.min(99, Math.floor(fraction * 100));
            writing = writing.then(() => repo.setVideoPlayback(id, video.key, { progress }).then(() => onChange?.(id))).catch(() => {});
          };
          bytes += await makeInto(keyOf('copy'), made, (out) =>
            makePlayableCopy(media, input, out, meta.playback === 'remux' ? 'remux' : 'transcode', {
              durationMs: meta.durationMs,
              createdAt: meta.dateTaken,
              onProgress,
              signal: controller.signal,
            }),
          );
          await writing;
        }
        return { meta, bytes };
      });
      const playback = meta.playback === 'original' ? 'original' : 'copy';
      const stillThere = await repo.setVideoPlayback(id, video.key, { playback, progress: null, addBytes: bytes });
      // Deleted or moved while we worked: what we made belongs to nobody.
      if (!stillThere) await Promise.all(made.map((key) => files.remove(key)));
    } catch (err) {
      await Promise.all(made.map((key) => files.remove(key).catch(() => {})));
      if (stopped) throw new StoppingError('stopped while preparing a video');
      if (!isLastTry) {
        log.warn({ err, photoId: id }, 'Could not prepare a video for playback; it will be retried');
        throw err;
      }
      log.error({ err, photoId: id }, 'Could not prepare a video for playback after every retry');
      await repo.setVideoPlayback(id, video.key, { playback: 'unavailable', progress: null });
      throw err;
    } finally {
      running.delete(controller);
      onChange?.(id);
    }
  }

  jobs.define<{ photoId: number }>({
    name: PLAYABLE_JOB,
    oneQueuedPerKey: true,
    concurrency: 1,
    retryLimit: 2,
    retryDelaySeconds: 30,
    // two hours of HEVC at 1080p take about that long on two cores; a try still running after this died with its process
    expireInSeconds: 6 * 60 * 60,
    handler: ({ photoId }, job) => prepare(photoId, job.isLastTry),
    // a video that stopped the server on every try ends unavailable, or the start-up scan would queue it again
    async onGivenUp({ photoId }) {
      const video = await repo.findFileForProcessing(photoId);
      if (video?.videoPlayback === 'preparing')
        await repo.setVideoPlayback(photoId, video.key, { playback: 'unavailable', progress: null });
    },
  });

  return {
    /** Queue a video's preview and playable copy; resolves once the job is stored. */
    async enqueue(id: number) {
      if (stopped) return;
      await jobs.send(PLAYABLE_JOB, { photoId: id }, { singletonKey: `video-${id}` });
    },

    /** Queue every video still 'preparing' (its job may have been lost between its row and its job). */
    async resumePreparing() {
      const ids = await repo.listPreparingVideoIds();
      await jobs.sendMany(
        PLAYABLE_JOB,
        ids.map((id) => ({ data: { photoId: id }, singletonKey: `video-${id}` })),
      );
    },

    /** Resolves when no video job is queued or running anywhere (tests, benchmarks). */
    async idle() {
      while ((await jobs.pending(PLAYABLE_JOB)) > 0) await new Promise((r) => setTimeout(r, 100));
    },

    /** Stop: ffmpeg is stopped, the job ends as a retry and runs again after the restart. */
    close() {
      stopped = true;
      for (const controller of running) controller.abort(new StoppingError('stopping'));
    },
  };
}

export type VideoQueue = ReturnType<typeof createVideoQueue>;
