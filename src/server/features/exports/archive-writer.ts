// Any dataset → the archive's zip (decision 028), as a stream. The library's files go first, each hashed
// while it streams; then the document (now holding every original's real size and sha256), the viewer,
// contacts.vcf and memories/*.md; manifest.json last, listing every other entry — so no file is read twice
// and memory holds the metadata, never the bytes.
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { z } from 'zod';
import {
  ARCHIVE_PATHS,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  heirloomExportSchema,
  type ExportFile,
  type ExportManifest,
  type HeirloomExport,
} from '@shared/export-format';
import type { ArchiveToSend } from '../../lib/send-file';
import type { ArchiveFile, ExportDataset } from './export-dataset';
import { memoryMarkdown } from './memory-markdown';
import { contactsVcf } from './vcard';
import { viewerAssets } from './viewer-assets';
import { zipStream, type ZipEntry } from './zip-stream';

export interface ArchiveProgress {
  /** Entries of the zip written so far (originals, previews and generated files). */
  itemsDone: number;
  /** Bytes of the library's files (originals and previews) read so far; generated files are not counted. */
  bytesDone: number;
}

interface Fact {
  size: number;
  sha256: string;
}

/** What an archive of this dataset will hold: every entry, and the bytes of its library files. */
export function archiveTotals(dataset: ExportDataset) {
  return {
    itemsTotal: dataset.files.length + generatedPaths(dataset.document).length + (dataset.texts?.length ?? 0) + 1, // + manifest.json
    bytesTotal: dataset.files.reduce((sum, file) => sum + (file.size ?? 0), 0),
  };
}

function generatedPaths(document: HeirloomExport) {
  const paths: string[] = [
    ARCHIVE_PATHS.metadata,
    ARCHIVE_PATHS.metadataSchema,
    ARCHIVE_PATHS.viewerData,
    ARCHIVE_PATHS.viewer,
    ARCHIVE_PATHS.viewerScript,
  ];
  if (document.contacts.length > 0) paths.push(ARCHIVE_PATHS.contacts);
  for (const memory of document.memories) paths.push(memory.markdown);
  return paths;
}

/** Every file record of the document (what has a size and sha256 to fill in). */
function fileRecords(document: HeirloomExport): ExportFile[] {
  return [
    ...(document.owner.profilePicture ? [document.owner.profilePicture] : []),
    ...document.photos,
    ...document.memories.flatMap((m) => m.attachments),
    ...document.documents,
    ...(document.legacyPlan?.letters ?? []).flatMap((l) => [...l.attachments, ...(l.sealed ? [l.sealed.file] : [])]),
  ];
}

function previewPaths(document: HeirloomExport): string[] {
  const previews = [...document.photos, ...document.memories.flatMap((m) => m.attachments)].map((f) => f.previews);
  return previews.flatMap((p) => [p.thumbnail, p.display, p.video ?? null]).filter((p): p is string => p !== null);
}

/** A builder's mistake caught before a byte is written: a named file missing, a path given twice. */
function checkDataset({ document, files }: ExportDataset) {
  const seen = new Set<string>();
  for (const file of files) {
    const key = file.path.toLowerCase();
    if (seen.has(key)) throw new Error(`The archive names ${file.path} twice`);
    seen.add(key);
  }
  for (const path of [...fileRecords(document).map((f) => f.path), ...previewPaths(document)]) {
    if (!seen.has(path.toLowerCase())) throw new Error(`The document names ${path}, which is not among the files`);
  }
  for (const path of generatedPaths(document)) {
    if (seen.has(path.toLowerCase())) throw new Error(`${path} is written by the exporter itself`);
  }
}

/** The document with every original's size and sha256 as streamed (the bytes are the truth, not the rows). */
function withFacts(document: HeirloomExport, facts: Map<string, Fact>): HeirloomExport {
  const fill = <T extends ExportFile>(file: T): T => ({ ...file, ...facts.get(file.path) });
  return {
    ...document,
    owner: { ...document.owner, profilePicture: document.owner.profilePicture && fill(document.owner.profilePicture) },
    photos: document.photos.map(fill),
    memories: document.memories.map((m) => ({ ...m, attachments: m.attachments.map(fill) })),
    documents: document.documents.map(fill),
    ...(document.legacyPlan && {
      legacyPlan: {
        ...document.legacyPlan,
        letters: document.legacyPlan.letters.map((l) => ({
          ...l,
          attachments: l.attachments.map(fill),
          sealed: l.sealed && { ...l.sealed, file: fill(l.sealed.file) },
        })),
      },
    }),
  };
}

/** `</script>` inside a string must not end the script; U+2028/9 are line breaks to older JavaScript. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const textOf = (text: string) => () => Promise.resolve(Readable.from([Buffer.from(text, 'utf8')]));

/**
 * The archive's entries in the order they are written, each opened, counted and hashed only when its turn comes:
 * what the zip holds, and what an heir's sealed escrow bundle holds as files. `onProgress` is called as bytes pass.
 */
export function archiveEntries(dataset: ExportDataset, onProgress?: (progress: ArchiveProgress) => void): ZipEntry[] {
  checkDataset(dataset);
  const facts = new Map<string, Fact>();
  const progress: ArchiveProgress = { itemsDone: 0, bytesDone: 0 };
  let final: HeirloomExport | undefined;
  // the document, completed once every library file has streamed (the generated entries come after them)
  const document = () => (final ??= heirloomExportSchema.parse(withFacts(dataset.document, facts)));
  const libraryPaths = new Set(dataset.files.map((f) => f.path));

  /** Counts and hashes an entry's bytes on their way into the zip. */
  const measured = (path: string, open: () => Promise<Readable>) => async () => {
    const source = await open();
    const hash = createHash('sha256');
    let size = 0;
    const counted = libraryPaths.has(path);
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        if (counted) {
          progress.bytesDone += chunk.length;
          onProgress?.({ ...progress });
        }
        done(null, chunk);
      },
      flush(done) {
        facts.set(path, { size, sha256: hash.digest('hex') });
        progress.itemsDone++;
        onProgress?.({ ...progress });
        done();
      },
    });
    source.on('error', (err) => meter.destroy(err));
    return source.pipe(meter);
  };

  const entry = (path: string, compress: boolean, mtime: Date, open: () => Promise<Readable>): ZipEntry => ({
    name: path,
    mtime,
    compress,
    open: measured(path, open),
  });

  const exportedAt = new Date(dataset.document.exportedAt);
  const assets = viewerAssets();
  const entries: ZipEntry[] = dataset.files.map((file: ArchiveFile) => entry(file.path, file.compress, file.mtime, () => file.open()));
  entries.push(
    entry(ARCHIVE_PATHS.metadata, true, exportedAt, () => textOf(`${JSON.stringify(document(), null, 2)}\n`)()),
    entry(ARCHIVE_PATHS.metadataSchema, true, exportedAt, textOf(`${JSON.stringify(z.toJSONSchema(heirloomExportSchema), null, 2)}\n`)),
    entry(ARCHIVE_PATHS.viewerData, true, exportedAt, () => textOf(`window.HEIRLOOM_EXPORT = ${scriptSafeJson(document())};\n`)()),
    entry(ARCHIVE_PATHS.viewer, true, exportedAt, async () => Readable.from([Buffer.from((await assets).indexHtml, 'utf8')])),
    entry(ARCHIVE_PATHS.viewerScript, true, exportedAt, async () => Readable.from([Buffer.from((await assets).viewerJs, 'utf8')])),
  );
  if (dataset.document.contacts.length > 0) {
    entries.push(entry(ARCHIVE_PATHS.contacts, true, exportedAt, textOf(contactsVcf(dataset.document.contacts))));
  }
  for (const text of dataset.texts ?? []) entries.push(entry(text.path, true, exportedAt, textOf(text.text)));
  for (const memory of dataset.document.memories) {
    entries.push(entry(memory.markdown, true, new Date(memory.updatedAt), () => textOf(memoryMarkdown(memory, document()))()));
  }
  // last: every entry above has been hashed by the time the zip reaches it
  entries.push({
    name: ARCHIVE_PATHS.manifest,
    mtime: exportedAt,
    compress: true,
    open: async () => {
      const manifest: ExportManifest = {
        format: EXPORT_FORMAT,
        version: EXPORT_FORMAT_VERSION,
        algorithm: 'sha256',
        files: [...facts].map(([path, fact]) => ({ path, ...fact })),
      };
      progress.itemsDone++;
      onProgress?.({ ...progress });
      return Readable.from([Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8')]);
    },
  });
  // a failure is reported when the viewer's entries are reached (the zip ends with it), not as an unhandled rejection
  assets.catch(() => {});
  return entries;
}

/**
 * The archive as a stream (a yazl zip). `onProgress` is called as bytes pass; an entry that cannot be read
 * ends the stream with an error (see zipStream).
 */
export function writeArchive(dataset: ExportDataset, onProgress?: (progress: ArchiveProgress) => void): Readable {
  return zipStream(archiveEntries(dataset, onProgress));
}

/** A dataset as a route answers with it (lib/send-file.ts sendArchive): the zip is written only when a body is sent. */
export const archiveToSend = (fileName: string, dataset: ExportDataset): ArchiveToSend => ({
  fileName,
  open: () => writeArchive(dataset),
});
