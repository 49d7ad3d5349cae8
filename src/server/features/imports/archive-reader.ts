// Reading an import's archives without extracting them (decision 029): every zip is scanned with yauzl
// before anything is written, and refused whole when one entry is hostile (a path outside the archive, a
// symlink, a duplicate name, an absurd compression ratio, encryption, more entries or bytes than any real
// library has). An unpacked folder (HEIRLOOM_IMPORT_DIR) is walked with lstat under the same rules.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { MB } from '@shared/limits';
import { TRANSFER_MESSAGES } from '@shared/schemas/transfers';
import { inEnglish, type Sentence } from '../../lib/i18n';
import { cleanText } from '../../lib/nul-character';
import { refusal } from './archive-refusals';

/** Entries in all of one import's archives: a Takeout of 100 000 photos has about twice as many files. */
export const MAX_ENTRIES = 500_000;
/** Uncompressed bytes of one import, whatever the quota: no family library is near it. */
export const MAX_TOTAL_BYTES = 200 * 1024 * MB;
/** An entry that inflates more than this many times… */
export const MAX_RATIO = 100;
/** …and to more than this is a zip bomb: photos and audio barely compress, JSON and text stay far below. */
export const RATIO_CHECK_BYTES = 4 * MB;

/** A refusal the user reads as it is: the import fails with this message and adds nothing. */
export class ArchiveRefusedError extends Error {
  /** The sentence behind `message` (its English), for an owner who reads another language. */
  readonly sentence?: Sentence;

  constructor(text: string | Sentence) {
    super(typeof text === 'string' ? text : inEnglish(text));
    if (typeof text !== 'string') this.sentence = text;
  }
}

export interface ArchiveEntry {
  /** Path inside its archive, forward slashes, no leading slash. */
  path: string;
  size: number;
  /** Which archive of the import it is in (Takeout comes in parts). */
  part: number;
}

export interface OpenArchive {
  entries: ArchiveEntry[];
  /** Entries whose names held characters PostgreSQL refuses: their paths here have them removed. */
  cleanedNames: string[];
  /** Uncompressed bytes of every entry. */
  totalBytes: number;
  /** The entry's bytes; more than it declared is an error. */
  open(entry: ArchiveEntry): Promise<Readable>;
  close(): void;
}

const refuse = (text: string | Sentence) => new ArchiveRefusedError(text);
const quoted = (name: string) => JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name);

/** yauzl's own name checks, told in words a user understands, naming the entry. */
function translateYauzl(err: Error): Error {
  const m = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/s.exec(err.message);
  if (m) {
    const name = quoted(m[2]!);
    if (m[1] === 'invalid relative path') return refuse(refusal('outsideArchive', { name }));
    if (m[1] === 'absolute path') return refuse(refusal('absolutePath', { name }));
    return refuse(refusal('backslash', { name }));
  }
  if (/encrypted/i.test(err.message)) return refuse(refusal('archiveEncrypted'));
  return refuse(TRANSFER_MESSAGES.notAnArchive);
}

/** Cuts a stream off with an error once it has given more than `limit` bytes. */
function limitTo(limit: number, name: string) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) return done(refuse(refusal('largerThanSaid', { name: quoted(name) })));
      done(null, chunk);
    },
  });
}

class Checker {
  private names = new Set<string>();
  count = 0;
  total = 0;

  /** Names are unique within one archive; Takeout's parts may each hold an album's metadata.json. */
  add(part: number, name: string, size: number, compressed: number | undefined) {
    const key = `${part}/${name.normalize('NFC')}`;
    if (this.names.has(key)) throw refuse(refusal('nameTwice', { name: quoted(name) }));
    this.names.add(key);
    if (++this.count > MAX_ENTRIES) throw refuse(refusal('tooManyFiles', { max: MAX_ENTRIES }));
    this.total += size;
    if (this.total > MAX_TOTAL_BYTES) throw refuse(refusal('tooLarge'));
    if (compressed !== undefined && size > RATIO_CHECK_BYTES && size > compressed * MAX_RATIO) {
      throw refuse(refusal('zipBomb', { name: quoted(name), ratio: String(MAX_RATIO) }));
    }
  }
}

function openZipFile(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true }, (err, zip) =>
      err ? reject(translateYauzl(err)) : resolve(zip),
    ),
  );
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Scans one zip: every entry checked before the caller reads a byte of any. */
async function scanZip(file: string, part: number, checker: Checker) {
  const zip = await openZipFile(file);
  const entries: Array<{ entry: ArchiveEntry; raw: yauzl.Entry }> = [];
  const cleanedNames: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) => reject(err instanceof ArchiveRefusedError ? err : translateYauzl(err)));
      zip.on('end', () => resolve());
      zip.on('entry', (raw: yauzl.Entry) => {
        try {
          // a zip's names are bytes: a NUL among them would fail every row and report line naming the entry
          const name = cleanText(raw.fileName);
          if (name !== raw.fileName) cleanedNames.push(name);
          const mode = (raw.externalFileAttributes >>> 16) & S_IFMT;
          if (mode === S_IFLNK) throw refuse(refusal('entryLink', { name: quoted(name) }));
          if (raw.isEncrypted()) throw refuse(refusal('entryEncrypted', { name: quoted(name) }));
          if (name.split('/').some((p) => p === '.')) throw refuse(refusal('oddPath', { name: quoted(name) }));
          if (!name.endsWith('/')) {
            checker.add(part, name, raw.uncompressedSize, raw.compressedSize);
            entries.push({ entry: { path: name, size: raw.uncompressedSize, part }, raw });
          }
          zip.readEntry();
        } catch (err) {
          reject(err);
        }
      });
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    throw err;
  }
  const byPath = new Map(entries.map((e) => [e.entry.path, e]));
  return {
    entries: entries.map((e) => e.entry),
    cleanedNames,
    async open(entry: ArchiveEntry): Promise<Readable> {
      const found = byPath.get(entry.path);
      if (!found) throw new Error(`No entry ${entry.path}`);
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(found.raw, (err, s) => (err ? reject(translateYauzl(err)) : resolve(s))),
      );
      const limited = limitTo(found.raw.uncompressedSize, entry.path);
      // pipeline keeps an error listener on both: yauzl's stream may report an error after the reader gave up
      pipeline(stream, limited, () => {});
      return limited;
    },
    close: () => zip.close(),
  };
}

/** Walks an unpacked folder with lstat: a symlink or anything but files and folders refuses it. */
async function scanFolder(root: string, part: number, checker: Checker) {
  const entries: ArchiveEntry[] = [];
  const walk = async (dir: string) => {
    for (const dirent of await fsp.readdir(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${dirent.name}` : dirent.name;
      const stat = await fsp.lstat(path.join(root, rel));
      if (stat.isSymbolicLink()) throw refuse(refusal('folderLink', { name: quoted(rel) }));
      if (stat.isDirectory()) await walk(rel);
      else if (stat.isFile()) {
        checker.add(part, rel, stat.size, undefined);
        entries.push({ path: rel, size: stat.size, part });
      } else throw refuse(refusal('folderOddFile', { name: quoted(rel) }));
    }
  };
  await walk('');
  return {
    entries,
    cleanedNames: [] as string[], // a file system's names hold no NUL
    async open(entry: ArchiveEntry): Promise<Readable> {
      const full = path.resolve(root, entry.path);
      if (!full.startsWith(root + path.sep)) throw refuse(refusal('folderOutside', { name: quoted(entry.path) }));
      // O_NOFOLLOW: a file swapped for a symlink after the walk is not followed
      const handle = await fsp.open(full, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
      const limited = limitTo(entry.size, entry.path);
      pipeline(handle.createReadStream(), limited, () => {});
      return limited;
    },
    close: () => {},
  };
}

export interface ArchiveSource {
  /** An absolute path on this server: a zip file or (kind 'folder') an unpacked folder. */
  path: string;
  kind: 'zip' | 'folder';
}

/** Opens and checks every source of one import as one set of entries; refuses the whole set on any problem. */
export async function openArchives(sources: ArchiveSource[]): Promise<OpenArchive> {
  const checker = new Checker();
  const parts: Array<Awaited<ReturnType<typeof scanZip>>> = [];
  try {
    for (const [i, source] of sources.entries()) {
      parts.push(source.kind === 'zip' ? await scanZip(source.path, i, checker) : await scanFolder(source.path, i, checker));
    }
  } catch (err) {
    for (const part of parts) part.close();
    throw err;
  }
  return {
    entries: parts.flatMap((p) => p.entries),
    cleanedNames: parts.flatMap((p) => p.cleanedNames),
    totalBytes: checker.total,
    open: (entry) => parts[entry.part]!.open(entry),
    close: () => parts.forEach((p) => p.close()),
  };
}
