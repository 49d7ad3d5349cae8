// What both importers share: the owning features' services (every item goes through its own feature's create
// path, decision 029), reading an entry into a staged file, the report and the progress on the import's row.
import type { FastifyInstance } from 'fastify';
import { REPORT_LIST_LIMIT, type ImportReport } from '@shared/schemas/transfers';
import { PHOTO_MAX_BYTES } from '@shared/limits';
import { PHOTO_MIME_TYPES, PHOTO_UPLOAD_MESSAGES } from '@shared/schemas/photos';
import type { GedcomReport } from '@shared/schemas/tree-gedcom';
import { AppError, payloadTooLarge } from '../../lib/errors';
import { cleanText } from '../../lib/nul-character';
import { detectImageType } from '../../lib/images';
import type { StagedFile } from '../../lib/file-store';
import { safeFileName, type DetectedType, type ReceivedFile } from '../../lib/uploads';
import type { CollectionsService } from '../collections/collections.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { MemoriesService } from '../memories/memories.service';
import type { PhotosService } from '../photos/photos.service';
import { detectVideoType, videoMaxBytesOf, type VideosService } from '../photos/videos.service';
import type { ProfileService } from '../profile/profile.service';
import type { StorageService } from '../storage/storage.service';
import type { VaultService } from '../vault/vault.service';
import { ArchiveRefusedError, type ArchiveEntry, type OpenArchive } from './archive-reader';
import { keptReason, line, type KeptLine, type ReportReason } from './import-report-lines';
import type { ImportsRepo } from './imports.repo';
import { createLegacyPlanImportRepo } from './legacy-plan-import.repo';
import { createPeopleImportRepo } from './people-import.repo';
import { keyCodeSaltId } from '../exports/exports.service';

/** The app's own services of the features an import creates items in (src/server/services.ts builds them once). */
export interface ImportFeatures {
  storage: StorageService;
  photos: PhotosService;
  videos: VideosService;
  memories: MemoriesService;
  vault: VaultService;
  contacts: ContactsService;
  collections: CollectionsService;
  profile: ProfileService;
  /** The model looks at the photos an archive brought faces for, to give those faces embeddings (decision 059). */
  faces: { imported(userId: number): Promise<void> };
  /** An account archive's family.ged is read into the family tree by the tree's GEDCOM service (decision 061). */
  familyTree: {
    importForArchive(userId: number, archiveImportId: number, bytes: Buffer): Promise<{ refused: string } | { report: GedcomReport }>;
    removeForArchive(userId: number, archiveImportId: number): Promise<void>;
  };
}

/** What an import creates items with: the features' services and what only an import needs. */
export function createImportServices(app: FastifyInstance, features: ImportFeatures) {
  return {
    ...features,
    videoMaxBytes: videoMaxBytesOf(app),
    // the Legacy Plan's rows are restored by the importer itself (decision 047)
    legacyPlan: createLegacyPlanImportRepo(app.db),
    // and so are the people in the photos and their faces (decision 059)
    people: createPeopleImportRepo(app.db),
    linkTokens: app.linkTokens,
    jobs: app.jobs,
    keyCodeSaltId: keyCodeSaltId(app.linkTokens.keyCodeSalt()),
  };
}
export type ImportServices = ReturnType<typeof createImportServices>;

type Kind = Exclude<keyof ImportReport['imported'], 'people' | 'namedFaces' | 'interviews'>;

/**
 * Collects what an import added, skipped and refused. Its lines name paths and text from the archive: they
 * are cleaned here too, so that the report itself is always something the database stores.
 */
export class ReportBuilder {
  readonly imported: Record<Kind, number> = { photos: 0, memories: 0, attachments: 0, documents: 0, contacts: 0, collections: 0 };
  /** Counted only for an archive that has people in its photos. */
  private people: { people: number; namedFaces: number } | undefined;
  /** Counted only when an archive's interviews were imported (decision 066). */
  private interviews: number | undefined;
  private skipped: { count: number; items: KeptLine[] } = { count: 0, items: [] };
  private refused: { count: number; items: KeptLine[] } = { count: 0, items: [] };

  constructor(private format: ImportReport['format']) {}

  add(kind: Kind) {
    this.imported[kind] += 1;
  }

  /** The people an archive's photos brought (decision 059): made, and faces named. Called once with 0s to count at all. */
  addPeople(people: number, namedFaces: number) {
    this.people ??= { people: 0, namedFaces: 0 };
    this.people.people += people;
    this.people.namedFaces += namedFaces;
  }

  /** Interviews an archive brought back (each paused, or stopped or finished as it was). */
  addInterviews(count: number) {
    this.interviews = (this.interviews ?? 0) + count;
  }

  skip(path: string, reason: ReportReason) {
    this.skipped.count += 1;
    if (this.skipped.items.length < REPORT_LIST_LIMIT) this.skipped.items.push(keptLine(path, reason));
  }

  refuse(path: string, reason: ReportReason) {
    this.refused.count += 1;
    if (this.refused.items.length < REPORT_LIST_LIMIT) this.refused.items.push(keptLine(path, reason));
  }

  build(): ImportReport {
    const interviews = this.interviews === undefined ? {} : { interviews: this.interviews };
    return {
      format: this.format,
      imported: { ...this.imported, ...this.people, ...interviews },
      skipped: this.skipped,
      refused: this.refused,
    };
  }
}

/** A line as the report keeps it (src/server/features/imports/import-report-lines.ts), cleaned for the database. */
function keptLine(path: string, reason: ReportReason): KeptLine {
  const { reason: english, said } = keptReason(reason);
  // a value may quote the archive (a file's name): the sentence is cleaned as its English is
  const kept: KeptLine = { path: cleanText(path), reason: cleanText(english) };
  if (said) kept.said = JSON.parse(cleanText(JSON.stringify(said))) as KeptLine['said'];
  return kept;
}

/** Progress on the import's row, written at most about once a second. */
export function createProgress(repo: ImportsRepo, importId: number) {
  const state = { itemsDone: 0, itemsTotal: 0, bytesDone: 0, bytesTotal: 0 };
  let lastWrite = 0;
  return {
    async start(itemsTotal: number, bytesTotal: number) {
      Object.assign(state, { itemsTotal, bytesTotal });
      lastWrite = Date.now();
      await repo.setProgress(importId, state);
    },
    async done(bytes: number) {
      state.itemsDone += 1;
      state.bytesDone += bytes;
      if (Date.now() - lastWrite < 1000) return;
      lastWrite = Date.now();
      await repo.setProgress(importId, state);
    },
    flush: () => repo.setProgress(importId, state),
  };
}
export type Progress = ReturnType<typeof createProgress>;

/** A picture or a video for the gallery, by its bytes. */
export const detectMediaType = async (head: Buffer) => (await detectImageType(head, PHOTO_MIME_TYPES)) ?? (await detectVideoType(head));

/** A picture or a video into the gallery, each through its own create path; a picture over 10 MB is refused. */
export async function createMedia(ctx: ImportContext, received: ReceivedFile) {
  const { services, userId, importId } = ctx;
  if (received.mimeType.startsWith('video/')) {
    return services.videos.create(userId, received.staged, received.fileName, { importId });
  }
  if (received.staged.size > PHOTO_MAX_BYTES) {
    await ctx.discard(received.staged);
    throw payloadTooLarge(PHOTO_UPLOAD_MESSAGES.tooLarge);
  }
  return services.photos.create(userId, received, { importId });
}

/** A refusal of one item (its reason goes into the report); anything else fails the whole try. */
export function itemRefusal(err: unknown): ReportReason | undefined {
  if (err instanceof AppError && err.statusCode < 500) return err.sentence ?? err.message;
  if (err instanceof ArchiveRefusedError) return err.sentence ?? err.message;
  return undefined;
}

export interface ImportContext {
  userId: number;
  importId: number;
  archive: OpenArchive;
  services: ImportServices;
  repo: ImportsRepo;
  report: ReportBuilder;
  progress: Progress;
  /** Reads an entry into a staged file (counted and hashed); more than maxBytes → an item refusal. */
  stage(entry: ArchiveEntry, maxBytes: number): Promise<StagedFile>;
  discard(staged: StagedFile): Promise<void>;
}

/** A staged entry in the shape every feature's create path takes. */
export function asReceived(staged: StagedFile, fileName: string, type: DetectedType): ReceivedFile {
  return { staged, fileName: safeFileName(fileName), mimeType: type.mime, ext: type.ext };
}

/** One report line for the archive's file names that held characters heirloom cannot store. */
export function reportCleanedNames({ archive, report }: ImportContext) {
  const [first, ...rest] = archive.cleanedNames;
  if (first === undefined) return;
  report.refuse(first, rest.length > 0 ? line('cleanedNames', { more: String(rest.length) }) : line('cleanedName'));
}

/** The last part of an archive path. */
export const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);
