// Audio every browser plays (decision 040): Safari before 18.4 and older iPhones cannot play WebM/Opus (what
// Chromium and Firefox record) or Ogg, and every browser plays AAC in MP4. Such an attachment gets an M4A copy,
// made once in the background by the `memory.audio-copy` job on the one durable queue and stored next to the
// original (`<key>.m4a`), which stays byte for byte. The row's audio_copy stays null until the copy is in place,
// so the job is idempotent and start-up queues again what a crash or kill -9 cut off. ffmpeg writes into the temp
// folder and only this process renames its output into place, so a half-made copy is never served, not even by
// an ffmpeg that outlives a killed server (it ignores a broken pipe and finishes on its own, a minute at most).
import type { FastifyBaseLogger } from 'fastify';
import { probe, runFfmpeg, type MediaTools } from '../../lib/ffmpeg';
import type { FileStore } from '../../lib/file-store';
import type { JobQueue } from '../../lib/jobs';
import type { MemoriesRepo } from './memories.repo';

export const AUDIO_COPY_JOB = 'memory.audio-copy';

/**
 * Audio some current browsers cannot play. MP3, AAC/M4A and WAV (PCM) play everywhere; FLAC is not accepted as
 * an attachment today but would need a copy for older Safari too.
 */
const NEEDS_COPY = new Set(['audio/webm', 'audio/ogg', 'audio/flac', 'audio/x-flac']);

export const needsAudioCopy = (mimeType: string) => NEEDS_COPY.has(mimeType);

/** Where an attachment's M4A copy lives. */
export const audioCopyKey = (key: string) => `${key}.m4a`;

/** The copy's bit rate: transparent for voices and music at this size (a minute is about 1 MB). */
const COPY_BITRATE = '128k';

class StoppingError extends Error {}

/** The channels of the first audio stream in ffprobe's answer, or undefined when there is no audio stream. */
function audioChannels(probed: unknown): number | undefined {
  const streams = (probed as { streams?: Array<{ codec_type?: string; channels?: number }> }).streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!audio) return undefined;
  return audio.channels ?? 2;
}

interface Options {
  jobs: JobQueue;
  repo: MemoriesRepo;
  files: FileStore;
  media: MediaTools;
  log: FastifyBaseLogger;
}

/** Defines the job (once per app: src/server/services.ts) and queues attachments' copies. */
export function createAudioCopyQueue({ jobs, repo, files, media, log }: Options) {
  const running = new Set<AbortController>();
  let stopped = false;

  async function makeCopy(attachmentId: number, isLastTry: boolean) {
    const row = await repo.findAudioCopyWork(attachmentId);
    if (!row || row.audioCopy !== null || !needsAudioCopy(row.mimeType)) return;
    const key = audioCopyKey(row.filePath);
    const controller = new AbortController();
    running.add(controller);
    let committed = false;
    try {
      const size = await files.withLocalFile(row.filePath, async (input) => {
        const channels = audioChannels(await probe(media, input));
        if (channels === undefined) throw new Error('The attachment has no audio stream');
        return files.writeWith(key, 'm4a', (temp) =>
          runFfmpeg(
            media,
            [
              ...['-i', input, '-map', '0:a:0', '-vn', '-map_metadata', '-1'],
              // mono stays mono (a voice); anything with more channels becomes stereo
              ...['-c:a', 'aac', '-b:a', COPY_BITRATE, '-ac', channels === 1 ? '1' : '2'],
              ...['-movflags', '+faststart', '-f', 'mp4', temp],
            ],
            { signal: controller.signal, nice: true },
          ),
        );
      });
      committed = true;
      // Deleted (or its account) while ffmpeg ran: the copy belongs to nobody.
      if (!(await repo.setAudioCopy(attachmentId, row.filePath, 'ready', size))) await files.remove(key);
    } catch (err) {
      if (committed) await files.remove(key).catch(() => {});
      if (stopped) throw new StoppingError('stopped while making an audio copy');
      if (!isLastTry) {
        log.warn({ err, attachmentId }, 'Could not make an M4A copy of an audio attachment; it will be retried');
        throw err;
      }
      log.error({ err, attachmentId }, 'Could not make an M4A copy of an audio attachment after every retry');
      await repo.setAudioCopy(attachmentId, row.filePath, 'unavailable', 0);
      throw err;
    } finally {
      running.delete(controller);
    }
  }

  jobs.define<{ attachmentId: number }>({
    name: AUDIO_COPY_JOB,
    oneQueuedPerKey: true,
    concurrency: 1,
    retryLimit: 2,
    retryDelaySeconds: 30,
    // an attachment is at most 15 MB: even an hour of Opus converts in a minute or two
    expireInSeconds: 30 * 60,
    handler: ({ attachmentId }, job) => makeCopy(attachmentId, job.isLastTry),
    // a recording that stopped the server on every try ends unavailable, or the start-up scan would queue it again
    async onGivenUp({ attachmentId }) {
      const row = await repo.findAudioCopyWork(attachmentId);
      if (row && row.audioCopy === null) await repo.setAudioCopy(attachmentId, row.filePath, 'unavailable', 0);
    },
  });

  return {
    ...createAudioCopySender(jobs, media, log),

    /** Queue every copy still to be made (its job may have been lost between its row and its job, or ffmpeg came later). */
    async resumeMissing() {
      if (!media.available) return;
      const ids = await repo.listAudioCopiesToMake([...NEEDS_COPY]);
      await jobs.sendMany(
        AUDIO_COPY_JOB,
        ids.map((id) => ({ data: { attachmentId: id }, singletonKey: `audio-copy-${id}` })),
      );
    },

    /** Stop: ffmpeg is stopped, the job ends as a retry and runs again after the restart. */
    close() {
      stopped = true;
      for (const controller of running) controller.abort(new StoppingError('stopping'));
    },
  };
}

export type AudioCopySender = ReturnType<typeof createAudioCopySender>;

/** The queueing half of the queue: what the memories service needs of it. */
function createAudioCopySender(jobs: JobQueue, media: MediaTools, log: FastifyBaseLogger) {
  return {
    /**
     * Queue the copies of the attachments that need one. Never fails the upload that stored them: a job that
     * could not be queued now is queued at the next start (its row still says no copy).
     */
    async enqueue(attachments: Array<{ id: number; mimeType: string }>) {
      if (!media.available) return;
      for (const attachment of attachments) {
        if (!needsAudioCopy(attachment.mimeType)) continue;
        await jobs
          .send(AUDIO_COPY_JOB, { attachmentId: attachment.id }, { singletonKey: `audio-copy-${attachment.id}` })
          .catch((err: unknown) => log.error({ err, attachmentId: attachment.id }, 'Could not queue an audio copy'));
      }
    },
  };
}
