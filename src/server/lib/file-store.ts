// Files live behind this one interface (decision 041): the local disk under DATA_DIR/files by default, or an
// S3-compatible bucket (s3-file-store.ts). Both stage uploads in a local temp folder first, measured and
// hashed, and put a file at its key only whole: on disk by fsync + rename, in a bucket by a completed
// (multipart) upload. A crash leaves at most temp files, which the next start sweeps away.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { insufficientStorage } from './errors';
import { userText } from '@shared/i18n/text';

/** A file streamed to a temporary location, measured and hashed, not yet part of the library. */
export interface StagedFile {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for recognising the type by magic numbers. */
  head: Buffer;
}

/** What a stored file is now; `version` changes whenever its bytes may have (sent as the ETag). */
export interface FileStat {
  size: number;
  mtime: Date;
  mtimeMs: number;
  version: string;
}

/** How a presigned link answers (decision 041): the bucket sends these headers instead of heirloom. */
export interface PresignRequest {
  contentType: string;
  contentDisposition: string;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Sweep the temp folder a crash left behind (and, for a bucket, check it is there). */
  init(): Promise<void>;
  /** Readable and writable now? An unmounted disk or an unreachable bucket must never look like an empty library. */
  isAvailable(): Promise<boolean>;
  /**
   * Stream into a temp file, counting and hashing on the way. More than maxBytes → FileTooLargeError with
   * the temp file removed; a full disk → 507. `isTruncated` lets multipart report its own limit.
   */
  stage(source: Readable, maxBytes: number, isTruncated?: () => boolean): Promise<StagedFile>;
  /** Put a local temp file (staged, or a finished resumable upload) at its key, whole or not at all; the temp file is gone after. */
  commit(staged: Pick<StagedFile, 'tempPath'>, key: string): Promise<void>;
  discard(staged: Pick<StagedFile, 'tempPath'>): Promise<void>;
  /** A path in the local temp folder for a program to write into (ffmpeg; the extension tells it the format). */
  newTempPath(ext: string): Promise<string>;
  /**
   * Let a program (ffmpeg) write a file into the temp folder, then commit it to `key`. Nothing is left in the
   * temp folder, whatever happens, and nothing half-written is ever at `key`. Resolves with the file's size.
   */
  writeWith(key: string, ext: string, write: (tempPath: string) => Promise<void>): Promise<number>;
  /** Write a whole buffer (derivatives, re-encoded pictures) atomically. */
  writeBuffer(key: string, data: Buffer): Promise<void>;
  /**
   * Run `use` with the stored file as a local path (sharp, ffmpeg, zip reading need one): the file itself on
   * a local disk, a temp copy of the object for a bucket, removed when `use` settles.
   */
  withLocalFile<T>(key: string, use: (localPath: string) => Promise<T>): Promise<T>;
  /** A local path for work in progress that is not yet a library file (resumable uploads); on a local disk, the key's own file. */
  localPath(name: string): string;
  exists(key: string): Promise<boolean>;
  /** Rejects with an error for which isMissingFile() is true when nothing is stored at the key. */
  stat(key: string): Promise<FileStat>;
  /** Opened before it resolves: a missing file rejects here, before any response header is sent. */
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** A short-lived link straight to the bucket, when this store is a bucket set to serve by redirect; else undefined. */
  presignedUrl(key: string, request: PresignRequest): Promise<string | undefined>;
  remove(key: string): Promise<void>;
  /** Remove a whole folder of keys (a user's area when the account is deleted), or the one file a key names. */
  removeTree(prefix: string): Promise<void>;
  /** Every file under a prefix, as keys (used by photo maintenance to find moved originals). */
  list(prefix: string): Promise<string[]>;
}

const HEAD_BYTES = 4100;
const TMP_DIR = '.tmp';

export class FileTooLargeError extends Error {}

/** Nothing is stored at that key (ENOENT on a disk, NoSuchKey/404 from a bucket). */
export function isMissingFile(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

export function isDiskFull(err: unknown) {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG';
}

const diskFull = () => insufficientStorage(userText('Not enough storage space on the server. Nothing was saved.'));

/** The local temp folder both stores stage into: created on demand, emptied at start. */
export function createTempFolder(dir: string) {
  return {
    dir,
    async sweep() {
      await fsp.mkdir(dir, { recursive: true });
      // Temp files left by a crash belong to requests that never got an answer: remove them.
      for (const entry of await fsp.readdir(dir)) await fsp.rm(path.join(dir, entry), { recursive: true, force: true });
    },
    async newPath(ext = '') {
      await fsp.mkdir(dir, { recursive: true });
      return path.join(dir, `${randomUUID()}${ext ? `.${ext}` : ''}`);
    },

    async stage(source: Readable, maxBytes: number, isTruncated: () => boolean = () => false): Promise<StagedFile> {
      const tempPath = await this.newPath();
      const hash = createHash('sha256');
      const headChunks: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new FileTooLargeError());
          hash.update(chunk);
          if (headLength < HEAD_BYTES) {
            headChunks.push(chunk);
            headLength += chunk.length;
          }
          done(null, chunk);
        },
      });
      const out = fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600, flush: true });
      try {
        await pipeline(source, meter, out);
        if (isTruncated()) throw new FileTooLargeError();
      } catch (err) {
        await fsp.rm(tempPath, { force: true });
        if (err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new FileTooLargeError();
        }
        if (isDiskFull(err)) throw diskFull();
        throw err;
      }
      return { tempPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks).subarray(0, HEAD_BYTES) };
    },

    /**
     * Let a program write a new temp file, fsync it, and hand it to `commit`; the temp file is gone after,
     * whatever happens. Resolves with the file's size.
     */
    async writeThen(ext: string, write: (tempPath: string) => Promise<void>, commit: (tempPath: string) => Promise<void>) {
      const tempPath = await this.newPath(ext);
      try {
        await write(tempPath);
        const size = await syncedSize(tempPath);
        await commit(tempPath);
        return size;
      } finally {
        await fsp.rm(tempPath, { force: true });
      }
    },

    async remove(tempPath: string) {
      await fsp.rm(tempPath, { force: true });
    },

    /** Write a buffer to a new temp file, fsynced. */
    async writeBuffer(data: Buffer) {
      const tempPath = await this.newPath();
      try {
        const handle = await fsp.open(tempPath, 'wx', 0o600);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        return tempPath;
      } catch (err) {
        await fsp.rm(tempPath, { force: true });
        if (isDiskFull(err)) throw diskFull();
        throw err;
      }
    },
  };
}

/**
 * The methods both stores take straight from their local temp folder, given how the store puts a temp file at
 * its key.
 */
export function stagingVia(temp: ReturnType<typeof createTempFolder>, commit: FileStore['commit']) {
  return {
    stage: (source, maxBytes, isTruncated) => temp.stage(source, maxBytes, isTruncated),
    newTempPath: (ext) => temp.newPath(ext),
    writeWith: (key, ext, write) => temp.writeThen(ext, write, (tempPath) => commit({ tempPath }, key)),
    discard: (staged) => temp.remove(staged.tempPath),
  } satisfies Pick<FileStore, 'stage' | 'newTempPath' | 'writeWith' | 'discard'>;
}

/** fsync a file a program wrote, and tell its size. */
async function syncedSize(filePath: string) {
  const handle = await fsp.open(filePath, 'r+');
  try {
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

/** The local disk: files under `root` (DATA_DIR/files), keys as relative paths. */
export function createFileStore(root: string): FileStore {
  const temp = createTempFolder(path.join(root, TMP_DIR));

  /** Storage keys are ours (never user input), but resolve defensively so no key escapes the root. */
  function resolveKey(key: string) {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  }

  async function fsyncDir(dir: string) {
    const handle = await fsp.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** fsync, rename, fsync the directory (survives kill -9 and power loss). */
  async function commit(staged: Pick<StagedFile, 'tempPath'>, key: string) {
    const dest = resolveKey(key);
    try {
      await fsp.mkdir(path.dirname(dest), { recursive: true });
      await fsp.rename(staged.tempPath, dest);
      await fsyncDir(path.dirname(dest));
    } catch (err) {
      await fsp.rm(staged.tempPath, { force: true });
      if (isDiskFull(err)) throw diskFull();
      throw err;
    }
  }

  return {
    kind: 'local',

    async init() {
      await temp.sweep();
    },

    async isAvailable() {
      try {
        await fsp.access(root, fs.constants.R_OK | fs.constants.W_OK);
        await fsp.access(temp.dir, fs.constants.R_OK | fs.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },

    ...stagingVia(temp, commit),
    commit,

    async writeBuffer(key, data) {
      await commit({ tempPath: await temp.writeBuffer(data) }, key);
    },

    withLocalFile: (key, use) => use(resolveKey(key)),

    localPath: (name) => resolveKey(name),

    async exists(key) {
      try {
        await fsp.access(resolveKey(key));
        return true;
      } catch {
        return false;
      }
    },

    async stat(key) {
      const stat = await fsp.stat(resolveKey(key));
      // any rewrite changes its size, mtime or inode
      const version = `${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${stat.ino.toString(16)}`;
      return { size: stat.size, mtime: stat.mtime, mtimeMs: stat.mtimeMs, version };
    },

    async openRead(key, range) {
      const handle = await fsp.open(resolveKey(key), 'r');
      return handle.createReadStream(range);
    },

    presignedUrl: async () => undefined,

    async remove(key) {
      await fsp.rm(resolveKey(key), { force: true });
    },

    async removeTree(prefix) {
      await fsp.rm(resolveKey(prefix), { recursive: true, force: true });
    },

    async list(prefix) {
      const base = resolveKey(prefix);
      try {
        const entries = await fsp.readdir(base, { recursive: true, withFileTypes: true });
        return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
      } catch {
        return [];
      }
    },
  };
}

/** withLocalFile for several keys at once: every local path lives until `use` settles. */
export async function withLocalFiles<T>(files: FileStore, keys: string[], use: (localPaths: string[]) => Promise<T>): Promise<T> {
  const [first, ...rest] = keys;
  if (first === undefined) return use([]);
  return files.withLocalFile(first, (firstPath) => withLocalFiles(files, rest, (restPaths) => use([firstPath, ...restPaths])));
}

/** Where a user's files of one kind go: keys are generated, the user's own file name is never used. */
export function newFileKey(userId: number, area: 'photos' | 'attachments' | 'vault' | 'profile', ext: string) {
  return `users/${userId}/${area}/${randomUUID()}${ext ? `.${ext}` : ''}`;
}
