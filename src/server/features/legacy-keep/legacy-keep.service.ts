// An heir keeps a release in their own library (issue 32 §4, decision 078): every released photo, video, memory
// (with its attachments) and document is copied into the signed-in heir's account through its own feature's
// create path, as an import does (decision 029): new keys, the heir's quota, derivatives made again. Each copy
// is recorded as it is made, so a try after a kill, or a second keep, copies nothing twice.
import { Readable } from 'node:stream';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import { memoryInputSchema } from '@shared/schemas/memories';
import { PHOTO_MIME_TYPES } from '@shared/schemas/photos';
import type { KeepStatus } from '@shared/schemas/legacy-keep';
import type { SharedCollection } from '@shared/schemas/sharing';
import { defineMessages } from '../../lib/define-messages';
import { AppError, conflict } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import { sentence, sizeValue } from '../../lib/i18n';
import { detectImageType } from '../../lib/images';
import type { JobQueue } from '../../lib/jobs';
import type { StoredFile } from '../../lib/send-file';
import { safeFileName, type DetectedType, type ReceivedFile } from '../../lib/uploads';
import type { KeptReleaseService } from '../legacy/kept-release.service';
import { ATTACHMENT_UPLOAD, type MemoriesService } from '../memories/memories.service';
import type { PhotosService } from '../photos/photos.service';
import { detectVideoType, type VideosService } from '../photos/videos.service';
import type { ShareAccess, SharedViewService } from '../shared-view/shared-view.service';
import type { StorageService } from '../storage/storage.service';
import { VAULT_UPLOAD, type VaultService } from '../vault/vault.service';
import type { KeepRow, KeptKind, LegacyKeepRepo } from './legacy-keep.repo';
import { userText } from '@shared/i18n/text';
import { provenanceOf } from '@shared/legacy-keep-provenance';

export const LEGACY_KEEP_JOB = 'legacy.keep';

/** Up to this much is copied while the heir waits; more goes to the queue and the page follows its progress. */
const INLINE_MAX_BYTES = 40 * 1024 * 1024;
const INLINE_MAX_ITEMS = 40;
/** Room for the thumbnails and display sizes the heir's copies get, as a photo upload reserves it. */
const DERIVATIVES_ALLOWANCE = 0.25;
/** When the queue looks again at a keep copied while the heir waited (it finds it kept, unless the process died). */
const RESUME_AFTER_MS = 10 * 60 * 1000;

const messages = defineMessages({
  notKept: { id: 'errors.legacyKeep.notKept', defaultMessage: 'heirloom does not keep this kind of file here ({name}).' },
  doesNotFit: {
    id: 'errors.legacyKeep.doesNotFit',
    defaultMessage:
      'These need {needed} and your storage has {left} left ({used} of {quota} used). Make room in your library, or use Download everything instead.',
  },
});

interface Deps {
  repo: LegacyKeepRepo;
  released: KeptReleaseService;
  shared: SharedViewService;
  files: FileStore;
  jobs: JobQueue;
  storage: StorageService;
  photos: PhotosService;
  videos: VideosService;
  memories: MemoriesService;
  vault: VaultService;
}

/** One thing to copy: its bytes (none for a memory's own row) and how to make it. */
interface Step {
  kind: KeptKind;
  sourceId: number;
  bytes: number;
}

const detectMediaType = async (head: Buffer) => (await detectImageType(head, PHOTO_MIME_TYPES)) ?? (await detectVideoType(head));

async function openAll(file: StoredFile): Promise<Readable> {
  const body = await file.open();
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

export function createLegacyKeepService(deps: Deps) {
  const { repo, released, shared, files, jobs, storage } = deps;

  const statusOf = (grantId: number, row: KeepRow | undefined): KeepStatus => ({
    releaseId: grantId,
    status: row ? (row.status as KeepStatus['status']) : 'none',
    itemsTotal: row?.itemsTotal ?? 0,
    itemsDone: row?.itemsDone ?? 0,
    provenance: row?.provenance ?? null,
    error: row?.error ?? null,
  });

  /** The released file of one item, staged here and recognised by its bytes as its feature would: or a 4xx. */
  async function stageReceived(
    file: StoredFile,
    maxBytes: number,
    accept: (head: Buffer, name: string) => Promise<DetectedType | undefined>,
  ): Promise<ReceivedFile> {
    const staged = await files.stage(await openAll(file), maxBytes);
    const name = file.fileName ?? 'file';
    const type = await accept(staged.head, name);
    if (!type) {
      await files.discard(staged);
      throw new AppError(415, sentence(messages.notKept, { name }));
    }
    return { staged, fileName: safeFileName(name), mimeType: type.mime, ext: type.ext };
  }

  /** What the release holds and is not copied yet, each with its bytes. */
  async function plan(access: ShareAccess, view: SharedCollection, done: Map<string, number>) {
    const steps: Step[] = [];
    const add = (kind: KeptKind, sourceId: number, bytes: number) => {
      if (!done.has(`${kind}:${sourceId}`)) steps.push({ kind, sourceId, bytes });
    };
    for (const p of view.photos) {
      if (done.has(`photo:${p.id}`)) continue;
      const file = await shared.photoFile(access, p.id, 'download');
      add('photo', p.id, Math.ceil(file.size * (1 + DERIVATIVES_ALLOWANCE)));
    }
    for (const m of view.memories) {
      add('memory', m.id, 0);
      for (const a of m.attachments) add('attachment', a.id, a.fileSize);
    }
    for (const d of view.documents) add('document', d.id, d.fileSize);
    return steps;
  }

  /** Copies what is left of the release into the heir's account; each copy is recorded as soon as it exists. */
  async function copyAll(userId: number, keep: KeepRow, access: ShareAccess) {
    const view = await shared.view(access, false);
    const done = await repo.copied(keep.id);
    const memoryOf = new Map(view.memories.flatMap((m) => m.attachments.map((a) => [a.id, m.id] as const)));
    let count = done.size;
    const record = async (kind: KeptKind, sourceId: number, copyId: number) => {
      await repo.recordCopy(keep.id, kind, sourceId, copyId);
      if (kind !== 'attachment') await repo.markProvenance(userId, kind, copyId, keep.provenance);
      done.set(`${kind}:${sourceId}`, copyId);
      await repo.setDone(userId, keep.id, (count += 1));
    };

    for (const p of view.photos) {
      if (done.has(`photo:${p.id}`)) continue;
      const file = await shared.photoFile(access, p.id, 'download');
      const received = await stageReceived(file, Math.max(PHOTO_MAX_BYTES, file.size), detectMediaType);
      const earlier = await repo.unrecordedCopy(userId, 'photo', received.staged.sha256, keep);
      if (earlier !== undefined) {
        await files.discard(received.staged);
        await record('photo', p.id, earlier);
        continue;
      }
      const created = received.mimeType.startsWith('video/')
        ? await deps.videos.create(userId, received.staged, received.fileName)
        : await deps.photos.create(userId, received);
      await record('photo', p.id, created.id);
      await deps.photos.setImportedMetadata(userId, created.id, {
        title: p.title,
        description: p.description,
        dateTaken: p.dateTaken ? new Date(p.dateTaken) : null,
        dateTakenPrecision: p.dateTakenPrecision,
        dateTakenMargin: p.dateTakenMargin,
        location: p.location,
        cameraInfo: p.cameraInfo,
      });
    }

    for (const m of view.memories) {
      let memoryId = done.get(`memory:${m.id}`);
      if (memoryId === undefined) {
        const input = memoryInputSchema.parse({
          title: m.title,
          content: m.content,
          eventDate: m.eventDate,
          eventDatePrecision: m.eventDatePrecision,
          eventDateMargin: m.eventDateMargin,
          tags: m.tags,
          location: m.location,
          isPublic: false,
        });
        memoryId = (await deps.memories.create(userId, input)).id;
        await record('memory', m.id, memoryId);
      }
      for (const a of m.attachments) {
        if (done.has(`attachment:${a.id}`) || memoryOf.get(a.id) !== m.id) continue;
        const received = await stageReceived(
          await shared.attachmentFile(access, a.id),
          ATTACHMENT_UPLOAD.maxBytes,
          ATTACHMENT_UPLOAD.accept,
        );
        const [stored] = await deps.memories.uploadAttachments(userId, memoryId, [received]);
        await record('attachment', a.id, Number(stored!.id));
      }
    }

    for (const d of view.documents) {
      if (done.has(`document:${d.id}`)) continue;
      const received = await stageReceived(await shared.documentFile(access, d.id), VAULT_UPLOAD.maxBytes, VAULT_UPLOAD.accept);
      const earlier = await repo.unrecordedCopy(userId, 'document', received.staged.sha256, keep);
      if (earlier !== undefined) {
        await files.discard(received.staged);
        await record('document', d.id, earlier);
        continue;
      }
      const created = await deps.vault.create(userId, received, d.description ? { description: d.description } : {});
      await record('document', d.id, created.id);
    }
  }

  /** Runs the copy and records how it ended: a refusal (full storage, a file of a kind not kept) in words. */
  async function run(userId: number, keep: KeepRow, access: ShareAccess) {
    try {
      await copyAll(userId, keep, access);
      await repo.finish(userId, keep.id, 'kept');
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) {
        await repo.finish(userId, keep.id, 'failed', `Not everything could be kept: ${err.message}`);
        return;
      }
      throw err;
    }
  }

  return {
    async status(userId: number, cookie: string | undefined, grantId: number): Promise<KeepStatus> {
      await released.releaseOfHeir(cookie, grantId);
      return statusOf(grantId, await repo.find(userId, grantId));
    },

    /**
     * Keeps the release in `userId`'s library: 409 with the sizes when it does not fit (nothing is copied then);
     * small releases are copied before the answer, larger ones by the queue.
     */
    async keep(userId: number, cookie: string | undefined, grantId: number): Promise<KeepStatus> {
      const release = await released.releaseOfHeir(cookie, grantId);
      if (release.access.grant.ownerId === userId) throw conflict(userText('These are already in your library.'), 'ALREADY_YOURS');
      const existing = await repo.find(userId, grantId);
      if (existing?.status === 'copying') return statusOf(grantId, existing);

      const view = await shared.view(release.access, false);
      const done = existing ? await repo.copied(existing.id) : new Map<string, number>();
      const steps = await plan(release.access, view, done);
      const needed = steps.reduce((sum, s) => sum + s.bytes, 0);
      const usage = await storage.usage(userId);
      if (usage.usedBytes + needed > usage.quotaBytes) {
        const left = Math.max(0, usage.quotaBytes - usage.usedBytes);
        const sizes = {
          needed: sizeValue(needed),
          left: sizeValue(left),
          used: sizeValue(usage.usedBytes),
          quota: sizeValue(usage.quotaBytes),
        };
        throw conflict(sentence(messages.doesNotFit, sizes), 'KEEP_DOES_NOT_FIT');
      }
      const keep = await repo.start(userId, grantId, provenanceOf(release.ownerName, release.releasedAt), done.size + steps.length);
      if (!keep) return statusOf(grantId, await repo.find(userId, grantId));
      const job = { userId, heirId: release.heirId, grantId };
      if (needed > INLINE_MAX_BYTES || steps.length > INLINE_MAX_ITEMS) {
        await jobs.send(LEGACY_KEEP_JOB, job, { singletonKey: `keep:${keep.id}:now` });
        return statusOf(grantId, keep);
      }
      // copied now; should this process die on the way, the queue goes on from what was recorded a little later
      const later = new Date(Date.now() + RESUME_AFTER_MS);
      await jobs.send(LEGACY_KEEP_JOB, job, { singletonKey: `keep:${keep.id}:${later.toISOString()}`, startAfter: later });
      await run(userId, keep, release.access);
      return statusOf(grantId, await repo.find(userId, grantId));
    },

    /** The queue's try: the same copy, going on from what earlier tries recorded. */
    async runQueued({ userId, heirId, grantId }: KeepJob) {
      const keep = await repo.find(userId, grantId);
      if (!keep || keep.status !== 'copying') return;
      const release = await released.releaseOfHeirId(heirId, grantId).catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode === 404) return undefined;
        throw err;
      });
      if (!release) return repo.finish(userId, keep.id, 'failed', 'This release can no longer be opened, so nothing more was kept.');
      await run(userId, keep, release.access);
    },

    async givenUp({ userId, grantId }: KeepJob) {
      const keep = await repo.find(userId, grantId);
      if (keep?.status === 'copying') await repo.finish(userId, keep.id, 'failed', 'Copying stopped on an error. Try again.');
    },
  };
}
export type LegacyKeepService = ReturnType<typeof createLegacyKeepService>;
export interface KeepJob {
  userId: number;
  heirId: number;
  grantId: number;
}

export function defineLegacyKeepJob(jobs: JobQueue, service: LegacyKeepService) {
  jobs.define<KeepJob>({
    name: LEGACY_KEEP_JOB,
    concurrency: 1,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 60 * 60,
    handler: (data) => service.runQueued(data),
    onGivenUp: (data) => service.givenUp(data),
  });
}
