// Photo rules: what an upload must be, which file answers an image request, and the maintenance tools that
// repair or prune a library without ever touching another user's photos or acting on a missing disk.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pageLimit } from '@shared/schemas/paging';
import {
  PHOTO_TAGS_MAX,
  type PhotoBulk,
  type PhotoBulkResult,
  type PhotoMonthsQuery,
  type PhotoPageQuery,
  type PhotoPatch,
  type PhotoSort,
} from '@shared/schemas/photos';
import type { Db } from '../../db/client';
import { removeFilesWith, storeFiles } from '../../lib/durable-files';
import { defineMessages } from '../../lib/define-messages';
import { AppError, badRequest, notFound, serviceUnavailable } from '../../lib/errors';
import { sentence } from '../../lib/i18n';
import { contentEtag, etagMatches } from '../../lib/etag';
import { isMissingFile, newFileKey, type FileStat, type FileStore } from '../../lib/file-store';
import { assertCompleteImage, isHeif, readImageHeader } from '../../lib/images';
import { placeFreeKey } from '../../lib/place-free-copies';
import { storedFile, type ByteRange, type StoredFile } from '../../lib/send-file';
import type { ReceivedFile } from '../../lib/uploads';
import type { StorageService } from '../storage/storage.service';
import type { DerivativeEnqueuer } from './derivative-queue';
import type { CachedImage, ImageCache } from './image-cache';
import { derivativeKey, isDerivativeKey, VARIANT_TYPES, type Variant } from './photo-derivatives';
/** Where each stored size of a photo lives: a shared link serves the metadata-free sizes as they are. */
export { derivativeKey } from './photo-derivatives';
/** Where a video's playable copy lives, and how a video plays (decision 038): shares serve them too. */
export { videoKey } from './video-derivatives';
export type { VideoPlaybackState } from './photos.repo';
import { readPhotoMetadata } from './photo-metadata';
import { photoDateChange, storedPhotoDate, type StoredPhotoDate } from './photo-date-change';
import { videoKey, type VideoVariant } from './video-derivatives';
import { createPhotosRepo, photoImagePath, type ImportedPhotoMetadata, type PhotoFile, type PhotosRepo } from './photos.repo';
import { userText } from '@shared/i18n/text';

export type ImageSize = 'thumb' | 'mobile' | 'full';

/** The file that answers an image request; isFinal is false for a stand-in while derivatives are made. */
export type ImageFile = CachedImage;

/** A cached answer pointed at a file that is gone (deleted or moved by another instance): ask again. */
export class ImageFileGoneError extends Error {}

/** How long an image request may wait for its photo's derivatives before answering without them. */
const WAIT_FOR_DERIVATIVES_MS = 2_000;
/** A file this new may belong to an upload that is still being saved: fix-paths leaves it alone. */
const SETTLING_MS = 60_000;

/** The first instant PostgreSQL's timestamps hold (there is no year 0). */
const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00Z');

const ALL_VARIANTS: Variant[] = ['thumb', 'mobile', 'display'];
const VIDEO_VARIANTS: VideoVariant[] = ['preview', 'copy'];
/** What a photo's derivatives are counted as until they exist (decision 020): about a quarter of the original. */
const DERIVATIVES_ESTIMATE = 0.25;

const messages = defineMessages({
  tooManyTags: {
    id: 'errors.photos.tooManyTags',
    defaultMessage: 'A photo can have at most {max, plural, other {# tags}}; some selected photos would have more. Nothing was changed.',
  },
});

const BULK_NOT_FOUND = userText('Photo not found: one or more of the selected photos do not exist. Nothing was changed.');

/** Tags without repeats, compared ignoring case; the first spelling is kept (decision 033). */
export function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

const storageUnavailable = () =>
  serviceUnavailable(userText('Photo storage is not available right now (is the disk mounted?). Nothing was changed.'));

const isMissing = (err: unknown) => isMissingFile(err) || (err as NodeJS.ErrnoException).code === 'ENOTDIR';

export function createPhotosService({
  db,
  repo,
  files,
  queue,
  cache,
  storage,
}: {
  db: Db;
  repo: PhotosRepo;
  files: FileStore;
  queue: DerivativeEnqueuer;
  cache: ImageCache;
  storage: StorageService;
}) {
  /** The original and every derivative a photo (or video) may have, its copy for shares without places included. */
  const keysOf = (photo: Pick<PhotoFile, 'key'>) => [
    photo.key,
    ...ALL_VARIANTS.map((v) => derivativeKey(photo.key, v)),
    ...VIDEO_VARIANTS.map((v) => videoKey(photo.key, v)),
    placeFreeKey(photo.key),
  ];

  async function statIfPresent(key: string): Promise<FileStat | undefined> {
    try {
      return await files.stat(key);
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  /** Is the original there? Anything but "no such file" (permissions, I/O) stops maintenance untouched. */
  async function originalExists(key: string): Promise<boolean> {
    try {
      return (await statIfPresent(key)) !== undefined;
    } catch {
      throw storageUnavailable();
    }
  }

  async function sha256Of(key: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(await files.openRead(key), hash);
    return hash.digest('hex');
  }

  /**
   * The file that answers GET /image/:id. Derivatives are only ever read here, never made: while a photo's
   * are being made the request waits a little, then a JPEG/PNG/GIF/WebP falls back to its original and a
   * HEIC answers 503 so the client retries.
   */
  async function resolveImage(userId: number, id: number, size: ImageSize): Promise<ImageFile> {
    let photo = await repo.findOwnedFile(userId, id);
    if (!photo) throw notFound(userText('Photo not found'));
    const isVideo = photo.videoPlayback !== null;
    // a video's picture is its poster frame: the mobile size is its largest (decision 038)
    const wanted: Variant | 'original' =
      size === 'thumb' ? 'thumb' : size === 'mobile' || isVideo ? 'mobile' : isHeif(photo.mimeType) ? 'display' : 'original';
    if (wanted !== 'original' && photo.derivativeStatus === 'pending') {
      // e.g. its job was lost with a database outage; a failure to queue leaves it pending for the next try
      if (!queue.isQueued(photo.id)) await queue.enqueue(photo.id).catch(() => {});
      await queue.waitFor(photo.id, WAIT_FOR_DERIVATIVES_MS);
      photo = (await repo.findOwnedFile(userId, id)) ?? photo;
    }
    // a video (like a HEIC) has no original an <img> can show
    const heif = isHeif(photo.mimeType) || isVideo;
    const candidates: (Variant | 'original')[] = [];
    if (wanted !== 'original' && photo.derivativeStatus === 'ready') candidates.push(wanted);
    // Fallbacks: the display JPEG for a HEIC (when ready), else the original a browser can show.
    if (heif) {
      if (photo.derivativeStatus === 'ready' && wanted !== 'display' && !isVideo) candidates.push('display');
      if (photo.derivativeStatus === 'ready' && wanted === 'thumb' && isVideo) candidates.push('mobile');
    } else {
      candidates.push('original');
    }
    for (const candidate of candidates) {
      const key = candidate === 'original' ? photo.key : derivativeKey(photo.key, candidate);
      const stat = await statIfPresent(key);
      if (!stat) continue;
      return {
        userId,
        key,
        stat,
        contentType: candidate === 'original' ? photo.mimeType : VARIANT_TYPES[candidate],
        isFinal: candidate === wanted || photo.derivativeStatus === 'ready',
      };
    }
    if (heif && photo.derivativeStatus === 'pending') {
      // the client retries after 2 s (spec §2, §9)
      throw new AppError(503, userText('This photo is still being prepared. Please try again in a moment.'), 'PHOTO_PREPARING', {
        retryAfterSeconds: 2,
      });
    }
    if (isVideo && photo.derivativeStatus === 'failed') {
      throw new AppError(422, userText('This video has no poster picture; download the original to watch it'), 'VIDEO_NO_POSTER');
    }
    if (heif && photo.derivativeStatus === 'failed') {
      throw new AppError(422, userText('This photo could not be converted for display'), 'PHOTO_CONVERSION_FAILED');
    }
    throw notFound(userText('The file of this photo is missing'));
  }

  async function requeueFailed(userId: number) {
    const ids = await repo.requeueFailed(userId);
    for (const id of ids) {
      cache.forget(id);
      await queue.enqueue(id);
    }
    return ids.length;
  }

  return {
    list: (userId: number, sort?: PhotoSort) => repo.listByOwner(userId, sort),

    /** The gallery a page at a time (issue 15); the same order as list. */
    page(userId: number, query: PhotoPageQuery) {
      if (query.from !== undefined && query.cursor !== undefined) throw badRequest(userText('Send a cursor or from, not both'));
      if (query.from !== undefined && query.sortBy === 'title') throw badRequest(userText('from works with the date orders only'));
      const from = query.from === undefined ? undefined : new Date(query.from);
      // year 0 (an offset can reach it from 0001-01-01) does not exist in PostgreSQL: a 500 there
      if (from && from.getTime() < EARLIEST_INSTANT) throw badRequest(userText('from must be in the year 1 or later'));
      if (query.with !== undefined && query.person === undefined) throw badRequest(userText('with needs person: the photos both are in'));
      const people = [query.person, query.with].filter((id) => id !== undefined);
      return repo.pageByOwner(userId, query.sortBy, query.cursor, pageLimit(query), from, people, query.undated ?? false);
    },

    /** How many of the owner's photos have no date taken. */
    undatedCount: async (userId: number) => ({ count: await repo.countUndated(userId) }),

    /**
     * The scrubber's months; a zone PostgreSQL does not know is the client's mistake (400). The weak ETag names
     * the counts themselves, so a revisit whose months have not changed is answered 304 without the body.
     */
    async months(userId: number, query: PhotoMonthsQuery, ifNoneMatch?: string) {
      try {
        const body = { months: await repo.monthsByOwner(userId, query.sortBy ?? 'dateTaken', query.tz ?? 'UTC') };
        const etag = contentEtag('pm', JSON.stringify(body));
        if (etagMatches(ifNoneMatch, etag)) return { notModified: true as const, etag };
        return { notModified: false as const, etag, body };
      } catch (err) {
        const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
        if (code === '22023') throw badRequest(userText('tz must be an IANA time zone such as Europe/Paris'));
        throw err;
      }
    },

    /**
     * Takes ownership of a staged upload. The file and its row become permanent together (journalled in
     * lib/durable-files.ts): a failed insert leaves no file, a failed write no row, a crash neither.
     */
    async create(userId: number, upload: ReceivedFile, { importId }: { importId?: number } = {}) {
      const { staged } = upload;
      try {
        if (isHeif(upload.mimeType)) queue.warmHeicDecoder();
        const header = await readImageHeader(staged.tempPath);
        await assertCompleteImage(staged.tempPath, upload.mimeType);
        const meta = await readPhotoMetadata(header.exif);
        const key = newFileKey(userId, 'photos', upload.ext);
        const derivativesSize = Math.ceil(staged.size * DERIVATIVES_ESTIMATE);
        const photo = await storeFiles(db, files, [{ staged, key }], async (tx) => {
          await storage.reserve(tx, userId, 'photos', staged.size + derivativesSize);
          return repo.insert(tx, userId, {
            key,
            fileName: upload.fileName,
            fileSize: staged.size,
            mimeType: upload.mimeType,
            contentHash: staged.sha256,
            width: header.width,
            height: header.height,
            dateTaken: meta.dateTaken,
            cameraInfo: meta.cameraInfo,
            location: meta.location,
            exifData: meta.exifData,
            derivativesSize,
            importId: importId ?? null,
          });
        });
        // Stored and acknowledged even if queueing fails now: a pending photo is queued again at start-up.
        await queue.enqueue(photo.id).catch(() => {});
        return photo;
      } catch (err) {
        await files.discard(staged); // refused before storeFiles took it over (it discards on its own failures)
        throw err;
      }
    },

    /** An import (decision 029) sets what the archive says about a photo it has just created. */
    async setImportedMetadata(userId: number, id: number, meta: ImportedPhotoMetadata) {
      if (!(await repo.setImportedMetadata(userId, id, meta))) throw notFound(userText('Photo not found'));
    },

    /** One photo, the gallery's shape (a search result opens its photo with it). */
    async get(userId: number, id: number) {
      const photo = await repo.findOwned(userId, id);
      if (!photo) throw notFound(userText('Photo not found'));
      return photo;
    },

    async update(userId: number, id: number, patch: PhotoPatch) {
      let date: StoredPhotoDate | undefined;
      if (patch.dateTaken !== undefined || patch.dateTakenPrecision !== undefined || patch.dateTakenMargin !== undefined) {
        const current = await repo.findOwned(userId, id);
        if (!current) throw notFound(userText('Photo not found'));
        date = photoDateChange(
          {
            dateTaken: current.dateTaken ? new Date(current.dateTaken) : null,
            dateTakenPrecision: current.dateTakenPrecision ?? null,
            dateTakenMargin: current.dateTakenMargin ?? null,
          },
          patch,
        );
      }
      const photo = await repo.update(userId, id, {
        title: patch.title,
        ...date,
        // the schema trimmed them; an empty text clears the field like null does
        description: patch.description === undefined ? undefined : patch.description || null,
        location: patch.location === undefined ? undefined : patch.location || null,
        tags: patch.tags === undefined ? undefined : uniqueTags(patch.tags),
        keepLabels: patch.labels,
      });
      if (!photo) throw notFound(userText('Photo not found')); // also covers "belongs to someone else"
      return photo;
    },

    /**
     * One action on many photos (decision 033), all or nothing: if any id is not one of the caller's photos
     * the transaction is rolled back and the answer is 404. Deleting removes files the way a single delete
     * does: journalled in the transaction, removed after it commits.
     */
    async bulk(userId: number, { ids, action }: PhotoBulk): Promise<PhotoBulkResult> {
      const allFound = (found: number) => {
        if (found !== ids.length) throw notFound(BULK_NOT_FOUND);
      };
      if (action.type === 'delete') {
        const removed = await removeFilesWith(db, files, async (tx) => {
          const rows = await repo.removeMany(tx, userId, ids);
          allFound(rows.length);
          return { result: rows, keys: rows.flatMap(keysOf) };
        });
        for (const photo of removed) cache.forget(photo.id);
        return { count: removed.length };
      }
      return db.transaction(async (tx) => {
        if (action.type === 'setDate') {
          const date =
            action.dateTaken === null
              ? { dateTaken: null, dateTakenPrecision: null, dateTakenMargin: null }
              : storedPhotoDate(action.dateTaken, action.dateTakenPrecision ?? 'day', action.dateTakenMargin);
          const changed = await repo.setDateMany(tx, userId, ids, date);
          allFound(changed.length);
          return { count: changed.length };
        }
        const changed = await repo.addTagsMany(tx, userId, ids, uniqueTags(action.tags));
        allFound(changed.ids.length);
        if (changed.mostTags > PHOTO_TAGS_MAX) {
          throw badRequest(sentence(messages.tooManyTags, { max: PHOTO_TAGS_MAX }));
        }
        return { count: changed.ids.length };
      });
    },

    /** The original exactly as uploaded (a HEIC stays a HEIC), named as it was, for "Download original". */
    async original(userId: number, id: number): Promise<StoredFile> {
      const photo = await repo.findOwnedFile(userId, id);
      if (!photo) throw notFound(userText('Photo not found'));
      const file = await storedFile(files, photo.key, {
        mimeType: photo.mimeType,
        fileName: photo.fileName,
        version: photo.contentHash ?? undefined,
      });
      if (!file) throw notFound(userText('The file of this photo is missing'));
      return file;
    },

    async remove(userId: number, id: number) {
      const photo = await removeFilesWith(db, files, async (tx) => {
        const removed = await repo.remove(tx, userId, id);
        return { result: removed, keys: removed ? keysOf(removed) : [] };
      });
      if (!photo) throw notFound(userText('Photo not found'));
      cache.forget(id);
    },

    async unlink(userId: number, id: number) {
      if (!(await repo.unlinkMemory(userId, id))) throw notFound(userText('Photo not found'));
    },

    /** Which file answers GET /image/:id (remembered for a short while, see image-cache.ts). */
    async imageFile(userId: number, id: number, size: ImageSize, { fresh = false } = {}): Promise<ImageFile> {
      const cached = fresh ? undefined : cache.get(userId, id, size);
      if (cached) return cached;
      const image = await resolveImage(userId, id, size);
      cache.set(id, size, image);
      return image;
    },

    /** The bytes of an image (or a range of them): small final files from memory, others streamed from disk. */
    async openImage(image: ImageFile, range?: ByteRange): Promise<Buffer | Readable> {
      const kept = cache.body(image);
      if (kept) return kept;
      try {
        // opened first: a missing file is known before any header is sent
        const small = cache.isSmall(image.stat.size);
        const stream = await files.openRead(image.key, small ? undefined : range);
        if (!small) return stream;
        const body = Buffer.concat(await stream.toArray());
        cache.keepBody(image, body);
        return body;
      } catch (err) {
        if (isMissing(err)) throw new ImageFileGoneError();
        throw err;
      }
    },

    forget: (id: number) => cache.forget(id),

    /**
     * spec §2 Fix Photo Paths: for each of the caller's photos whose original is missing, look inside the
     * caller's own photo folder for the same file (by its stored name, else by size and content hash) and
     * point the photo at it. Photos whose derivatives failed are queued again.
     */
    async fixPaths(userId: number): Promise<{ fixedCount: number }> {
      if (!(await files.isAvailable())) throw storageUnavailable();
      const photos = await repo.listFilesByOwner(userId);
      const missing: PhotoFile[] = [];
      for (const photo of photos) if (!(await originalExists(photo.key))) missing.push(photo);

      let fixedCount = 0;
      if (missing.length > 0) {
        const referenced = new Set(photos.map((p) => p.key));
        const now = Date.now();
        const candidates: { key: string; size: number }[] = [];
        for (const key of await files.list(`users/${userId}/photos`)) {
          if (referenced.has(key) || isDerivativeKey(key)) continue;
          const stat = await statIfPresent(key);
          if (stat && now - stat.mtimeMs > SETTLING_MS) candidates.push({ key, size: stat.size });
        }
        const hashes = new Map<string, string>();
        const taken = new Set<string>();
        for (const photo of missing) {
          const free = candidates.filter((c) => !taken.has(c.key));
          let found = free.find((c) => path.basename(c.key) === path.basename(photo.key) && c.size === photo.fileSize);
          if (!found && photo.contentHash) {
            for (const c of free) {
              if (c.size !== photo.fileSize) continue;
              let hash = hashes.get(c.key);
              if (!hash) {
                hash = await sha256Of(c.key);
                hashes.set(c.key, hash);
              }
              if (hash === photo.contentHash) {
                found = c;
                break;
              }
            }
          }
          if (!found) continue;
          if (await repo.repoint(userId, photo.id, found.key)) {
            cache.forget(photo.id);
            taken.add(found.key);
            fixedCount += 1;
            await Promise.all(ALL_VARIANTS.map((v) => files.remove(derivativeKey(photo.key, v))));
            await queue.enqueue(photo.id);
          }
        }
      }
      await requeueFailed(userId);
      return { fixedCount };
    },

    /** Photos whose derivatives are being made, or could not be made after every retry (Settings → Maintenance). */
    processing: (userId: number) => repo.countByDerivativeStatus(userId),

    /** "N photos could not be processed — Retry": their derivatives are made again from the start. */
    async retryFailed(userId: number) {
      return { queued: await requeueFailed(userId) };
    },

    /** spec §2 Clean Orphaned Records: delete the caller's photo rows whose original is gone from disk. */
    async cleanup(userId: number): Promise<{ cleanedCount: number }> {
      if (!(await files.isAvailable())) throw storageUnavailable();
      const photos = await repo.listFilesByOwner(userId);
      const orphans: number[] = [];
      for (const photo of photos) if (!(await originalExists(photo.key))) orphans.push(photo.id);
      // Checked once more just before deleting: a disk that went away meanwhile must not empty a library.
      if (orphans.length > 0 && !(await files.isAvailable())) throw storageUnavailable();
      const removed = await removeFilesWith(db, files, async (tx) => {
        const rows = await repo.removeMany(tx, userId, orphans);
        return { result: rows, keys: rows.flatMap(keysOf) };
      });
      for (const photo of removed) cache.forget(photo.id);
      return { cleanedCount: removed.length };
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;

/** The caller's photos among `ids`, in the gallery's own shape (a collection lists its photos with it). */
export const listPhotosByIds = (db: Db, userId: number, ids: number[]) => createPhotosRepo(db).listOwnedByIds(userId, ids);

/** The URL of a photo's thumbnail, as the gallery asks for it (collection covers use it). */
export const photoThumbnailUrl = (id: number) => `${photoImagePath(id)}?size=thumb`;
