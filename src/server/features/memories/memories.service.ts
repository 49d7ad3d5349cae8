// Memories' rules: ownership (404 for anything not the caller's), tag normalisation, attachment files
// (type by bytes, spec §9 limits, nothing left behind on failure) and the AI helpers.
import { Readable } from 'node:stream';
import {
  normalizeTags,
  type AnalyzeInput,
  type ImproveInput,
  type MemoryInput,
  type MemoryLinksInput,
  type MemoryPageQuery,
  type MemoryPatch,
} from '@shared/schemas/memories';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '@shared/limits';
import { pageLimit } from '@shared/schemas/paging';
import { AiError, type AiProvider } from '../../ai/provider';
import type { Db } from '../../db/client';
import { removeFilesWith, storeFiles } from '../../lib/durable-files';
import { placeFreeKey } from '../../lib/place-free-copies';
import { AppError, notFound } from '../../lib/errors';
import type { HeicDecoder } from '../../lib/heic-decoder';
import { assertCompleteImage, heicToJpeg, IMAGE_TYPES, isHeif, readImageHeader } from '../../lib/images';
import { newFileKey, type FileStore, type StagedFile } from '../../lib/file-store';
import { storedFile, type StoredFile } from '../../lib/send-file';
import { sniff, type DetectedType, type ReceivedFile, type ReceiveOptions } from '../../lib/uploads';
import { attachmentDisplayKey } from './attachment-display';
import { isAudioOnlyMp4, isAudioOnlyWebm } from './audio-only';
import { audioCopyKey, type AudioCopySender } from './audio-copies';
/** Where a HEIC attachment's JPEG copy lives: a shared link shows that copy. */
export { attachmentDisplayKey } from './attachment-display';
/** Where an audio attachment's M4A copy lives (decision 040): a shared link plays that copy too. */
export { audioCopyKey } from './audio-copies';
import type { StorageService } from '../storage/storage.service';
import { createMemoriesRepo, type MemoriesRepo, type MemoryValues } from './memories.repo';
import { createMemoryInsights } from './memory-insights';
import { hasDateFields, memoryDate } from './memory-date';
import { userText } from '@shared/i18n/text';

/** spec §5: images (jpeg, png, gif, webp, heic, heif) and audio (mp3, wav, ogg, m4a), recognised by their bytes. */
const ACCEPTED: Record<string, DetectedType> = {
  ...IMAGE_TYPES,
  'audio/mpeg': { mime: 'audio/mpeg', ext: 'mp3' },
  'audio/wav': { mime: 'audio/wav', ext: 'wav' },
  'audio/ogg': { mime: 'audio/ogg', ext: 'ogg' },
  // file-type names Ogg with Opus inside by its codec; it is the spec's OGG all the same (decision 040)
  'audio/ogg; codecs=opus': { mime: 'audio/ogg', ext: 'ogg' },
  'audio/x-m4a': { mime: 'audio/mp4', ext: 'm4a' },
  'audio/mp4': { mime: 'audio/mp4', ext: 'm4a' },
};
/** A voice message recorded in the browser (decision 037): given only to a WebM whose tracks are all audio. */
const VOICE_WEBM: DetectedType = { mime: 'audio/webm', ext: 'webm' };

/** The type of an attachment from its first bytes, or undefined when it is not an image or audio we accept. */
export async function detectAttachmentType(head: Buffer, fileName: string): Promise<DetectedType | undefined> {
  const found = await sniff(head);
  if (!found) return undefined;
  const accepted = ACCEPTED[found.mime];
  if (accepted) return accepted;
  // Many phones write .m4a voice notes with a generic MP4 brand; the name says it is audio.
  if (found.mime === 'video/mp4' && /\.m4a$/i.test(fileName)) return ACCEPTED['audio/mp4'];
  // Browser recordings (decision 037): file-type names them by container, their track list says sound only.
  if (found.mime === 'video/mp4' && isAudioOnlyMp4(head)) return ACCEPTED['audio/mp4'];
  if (found.mime === 'video/webm' && isAudioOnlyWebm(head)) return VOICE_WEBM;
  return undefined;
}

/** POST /api/memories/:id/attachments, read by lib/uploads.ts. */
export const ATTACHMENT_UPLOAD: ReceiveOptions = {
  field: 'attachments',
  maxBytes: ATTACHMENT_MAX_BYTES,
  maxFiles: ATTACHMENT_MAX_FILES,
  accept: detectAttachmentType,
  messages: {
    tooLarge: userText('File is larger than 15 MB. Each attachment can be at most 15 MB.'),
    wrongType: userText('File type must be an image (JPEG, PNG, GIF, WebP, HEIC, HEIF) or audio (MP3, WAV, OGG, M4A)'),
    missing: userText('No files selected'),
    tooMany: userText('Too many files. Upload at most 5 attachments at a time.'),
    empty: userText('The file is empty'),
  },
};

/** An own attachment's key with the keys of every copy that may sit next to it (removed with it). */
const withCopies = (key: string) => [key, attachmentDisplayKey(key), audioCopyKey(key), placeFreeKey(key)];

function toValues(input: MemoryInput): MemoryValues {
  return {
    title: input.title,
    content: input.content,
    ...memoryDate(undefined, input),
    isPublic: input.isPublic,
    tags: normalizeTags(input.tags),
    location: input.location?.trim() || null,
  };
}

/** An AI provider's failure as an HTTP answer whose message the client maps to spec §8. */
function aiFailure(err: unknown): never {
  if (err instanceof AiError) {
    const status = err.kind === 'unavailable' ? 503 : 502;
    throw new AppError(status, err.message, `AI_${err.kind.toUpperCase()}`);
  }
  throw err;
}

export function createMemoriesService({
  db,
  repo,
  files,
  ai,
  heic,
  storage,
  audioCopies,
}: {
  db: Db;
  repo: MemoriesRepo;
  files: FileStore;
  ai: AiProvider;
  heic: HeicDecoder;
  storage: StorageService;
  /** Queues the M4A copies of audio some browsers cannot play (decision 040). */
  audioCopies: Pick<AudioCopySender, 'enqueue'>;
}) {
  const insights = createMemoryInsights();

  async function requireMemory(userId: number, memoryId: number) {
    if (!(await repo.exists(userId, memoryId))) throw notFound(userText('Memory not found'));
  }

  /** A browser-displayable JPEG of a HEIC/HEIF attachment (Chrome and Firefox cannot show HEIC), staged. */
  async function stageDisplayCopy(file: ReceivedFile) {
    const jpeg = await heicToJpeg(heic, file.staged.tempPath);
    return files.stage(Readable.from([jpeg]), jpeg.length);
  }

  /** Store the staged files (and display copies) and their rows together (journalled: a crash leaves all or none). */
  async function storeAttachments(userId: number, memoryId: number, received: ReceivedFile[], displays: Map<ReceivedFile, StagedFile>) {
    const placements = received.map((file) => ({ staged: file.staged, key: newFileKey(userId, 'attachments', file.ext) }));
    const rows = received.map((file, i) => ({
      filePath: placements[i]!.key,
      fileName: file.fileName,
      fileSize: file.staged.size,
      mimeType: file.mimeType,
      contentHash: file.staged.sha256,
      displaySize: displays.get(file)?.size ?? 0,
    }));
    let bytes = 0;
    for (const row of rows) bytes += row.fileSize + row.displaySize;
    received.forEach((file, i) => {
      const display = displays.get(file);
      if (display) placements.push({ staged: display, key: attachmentDisplayKey(placements[i]!.key) });
    });
    try {
      return await storeFiles(db, files, placements, async (tx) => {
        await storage.reserve(tx, userId, 'attachments', bytes);
        return repo.insertAttachments(tx, userId, memoryId, rows);
      });
    } catch (err) {
      // The memory was deleted while its files were uploading.
      if (
        (err as { code?: string; cause?: { code?: string } }).code === '23503' ||
        (err as { cause?: { code?: string } }).cause?.code === '23503'
      ) {
        throw notFound(userText('Memory not found'));
      }
      throw err;
    }
  }

  return {
    list: (userId: number) => repo.listByOwner(userId),

    /** The memories a page at a time (issue 15); the same order as list. */
    page: (userId: number, query: MemoryPageQuery) =>
      repo.pageByOwner(userId, query.cursor, pageLimit(query), query.ids?.split(',').map(Number)),

    /** The newest `limit` memories whose text names `name` (a person's page, issue 29), in the list's order. */
    async naming(userId: number, name: string, limit: number) {
      const ids = await repo.idsNaming(userId, name, limit);
      return ids.length === 0 ? [] : (await repo.pageByOwner(userId, undefined, limit, ids)).items;
    },

    /** One memory, as the list shows it (a search result opens it even when its page is not loaded). */
    async get(userId: number, id: number) {
      const memory = await repo.findOwned(userId, id);
      if (!memory) throw notFound(userText('Memory not found'));
      return memory;
    },

    /**
     * An import (decision 029) passes its id: an interrupted import removes exactly the memories it made. An
     * interview's answer (decision 066) passes its storyteller, a contact of the owner's.
     */
    create: (
      userId: number,
      input: MemoryInput,
      { importId, storytellerContactId }: { importId?: number; storytellerContactId?: number } = {},
    ) => repo.insert(userId, { ...toValues(input), importId: importId ?? null, storytellerContactId: storytellerContactId ?? null }),

    async update(userId: number, id: number, patch: MemoryPatch) {
      const values: Partial<MemoryValues> = {};
      if (patch.title !== undefined) values.title = patch.title;
      if (patch.content !== undefined) values.content = patch.content;
      if (hasDateFields(patch)) {
        const current = await repo.findOwned(userId, id);
        if (!current) throw notFound(userText('Memory not found'));
        const { eventDate, eventDatePrecision, eventDateMargin } = current;
        Object.assign(
          values,
          memoryDate({ eventDate, eventDatePrecision: eventDatePrecision ?? 'day', eventDateMargin: eventDateMargin ?? null }, patch),
        );
      }
      if (patch.isPublic !== undefined) values.isPublic = patch.isPublic;
      if (patch.tags !== undefined) values.tags = normalizeTags(patch.tags);
      if (patch.location !== undefined) values.location = patch.location?.trim() || null;
      const memory = await repo.update(userId, id, values);
      if (!memory) throw notFound(userText('Memory not found'));
      return memory;
    },

    async remove(userId: number, id: number) {
      const found = await removeFilesWith(db, files, async (tx) => {
        const keys = await repo.remove(tx, userId, id);
        return { result: keys !== undefined, keys: (keys ?? []).flatMap(withCopies) };
      });
      if (!found) throw notFound(userText('Memory not found'));
    },

    async listAttachments(userId: number, memoryId: number) {
      await requireMemory(userId, memoryId);
      return repo.listAttachments(userId, memoryId);
    },

    /** Refuses an upload to a memory that is not the caller's before a byte of it is stored. */
    requireMemory,

    /** Takes ownership of the received files: stored with their rows, or discarded on any refusal. */
    async uploadAttachments(userId: number, memoryId: number, received: ReceivedFile[]) {
      const displays = new Map<ReceivedFile, StagedFile>();
      try {
        // Images are shown in the browser: refuse bombs and damaged files here, like the gallery does.
        for (const file of received) {
          if (!file.mimeType.startsWith('image/')) continue;
          await readImageHeader(file.staged.tempPath);
          await assertCompleteImage(file.staged.tempPath, file.mimeType);
          if (isHeif(file.mimeType)) displays.set(file, await stageDisplayCopy(file));
        }
      } catch (err) {
        await Promise.all([...received.map((f) => files.discard(f.staged)), ...[...displays.values()].map((d) => files.discard(d))]);
        throw err;
      }
      const stored = await storeAttachments(userId, memoryId, received, displays);
      await audioCopies.enqueue(stored.map((a) => ({ id: Number(a.id), mimeType: a.mimeType })));
      return stored;
    },

    /**
     * An own file for download, or 404 (also for linked 'p-' / 'v-' ids: those are served by their features).
     * `m4a`: an audio attachment's M4A copy (decision 040), 404 while it does not exist.
     */
    async attachmentFile(userId: number, memoryId: number, attachmentId: string, format?: 'm4a'): Promise<StoredFile> {
      if (!/^\d+$/.test(attachmentId)) throw notFound(userText('Attachment not found'));
      const row = await repo.findAttachmentFile(userId, memoryId, Number(attachmentId));
      if (!row) throw notFound(userText('Attachment not found'));
      const version = (suffix: string) => (row.contentHash ? `${row.contentHash.slice(0, 32)}${suffix}` : undefined);
      if (format === 'm4a') {
        const copy =
          row.audioCopy === 'ready'
            ? await storedFile(files, audioCopyKey(row.filePath), {
                mimeType: 'audio/mp4',
                fileName: `${row.fileName.replace(/\.[^.]*$/, '')}.m4a`,
                version: version('-m4a'),
                lastModified: row.uploadedAt,
              })
            : undefined;
        if (!copy) throw notFound(userText('This attachment has no M4A copy'));
        return copy;
      }
      if (isHeif(row.mimeType)) {
        // Served as its JPEG copy, which every browser can show.
        const fileName = `${row.fileName.replace(/\.(heic|heif)$/i, '')}.jpg`;
        const copy = await storedFile(files, attachmentDisplayKey(row.filePath), {
          mimeType: 'image/jpeg',
          fileName,
          version: version('-jpeg'),
          lastModified: row.uploadedAt,
        });
        if (copy) return copy;
      }
      const file = await storedFile(files, row.filePath, {
        mimeType: row.mimeType,
        fileName: row.fileName,
        version: version(''),
        lastModified: row.uploadedAt,
      });
      if (!file) throw notFound(userText('Attachment file not found'));
      return file;
    },

    /**
     * An own attachment is deleted with its file; a linked gallery photo ('p-') or vault file ('v-') is only
     * unlinked from this memory and stays where it is.
     */
    async removeAttachment(userId: number, memoryId: number, attachmentId: string) {
      await requireMemory(userId, memoryId);
      const linked = /^([pv])-(\d+)$/.exec(attachmentId);
      if (linked) {
        const id = Number(linked[2]);
        const done = linked[1] === 'p' ? await repo.unlinkPhoto(userId, memoryId, id) : await repo.unlinkVaultFile(userId, memoryId, id);
        if (!done) throw notFound(userText('Attachment not found'));
        return;
      }
      const found = await removeFilesWith(db, files, async (tx) => {
        const key = await repo.removeAttachment(tx, userId, memoryId, Number(attachmentId));
        return { result: key !== undefined, keys: key ? withCopies(key) : [] };
      });
      if (!found) throw notFound(userText('Attachment not found'));
    },

    async link(userId: number, memoryId: number, input: MemoryLinksInput) {
      const photoIds = [...new Set(input.photoIds ?? [])];
      const vaultFileIds = [...new Set(input.vaultFileIds ?? [])];
      const result = await repo.link(userId, memoryId, photoIds, vaultFileIds);
      if (result === 'memory') throw notFound(userText('Memory not found'));
      if (result === 'photo') throw notFound(userText('Photo not found'));
      if (result === 'vault') throw notFound(userText('Vault file not found'));
      return repo.listAttachments(userId, memoryId);
    },

    async linkCandidates(userId: number, memoryId: number) {
      await requireMemory(userId, memoryId);
      return repo.linkCandidates(userId, memoryId);
    },

    async analyze(input: AnalyzeInput) {
      try {
        const tags = await ai.suggestTags({ title: input.title, content: input.description, existingTags: input.existingTags ?? [] });
        return { tags };
      } catch (err) {
        return aiFailure(err);
      }
    },

    async improve(input: ImproveInput) {
      try {
        return await ai.improveContent(input);
      } catch (err) {
        return aiFailure(err);
      }
    },

    async suggestions(userId: number) {
      return insights.suggestions(await repo.listByOwner(userId));
    },

    async organize(userId: number) {
      return insights.organize(await repo.listByOwner(userId));
    },
  };
}
export type MemoriesService = ReturnType<typeof createMemoriesService>;

/** The caller's memories among `ids`, in the memories' own shape (a collection lists its memories with it). */
export const listMemoriesByIds = (db: Db, userId: number, ids: number[]) => createMemoriesRepo(db).listOwnedByIds(userId, ids);
