// What an archive is made of (decision 028): the heirloom.json document and the files it names. Every
// archive — a whole account, one share link, what an heir received — is such a dataset, and one writer
// (archive-writer.ts) turns any of them into the same zip.
import type { Readable } from 'node:stream';
import type { HeirloomExport } from '@shared/export-format';

/** One file of the archive whose bytes come from storage: an original or a preview. */
export interface ArchiveFile {
  /** The path inside the archive (forward slashes, readable, unique). */
  path: string;
  mtime: Date;
  /** Pictures, audio, video and zips are compressed already: stored as they are. */
  compress: boolean;
  /** The bytes expected, when known beforehand (for progress); the archive records what was actually read. */
  size?: number;
  /** Opened only when the zip reaches this file, so one file at a time is being read. */
  open(): Promise<Readable>;
}

/**
 * The document's file records (originals: photos, attachments, documents, the profile picture) carry a
 * `size` and `sha256`: the writer fills both in from the bytes it streams, so a builder may leave them as
 * placeholders (0 and '') when it does not know them — a re-encoded picture, a row without a stored hash.
 */
export interface ExportDataset {
  document: HeirloomExport;
  /** Every original and preview the document names, each exactly once. */
  files: ArchiveFile[];
  /** Text files made beside the document (the family tree's family.ged). */
  texts?: { path: string; text: string }[];
}

/** Pictures, sound, video and zips gain nothing from deflate. */
export const isCompressedType = (mimeType: string) => /^(image|audio|video)\//.test(mimeType) || mimeType === 'application/zip';
