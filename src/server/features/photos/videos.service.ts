// Video rules (decision 038): a finished resumable upload becomes a video in the gallery once its bytes say
// it is a video and ffprobe finds a picture in it; what plays is the original when browsers play it, else
// its H.264/AAC copy, sent through the one file-serving helper (Range, ETag).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { MB } from '@shared/limits';
import { videoMessages, VIDEO_MIME_TYPES } from '@shared/schemas/videos';
import type { Db } from '../../db/client';
import { storeFiles } from '../../lib/durable-files';
import { AppError, notFound, unsupportedMediaType } from '../../lib/errors';
import { probe, type MediaTools } from '../../lib/ffmpeg';
import { newFileKey, type FileStore, type StagedFile } from '../../lib/file-store';
import { storedFile, type StoredFile } from '../../lib/send-file';
import { safeFileName, sniff, type DetectedType } from '../../lib/uploads';
import type { StorageService } from '../storage/storage.service';
import type { DerivativeEnqueuer } from './derivative-queue';
import type { PhotosRepo } from './photos.repo';
import { videoKey } from './video-derivatives';
import { readVideoMetadata, type VideoMetadata } from './video-metadata';
import type { VideoQueue } from './video-queue';
import { userText } from '@shared/i18n/text';

/** What the preview, the poster sizes and the playable copy are counted as until they exist (decision 020). */
const ESTIMATE: Record<VideoMetadata['playback'], number> = { original: 0.05, remux: 1.05, transcode: 0.6 };
/** Without ffmpeg nothing is made but the estimate of a poster. */
const NO_TOOLS_ESTIMATE = 0.05;

/** file-type's names for the containers phones and cameras write (Matroska: also WebM's cousin). */
export async function detectVideoType(head: Buffer): Promise<DetectedType | undefined> {
  const found = await sniff(head);
  return found && (VIDEO_MIME_TYPES as readonly string[]).includes(found.mime) ? found : undefined;
}

async function sha256Of(tempPath: string) {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(tempPath), hash);
  return hash.digest('hex');
}

export function createVideosService({
  db,
  repo,
  files,
  media,
  derivatives,
  videos,
  storage,
  maxBytes,
}: {
  db: Db;
  repo: PhotosRepo;
  files: FileStore;
  media: MediaTools;
  derivatives: Pick<DerivativeEnqueuer, 'enqueue'>;
  videos: Pick<VideoQueue, 'enqueue'>;
  storage: StorageService;
  maxBytes: number;
}) {
  const messages = videoMessages(maxBytes);

  return {
    messages,

    /** The type check `take` runs on a finished upload's first bytes, before anything is moved. */
    async checkHead(head: Buffer) {
      if (!(await detectVideoType(head))) throw unsupportedMediaType(messages.wrongType);
    },

    /**
     * Takes ownership of a finished upload: recognised by its bytes, read by ffprobe, stored with its row
     * (journalled in lib/durable-files.ts), then its poster and playable copy are queued.
     */
    async create(userId: number, staged: StagedFile, rawName: string | undefined, { importId }: { importId?: number } = {}) {
      try {
        const type = await detectVideoType(staged.head);
        if (!type) throw unsupportedMediaType(messages.wrongType);
        if (staged.size > maxBytes) throw new AppError(413, messages.tooLarge, 'PAYLOAD_TOO_LARGE');
        let meta: VideoMetadata | undefined;
        if (media.available) {
          const probed = await probe(media, staged.tempPath).catch(() => undefined); // ffprobe cannot read it: not a video
          meta = probed === undefined ? undefined : readVideoMetadata(probed, type.mime);
          if (!meta) throw unsupportedMediaType(messages.noVideoStream);
        }
        const contentHash = staged.sha256 || (await sha256Of(staged.tempPath)); // tus uploads arrive unhashed
        const key = newFileKey(userId, 'photos', type.ext);
        const derivativesSize = Math.ceil(staged.size * (meta ? ESTIMATE[meta.playback] : NO_TOOLS_ESTIMATE));
        const video = await storeFiles(db, files, [{ staged, key }], async (tx) => {
          await storage.reserve(tx, userId, 'photos', staged.size + derivativesSize);
          return repo.insert(tx, userId, {
            key,
            fileName: safeFileName(rawName),
            fileSize: staged.size,
            mimeType: type.mime,
            contentHash,
            width: meta?.width ?? null,
            height: meta?.height ?? null,
            dateTaken: meta?.dateTaken ?? null,
            cameraInfo: meta?.cameraInfo ?? null,
            location: meta?.location ?? null,
            exifData: meta?.exifData ?? null,
            derivativesSize,
            importId: importId ?? null,
            video: meta
              ? { playback: 'preparing', durationMs: meta.durationMs, derivativeStatus: 'pending' }
              : { playback: 'unavailable', durationMs: null, derivativeStatus: 'failed' },
          });
        });
        // Stored and acknowledged even if queueing fails now: start-up queues pending and preparing videos again.
        if (meta) {
          await derivatives.enqueue(video.id).catch(() => {});
          await videos.enqueue(video.id).catch(() => {});
        }
        return video;
      } catch (err) {
        await files.discard(staged); // refused before storeFiles took it over (it discards on its own failures)
        throw err;
      }
    },

    /** What the viewer plays (or the grid's preview clip): the original or its copy, once ready. */
    async playable(userId: number, id: number, preview: boolean): Promise<StoredFile> {
      const video = await repo.findOwnedFile(userId, id);
      if (!video?.videoPlayback) throw notFound(userText('No such video'));
      const ready = video.videoPlayback === 'original' || video.videoPlayback === 'copy';
      if (video.videoPlayback === 'preparing') {
        throw new AppError(503, userText('This video is still being prepared. Please try again in a moment.'), 'VIDEO_PREPARING', {
          retryAfterSeconds: 5,
        });
      }
      if (!ready)
        throw new AppError(
          422,
          userText('This video cannot be played in the browser; download the original to watch it'),
          'VIDEO_UNAVAILABLE',
        );
      const key = preview ? videoKey(video.key, 'preview') : video.videoPlayback === 'copy' ? videoKey(video.key, 'copy') : video.key;
      const mimeType = preview || video.videoPlayback === 'copy' ? 'video/mp4' : video.mimeType;
      const file = await storedFile(files, key, { mimeType, fileName: video.fileName });
      if (!file) throw notFound(userText('The file of this video is missing'));
      return file;
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;

/** The largest video this server keeps (VIDEO_MAX_MB). */
export const videoMaxBytesOf = (app: FastifyInstance) => app.env.VIDEO_MAX_MB * MB;
