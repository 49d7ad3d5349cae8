// The one way a library becomes an archive (decisions 028 and 054). The owner's "Export everything", a share
// link's "Download all" and an heir's "Download everything" place their photos, videos, memories and
// documents through this builder, so an item has the same path, the same previews (thumbnail, a video's
// poster and playable copy, a HEIC's display copy) and the same record in heirloom.json whoever downloads it.
// What differs between them is only what the reader may see: which rows, and, without places, which bytes.
// archive-writer.ts then turns the dataset into the zip with the offline viewer.
import { Readable } from 'node:stream';
import { datePrecisions, type DatePrecision } from '@shared/dates/date-precision';
import {
  ARCHIVE_PATHS,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  type ExportAttachment,
  type ExportDocument,
  type ExportFile,
  type ExportMemory,
  type ExportPhoto,
  type HeirloomExport,
} from '@shared/export-format';
import { defineMessages } from '../../lib/define-messages';
import type { FileStore } from '../../lib/file-store';
import { inEnglish, sentence, type Sentence } from '../../lib/i18n';
import { isHeif } from '../../lib/images';
import { attachmentDisplayKey } from '../memories/memories.service';
import { derivativeKey, videoKey, type VideoPlaybackState } from '../photos/photos.service';
import { extOf, fileNameOf, memoryName, photoPath, previewPath, stemOf } from './archive-names';
import { isCompressedType, type ArchiveFile, type ExportDataset } from './export-dataset';
import { zipNames } from './zip-stream';

/** Which file of the library is gone from storage, each as the whole sentence the owner reads. */
export const MISSING_FILE = defineMessages({
  profilePicture: {
    id: 'errors.export.missing.profilePicture',
    defaultMessage:
      'The file of your profile picture is missing from storage, so the export stopped. Settings → Maintenance can look for it.',
  },
  photo: {
    id: 'errors.export.missing.photo',
    defaultMessage:
      'The file of the photo “{title}” is missing from storage, so the export stopped. Settings → Maintenance can look for it.',
  },
  attachment: {
    id: 'errors.export.missing.attachment',
    defaultMessage:
      'The file of “{file}” in the memory “{memory}” is missing from storage, so the export stopped. Settings → Maintenance can look for it.',
  },
  document: {
    id: 'errors.export.missing.document',
    defaultMessage:
      'The file of the document “{name}” is missing from storage, so the export stopped. Settings → Maintenance can look for it.',
  },
});

/** A file of the library that is gone from storage: the owner's export stops and says which one. */
export class MissingFileError extends Error {
  /** `said`: which file, as a sentence for the owner's language; the message is its English, for the log. */
  constructor(readonly said: Sentence) {
    super(inEnglish(said));
  }
}

/** The bytes of an original as this reader receives them: as stored, or a copy without places. */
export interface OriginalBytes {
  open: () => Promise<Readable>;
  mimeType: string;
  fileName: string;
  /** Known when the bytes are the stored ones (progress counts them). */
  size?: number;
}

/** How a picture, attachment or document leaves for this reader; undefined leaves it out. As stored by default. */
export type OriginalBytesOf = () => Promise<OriginalBytes | undefined>;

export interface ArchivePhoto {
  key: string;
  fileName: string;
  mimeType: string;
  title: string | null;
  description: string | null;
  dateTaken: Date | null;
  /** Decision 067: how well dateTaken is known; a date without one is the file's own (exact). */
  dateTakenPrecision?: string | null;
  dateTakenMargin?: number | null;
  location: string | null;
  cameraInfo: string | null;
  width: number | null;
  height: number | null;
  createdAt: Date;
  /** A video's playback (decision 038); null for a picture. */
  videoPlayback: VideoPlaybackState | null;
  durationMs: number | null;
}

export interface ArchiveAttachment {
  key: string;
  fileName: string;
  mimeType: string;
  displaySize: number;
  uploadedAt: Date;
}

export interface ArchiveDocument {
  key: string;
  name: string;
  mimeType: string;
  description: string | null;
  uploadedAt: Date;
}

/** A stored precision as the archive's contract has it (the column is text with a CHECK), or the fallback. */
const precisionOf = (value: string | null | undefined, fallback: DatePrecision): DatePrecision =>
  (datePrecisions as readonly string[]).includes(value ?? '') ? (value as DatePrecision) : fallback;

export type ArchiveMemory = Pick<ExportMemory, 'title' | 'content' | 'eventDate' | 'tags'> & {
  /** Decision 067: how well eventDate is known ('day' when not said). */
  eventDatePrecision?: string | null;
  eventDateMargin?: number | null;
  location: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The reader's own numbering and links of an item are the caller's; everything else is the builder's. */
export type PhotoEntry = Omit<ExportPhoto, 'id' | 'tags' | 'memoryId'>;
export type AttachmentEntry = Omit<ExportAttachment, 'id'>;
export type DocumentEntry = Omit<ExportDocument, 'id' | 'memoryId'>;

/** `stop`: a missing original ends the archive, naming it (the owner's export). `skip`: it is left out (a reader's download). */
export type WhenMissing = 'stop' | 'skip';

const asMp4 = (fileName: string) => (extOf(fileName) === 'mp4' ? fileName : `${stemOf(fileName) || 'video'}.mp4`);

export function createArchiveBuilder(files: FileStore, whenMissing: WhenMissing) {
  const unique = zipNames();
  const archiveFiles: ArchiveFile[] = [];

  async function sizeOf(key: string) {
    try {
      return (await files.stat(key)).size;
    } catch {
      return undefined;
    }
  }

  const stored = (key: string, fileName: string, mimeType: string, size?: number): OriginalBytes => ({
    open: async () => files.openRead(key),
    mimeType,
    fileName,
    size,
  });

  /** The original's size; undefined (skip) or MissingFileError (stop) when storage lost it. */
  async function originalSize(key: string, missing: Sentence) {
    const size = await sizeOf(key);
    if (size === undefined && whenMissing === 'stop') throw new MissingFileError(missing);
    return size;
  }

  function place(wanted: string, file: Pick<OriginalBytes, 'open' | 'mimeType' | 'size'>, mtime: Date) {
    const path = unique(wanted);
    archiveFiles.push({ path, mtime, compress: !isCompressedType(file.mimeType), size: file.size, open: file.open });
    return path;
  }

  /** A stored derivative (a picture or a video) beside its original under viewer/previews/, when it is there. */
  async function preview(key: string, originalPath: string, suffix: string, mtime: Date) {
    const size = await sizeOf(key);
    if (size === undefined) return null; // the viewer does without
    const path = unique(previewPath(originalPath, suffix));
    archiveFiles.push({ path, mtime, compress: false, size, open: async () => files.openRead(key) });
    return path;
  }

  const memoryFolder = (m: Pick<ArchiveMemory, 'eventDate' | 'title'>) => `originals/memories/${memoryName(m)}`;

  const record = (path: string, file: OriginalBytes): ExportFile => ({
    path,
    fileName: file.fileName,
    mimeType: file.mimeType,
    size: file.size ?? 0,
    sha256: '', // the writer fills in size and sha256 from the bytes it streams
  });

  /**
   * A video's file for this reader: the original with places; without them one that plays and names no place
   * (the original that needs no copy, else its playable copy: decision 038), or none while there is neither.
   */
  async function videoFile(p: ArchivePhoto, withPlaces: boolean, size: number) {
    if (withPlaces || p.videoPlayback === 'original') return { file: stored(p.key, p.fileName, p.mimeType, size), isCopy: false };
    const copyKey = videoKey(p.key, 'copy');
    const copySize = p.videoPlayback === 'copy' ? await sizeOf(copyKey) : undefined;
    if (copySize === undefined) return undefined;
    return { file: stored(copyKey, asMp4(p.fileName), 'video/mp4', copySize), isCopy: true };
  }

  return {
    /** A stored file of the owner's outside the library (the profile picture). */
    async original(key: string, wanted: string, fileName: string, mimeType: string, mtime: Date, missing: Sentence) {
      const size = await originalSize(key, missing);
      if (size === undefined) return undefined;
      const file = stored(key, fileName, mimeType, size);
      return record(place(wanted, file, mtime), file);
    },

    /** A photo or video with its previews; `picture` is how a picture's bytes leave (a video's are decided here). */
    async photo(p: ArchivePhoto, withPlaces: boolean, picture?: OriginalBytesOf): Promise<PhotoEntry | undefined> {
      const size = await originalSize(p.key, sentence(MISSING_FILE.photo, { title: p.title ?? p.fileName }));
      if (size === undefined) return undefined;
      const isVideo = p.videoPlayback !== null;
      const video = isVideo ? await videoFile(p, withPlaces, size) : undefined;
      const file = isVideo ? video?.file : picture ? await picture() : stored(p.key, p.fileName, p.mimeType, size);
      if (!file) return undefined;
      const path = place(photoPath(p, extOf(file.fileName)), file, p.dateTaken ?? p.createdAt);
      const thumbnail = await preview(derivativeKey(p.key, 'thumb'), path, '.thumb.webp', p.createdAt);
      let display: string | null = null;
      let playable: string | null = null;
      if (isVideo) {
        // a video's poster is its largest picture (decision 038)
        display = await preview(derivativeKey(p.key, 'mobile'), path, '.poster.jpg', p.createdAt);
        // an original browsers cannot all play (HEVC, most MOV) brings its playable copy along
        if (p.videoPlayback === 'copy' && !video!.isCopy) playable = await preview(videoKey(p.key, 'copy'), path, '.play.mp4', p.createdAt);
      } else if (isHeif(p.mimeType) && file.mimeType === p.mimeType) {
        // the copy browsers can show, beside a HEIC kept as it is
        display = await preview(derivativeKey(p.key, 'display'), path, '.display.jpg', p.createdAt);
      }
      return {
        ...record(path, file),
        title: p.title,
        description: p.description,
        dateTaken: p.dateTaken?.toISOString() ?? null,
        dateTakenPrecision: p.dateTaken ? precisionOf(p.dateTakenPrecision, 'exact') : null,
        dateTakenMargin: p.dateTaken && p.dateTakenPrecision === 'about' ? (p.dateTakenMargin ?? null) : null,
        location: withPlaces ? p.location : null,
        cameraInfo: p.cameraInfo,
        width: p.width,
        height: p.height,
        uploadedAt: p.createdAt.toISOString(),
        previews: { thumbnail, display, ...(isVideo && { video: playable }) },
        mediaType: isVideo ? 'video' : 'image',
        durationMs: p.durationMs,
      };
    },

    async attachment(a: ArchiveAttachment, m: ArchiveMemory, source?: OriginalBytesOf): Promise<AttachmentEntry | undefined> {
      const size = await originalSize(a.key, sentence(MISSING_FILE.attachment, { file: a.fileName, memory: m.title }));
      if (size === undefined) return undefined;
      const file = source ? await source() : stored(a.key, a.fileName, a.mimeType, size);
      if (!file) return undefined;
      const path = place(`${memoryFolder(m)}/${fileNameOf(file.fileName, 'file')}`, file, a.uploadedAt);
      const keptHeic = isHeif(a.mimeType) && a.displaySize > 0 && file.mimeType === a.mimeType;
      return {
        ...record(path, file),
        uploadedAt: a.uploadedAt.toISOString(),
        previews: {
          thumbnail: null,
          display: keptHeic ? await preview(attachmentDisplayKey(a.key), path, '.display.jpg', a.uploadedAt) : null,
        },
      };
    },

    /** A memory, once its attachments are placed (its Markdown file's name comes after theirs). */
    memory: (m: ArchiveMemory, withPlaces: boolean, attachments: ExportAttachment[]): Omit<ExportMemory, 'id'> => ({
      title: m.title,
      content: m.content,
      eventDate: m.eventDate,
      eventDatePrecision: precisionOf(m.eventDatePrecision, 'day'),
      eventDateMargin: m.eventDatePrecision === 'about' ? (m.eventDateMargin ?? null) : null,
      location: withPlaces ? m.location : null,
      tags: m.tags,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
      markdown: unique(`${ARCHIVE_PATHS.memories}${memoryName(m)}.md`),
      attachments,
    }),

    async document(d: ArchiveDocument, source?: OriginalBytesOf): Promise<DocumentEntry | undefined> {
      const size = await originalSize(d.key, sentence(MISSING_FILE.document, { name: d.name }));
      if (size === undefined) return undefined;
      const file = source ? await source() : stored(d.key, d.name, d.mimeType, size);
      if (!file) return undefined;
      const path = place(`originals/documents/${fileNameOf(file.fileName, 'document')}`, file, d.uploadedAt);
      return { ...record(path, file), description: d.description, uploadedAt: d.uploadedAt.toISOString() };
    },

    /** Bytes the database holds (a letter's recording, a README): measured and hashed like every file. */
    addBytes(wanted: string, bytes: Buffer, mimeType: string, mtime: Date): string {
      return place(wanted, { open: async () => Readable.from([bytes]), mimeType, size: bytes.length }, mtime);
    },

    /** A file made elsewhere (an heir's letters/ folder), under a unique name. */
    addFile(file: ArchiveFile) {
      archiveFiles.push({ ...file, path: unique(file.path) });
    },

    dataset(document: Omit<HeirloomExport, 'format' | 'version'>): ExportDataset {
      return { document: { format: EXPORT_FORMAT, version: EXPORT_FORMAT_VERSION, ...document }, files: archiveFiles };
    },
  };
}

export type ArchiveBuilder = ReturnType<typeof createArchiveBuilder>;
