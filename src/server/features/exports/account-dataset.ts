// "Export everything": the owner's whole library as a dataset (decision 028). Rows come from this feature's
// repo (owner in every WHERE); files are measured now, so progress knows its totals, and opened only when
// the zip reaches them.
import {
  ARCHIVE_PATHS,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  type ExportAttachment,
  type ExportCollection,
  type ExportDocument,
  type ExportFile,
  type ExportMemory,
  type ExportPhoto,
  type HeirloomExport,
} from '@shared/export-format';
import type { FileStore } from '../../lib/file-store';
import { isHeif } from '../../lib/images';
import { attachmentDisplayKey } from '../memories/memories.service';
import { derivativeKey, videoKey } from '../photos/photos.service';
import { fileNameOf, memoryName, photoPath, previewPath } from './archive-names';
import { isCompressedType, type ArchiveFile, type ExportDataset } from './export-dataset';
import type { ExportsRepo } from './exports.repo';
import { buildLegacyPlan } from './legacy-plan-dataset';
import type { LegacyPlanExportRepo } from './legacy-plan.repo';
import { zipNames } from './zip-stream';

/** A file of the library that is gone from the disk: the export stops and says which one. */
export class MissingFileError extends Error {}

const PROFILE_PICTURE_MIME = 'image/jpeg';

export async function buildAccountDataset(
  { repo, planRepo, files, keyCodeSalt }: { repo: ExportsRepo; planRepo: LegacyPlanExportRepo; files: FileStore; keyCodeSalt: Buffer },
  userId: number,
  now: Date,
): Promise<ExportDataset> {
  const owner = await repo.owner(userId);
  if (!owner) throw new Error('The account is gone');
  const [photos, memories, attachments, documents, contacts, collections, items] = await Promise.all([
    repo.photos(userId),
    repo.memories(userId),
    repo.attachments(userId),
    repo.documents(userId),
    repo.contacts(userId),
    repo.collections(userId),
    repo.collectionItems(userId),
  ]);

  const unique = zipNames();
  const archiveFiles: ArchiveFile[] = [];

  /** Adds a stored file; a missing original stops the export, a missing preview is left out (the viewer copes). */
  async function add(key: string, wanted: string, mimeType: string, mtime: Date, what: string | null) {
    let size: number;
    try {
      size = (await files.stat(key)).size;
    } catch {
      if (what === null) return null;
      throw new MissingFileError(
        `The file of ${what} is missing from storage, so the export stopped. Settings → Maintenance can look for it.`,
      );
    }
    const path = unique(wanted);
    archiveFiles.push({ path, mtime, compress: !isCompressedType(mimeType), size, open: async () => files.openRead(key) });
    return { path, size };
  }

  /** A file record; size and sha256 are filled in by the writer from the bytes it streams. */
  const record = (path: string, fileName: string, mimeType: string, size: number): ExportFile => ({
    path,
    fileName,
    mimeType,
    size,
    sha256: '',
  });

  let profilePicture: ExportFile | null = null;
  if (owner.profilePicture) {
    const added = await add(
      owner.profilePicture,
      'originals/profile/profile-picture.jpg',
      PROFILE_PICTURE_MIME,
      now,
      'your profile picture',
    );
    if (added) profilePicture = record(added.path, 'profile-picture.jpg', PROFILE_PICTURE_MIME, added.size);
  }

  const exportPhotos: ExportPhoto[] = [];
  for (const p of photos) {
    const what = `the photo “${p.title ?? p.fileName}”`;
    const original = (await add(p.key, photoPath(p), p.mimeType, p.dateTaken ?? p.createdAt, what))!;
    const ready = p.derivativeStatus === 'ready';
    const thumb = ready
      ? await add(derivativeKey(p.key, 'thumb'), previewPath(original.path, '.thumb.webp'), 'image/webp', p.createdAt, null)
      : null;
    const isVideo = p.videoPlayback !== null;
    // a video's poster is its largest picture (decision 038); a HEIC's display copy is the one browsers can show
    const display = !ready
      ? null
      : isVideo
        ? await add(derivativeKey(p.key, 'mobile'), previewPath(original.path, '.poster.jpg'), 'image/jpeg', p.createdAt, null)
        : isHeif(p.mimeType)
          ? await add(derivativeKey(p.key, 'display'), previewPath(original.path, '.display.jpg'), 'image/jpeg', p.createdAt, null)
          : null;
    // the original is always in the archive; a video browsers cannot all play (HEVC, most MOV) brings its playable copy too
    const playable =
      p.videoPlayback === 'copy'
        ? await add(videoKey(p.key, 'copy'), previewPath(original.path, '.play.mp4'), 'video/mp4', p.createdAt, null)
        : null;
    exportPhotos.push({
      ...record(original.path, p.fileName, p.mimeType, original.size),
      id: p.id,
      title: p.title,
      description: p.description,
      dateTaken: p.dateTaken?.toISOString() ?? null,
      location: p.location,
      cameraInfo: p.cameraInfo,
      tags: p.tags,
      width: p.width,
      height: p.height,
      memoryId: p.memoryId,
      uploadedAt: p.createdAt.toISOString(),
      previews: { thumbnail: thumb?.path ?? null, display: display?.path ?? null, ...(isVideo && { video: playable?.path ?? null }) },
      mediaType: isVideo ? 'video' : 'image',
      durationMs: p.durationMs,
    });
  }

  const exportMemories: ExportMemory[] = [];
  for (const m of memories) {
    const folder = `originals/memories/${memoryName(m)}`;
    const exportAttachments: ExportAttachment[] = [];
    for (const a of attachments.filter((x) => x.memoryId === m.id)) {
      const what = `“${a.fileName}” in the memory “${m.title}”`;
      const original = (await add(a.key, `${folder}/${fileNameOf(a.fileName, 'file')}`, a.mimeType, a.uploadedAt, what))!;
      const display =
        isHeif(a.mimeType) && a.displaySize > 0
          ? await add(attachmentDisplayKey(a.key), previewPath(original.path, '.display.jpg'), 'image/jpeg', a.uploadedAt, null)
          : null;
      exportAttachments.push({
        ...record(original.path, a.fileName, a.mimeType, original.size),
        id: a.id,
        uploadedAt: a.uploadedAt.toISOString(),
        previews: { thumbnail: null, display: display?.path ?? null },
      });
    }
    exportMemories.push({
      id: m.id,
      title: m.title,
      content: m.content,
      eventDate: m.eventDate,
      location: m.location,
      tags: m.tags,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
      markdown: unique(`${ARCHIVE_PATHS.memories}${memoryName(m)}.md`),
      attachments: exportAttachments,
    });
  }

  const exportDocuments: ExportDocument[] = [];
  for (const d of documents) {
    const what = `the document “${d.originalName}”`;
    const original = (await add(d.key, `originals/documents/${fileNameOf(d.originalName, 'document')}`, d.mimeType, d.uploadedAt, what))!;
    exportDocuments.push({
      ...record(original.path, d.originalName, d.mimeType, original.size),
      id: d.id,
      description: d.description,
      memoryId: d.memoryId,
      uploadedAt: d.uploadedAt.toISOString(),
    });
  }

  const exportCollections: ExportCollection[] = collections.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    coverPhotoId: c.coverPhotoId,
    createdAt: c.createdAt.toISOString(),
    items: items
      .filter((i) => i.collectionId === c.id)
      .map((i) =>
        i.photoId !== null
          ? { kind: 'photo' as const, id: i.photoId }
          : i.memoryId !== null
            ? { kind: 'memory' as const, id: i.memoryId }
            : { kind: 'document' as const, id: i.vaultFileId! },
      ),
  }));

  const legacy = await buildLegacyPlan(planRepo, userId, keyCodeSalt, unique);
  archiveFiles.push(...legacy.files);

  const document: HeirloomExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    scope: 'account',
    title: `${owner.firstName} ${owner.surname}`.trim() || 'heirloom',
    includesPlaces: true,
    owner: {
      firstName: owner.firstName,
      surname: owner.surname,
      email: owner.email,
      dateOfBirth: owner.dateOfBirth,
      cityOfBirth: owner.cityOfBirth,
      address: owner.address,
      mobileNumber: owner.mobileNumber,
      profilePicture,
    },
    photos: exportPhotos,
    memories: exportMemories,
    documents: exportDocuments,
    contacts: contacts.map((c) => ({
      id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phoneNumber: c.phoneNumber,
      address: c.address,
      birthday: c.birthday,
      relationship: c.relationship,
      familyRelation: c.familyRelation,
      notes: c.notes,
    })),
    collections: exportCollections,
    legacyPlan: legacy.plan,
  };
  return { document, files: archiveFiles };
}
