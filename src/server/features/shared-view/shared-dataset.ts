// What a grant reaches, as an export dataset (decision 028): a share link's "Download all" and an heir's
// "Download everything" are written by the same exporter as "Export everything", limited to what the grant
// shows. Without "Include places" pictures, sound and video go as their kept copies without places
// (lib/place-free-copies.ts: a picture keeps its pixels and date, and one naming no place goes as stored; a
// gallery video as its playable copy), and what has no such copy that can be made stays out; the document's
// places are null. The owner's own ids never appear: items are numbered afresh inside the archive, and the
// owner's e-mail and contacts stay out.
import type { Readable } from 'node:stream';
import {
  ARCHIVE_PATHS,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  type ExportAttachment,
  type ExportCollection,
  type ExportDocument,
  type ExportMemory,
  type ExportPhoto,
} from '@shared/export-format';
import type { FileStore } from '../../lib/file-store';
import { isHeif } from '../../lib/images';
import { mayNamePlace, type PlaceFreeCopies } from '../../lib/place-free-copies';
import {
  fileNameOf,
  isCompressedType,
  memoryName,
  photoPath,
  previewPath,
  zipNames,
  type ArchiveFile,
  type ExportDataset,
} from '../exports/exports.service';
import { attachmentDisplayKey } from '../memories/memories.service';
import { derivativeKey, videoKey } from '../photos/photos.service';
import { withExtension } from './shared-files';
import type { ShareGrant, SharedPhotoRow, SharedViewRepo } from './shared-view.repo';

interface Deps {
  repo: SharedViewRepo;
  files: FileStore;
  placeFree: PlaceFreeCopies;
}

/** How a stored file goes into the archive: as stored, or as its kept copy without places. */
interface Served {
  open: () => Promise<Readable>;
  mimeType: string;
  fileName: string;
  /** Known only when the bytes are the stored ones. */
  size?: number;
}

const ext = (fileName: string) => /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase() ?? 'bin';

/** Collects one or more grants (an heir's releases) into one archive; the same item reached twice is kept once. */
export function createSharedDataset(
  { repo, files, placeFree }: Deps,
  about: { scope: 'shared' | 'legacy'; title: string; ownerName: string; now: Date },
) {
  const unique = zipNames();
  const archiveFiles: ArchiveFile[] = [];
  const photos = new Map<number, ExportPhoto>();
  const memories = new Map<number, ExportMemory>();
  const documents = new Map<string, ExportDocument>();
  const collections: ExportCollection[] = [];
  const nextId = { photo: 1, memory: 1, attachment: 1, document: 1, collection: 1 };
  /** Whether every grant so far kept places: the document says so only if all did. */
  let includesPlaces = true;

  const exists = (key: string) => files.exists(key);

  /**
   * The stored file, or its copy without places when the grant leaves them out. Undefined when that copy
   * cannot be made (a damaged picture, a sound ffmpeg cannot remux): left out rather than sent with its places.
   */
  async function served(g: ShareGrant, key: string, fileName: string, mimeType: string, size: number): Promise<Served | undefined> {
    const asStored = (at: string) => ({ open: async () => files.openRead(at), mimeType, fileName, ...(at === key ? { size } : {}) });
    if (g.includePlaces || !mayNamePlace(mimeType)) return asStored(key);
    // made before the archive starts, so a file that cannot be copied leaves no broken zip behind
    const copyKey = await placeFree.keyOf(key, mimeType).catch(() => undefined);
    return copyKey ? asStored(copyKey) : undefined;
  }

  /** The copies a grant without places needs, made two at a time before the archive is written in order. */
  async function prepare(wanted: Array<{ key: string; mimeType: string }>) {
    await Promise.all(wanted.filter((f) => mayNamePlace(f.mimeType)).map((f) => placeFree.keyOf(f.key, f.mimeType).catch(() => undefined)));
  }

  /** A gallery video without places: its playable copy, or the original when that plays and names no place (decision 038). */
  async function placeFreeVideo(p: SharedPhotoRow): Promise<Served | undefined> {
    if (p.videoPlayback === 'original')
      return { open: async () => files.openRead(p.key), mimeType: p.mimeType, fileName: p.fileName, size: p.fileSize };
    const copyKey = videoKey(p.key, 'copy');
    if (p.videoPlayback !== 'copy' || !(await exists(copyKey))) return undefined;
    return { open: async () => files.openRead(copyKey), mimeType: 'video/mp4', fileName: withExtension(p.fileName, 'mp4') };
  }

  function place(path: string, file: Served, mtime: Date) {
    archiveFiles.push({ path, mtime, compress: !isCompressedType(file.mimeType), size: file.size, open: file.open });
  }

  /** A stored derivative as a preview beside its original, when it is there. */
  async function preview(key: string, originalPath: string, suffix: string, mtime: Date) {
    if (!(await exists(key))) return null;
    const path = unique(previewPath(originalPath, suffix));
    archiveFiles.push({ path, mtime, compress: false, open: async () => files.openRead(key) });
    return path;
  }

  return {
    /** Adds what one grant shows; `asCollection` lists its items as a collection (named after the grant, or `title`). */
    async add(g: ShareGrant, asCollection: boolean, title = g.title) {
      includesPlaces &&= g.includePlaces;
      const [photoRows, memoryRows, attachmentRows, documentRows] = await Promise.all([
        repo.listPhotos(g),
        repo.listMemories(g),
        repo.listAttachments(g),
        repo.listDocuments(g),
      ]);
      const items: ExportCollection['items'] = [];
      let coverPhotoId: number | null = null;
      if (!g.includePlaces) {
        await prepare([...photoRows.filter((p) => !p.videoPlayback), ...attachmentRows, ...documentRows]);
      }

      for (const p of photoRows) {
        let record = photos.get(p.photoId);
        if (!record) {
          if (!(await exists(p.key))) continue; // a file lost from the disk is left out rather than cutting the zip
          const file =
            p.videoPlayback && !g.includePlaces ? await placeFreeVideo(p) : await served(g, p.key, p.fileName, p.mimeType, p.fileSize);
          if (!file) continue;
          const path = unique(photoPath(p, ext(file.fileName)));
          place(path, file, p.dateTaken ?? p.createdAt);
          record = {
            path,
            fileName: file.fileName,
            mimeType: file.mimeType,
            size: 0,
            sha256: '',
            id: nextId.photo++,
            title: p.title,
            description: p.description,
            dateTaken: p.dateTaken?.toISOString() ?? null,
            location: g.includePlaces ? p.location : null,
            cameraInfo: p.cameraInfo,
            tags: [],
            width: p.width,
            height: p.height,
            memoryId: null,
            uploadedAt: p.createdAt.toISOString(),
            previews: {
              thumbnail: await preview(derivativeKey(p.key, 'thumb'), path, '.thumb.webp', p.createdAt),
              display: isHeif(p.mimeType) ? await preview(derivativeKey(p.key, 'display'), path, '.display.jpg', p.createdAt) : null,
            },
          };
          photos.set(p.photoId, record);
        }
        items.push({ kind: 'photo', id: record.id });
        if (p.photoId === g.coverPhotoId || coverPhotoId === null) coverPhotoId = record.id;
      }

      for (const m of memoryRows) {
        let record = memories.get(m.memoryId);
        if (!record) {
          const folder = `originals/memories/${memoryName(m)}`;
          const attachments: ExportAttachment[] = [];
          for (const a of attachmentRows.filter((x) => x.memoryId === m.memoryId)) {
            if (!(await exists(a.key))) continue;
            const displayKey = isHeif(a.mimeType) && a.displaySize > 0 ? attachmentDisplayKey(a.key) : undefined;
            const file = await served(g, a.key, a.fileName, a.mimeType, a.fileSize);
            if (!file) continue;
            const path = unique(`${folder}/${fileNameOf(file.fileName, 'file')}`);
            place(path, file, a.uploadedAt);
            attachments.push({
              path,
              fileName: file.fileName,
              mimeType: file.mimeType,
              size: 0,
              sha256: '',
              id: nextId.attachment++,
              uploadedAt: a.uploadedAt.toISOString(),
              previews: {
                thumbnail: null,
                display: displayKey ? await preview(displayKey, path, '.display.jpg', a.uploadedAt) : null,
              },
            });
          }
          record = {
            id: nextId.memory++,
            title: m.title,
            content: m.content,
            eventDate: m.eventDate,
            location: g.includePlaces ? m.location : null,
            tags: m.tags,
            createdAt: m.createdAt.toISOString(),
            updatedAt: m.updatedAt.toISOString(),
            markdown: unique(`${ARCHIVE_PATHS.memories}${memoryName(m)}.md`),
            attachments,
          };
          memories.set(m.memoryId, record);
        }
        items.push({ kind: 'memory', id: record.id });
      }

      for (const d of documentRows) {
        let record = documents.get(d.key);
        if (!record) {
          if (!(await exists(d.key))) continue;
          const file = await served(g, d.key, d.name, d.mimeType, d.fileSize);
          if (!file) continue;
          const path = unique(`originals/documents/${fileNameOf(file.fileName, 'document')}`);
          place(path, file, d.uploadedAt);
          record = {
            path,
            fileName: file.fileName,
            mimeType: file.mimeType,
            size: 0,
            sha256: '',
            id: nextId.document++,
            description: d.description,
            memoryId: null,
            uploadedAt: d.uploadedAt.toISOString(),
          };
          documents.set(d.key, record);
        }
        items.push({ kind: 'document', id: record.id });
      }

      if (asCollection) {
        collections.push({
          id: nextId.collection++,
          title,
          description: g.description,
          coverPhotoId,
          createdAt: g.createdAt.toISOString(),
          items,
        });
      }
    },

    /** Files that are not part of the document (an heir's letters): placed as they are, hashed like the rest. */
    addFile(file: ArchiveFile) {
      archiveFiles.push({ ...file, path: unique(file.path) });
    },

    dataset(): ExportDataset {
      const [firstName, ...rest] = about.ownerName.trim().split(/\s+/);
      return {
        document: {
          format: EXPORT_FORMAT,
          version: EXPORT_FORMAT_VERSION,
          exportedAt: about.now.toISOString(),
          scope: about.scope,
          title: about.title,
          includesPlaces,
          owner: {
            firstName: firstName ?? '',
            surname: rest.join(' '),
            email: null,
            dateOfBirth: null,
            cityOfBirth: null,
            address: null,
            mobileNumber: null,
            profilePicture: null,
          },
          photos: [...photos.values()],
          memories: [...memories.values()],
          documents: [...documents.values()],
          contacts: [],
          collections,
        },
        files: archiveFiles,
      };
    },
  };
}

export type SharedDataset = ReturnType<typeof createSharedDataset>;
