// Files live under one storage root behind this small interface, so object storage can replace it later.
// Every write goes to a temporary file first, is fsynced, and is renamed into place: a reader never sees
// half a file, and a crash leaves at most a temp file that the next start sweeps away.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { insufficientStorage } from './errors';

/** A file streamed to a temporary location, measured and hashed, not yet part of the library. */
export interface StagedFile {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for recognising the type by magic numbers. */
  head: Buffer;
}

const HEAD_BYTES = 4100;
const TMP_DIR = '.tmp';

export class FileTooLargeError extends Error {}

function isDiskFull(err: unknown) {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG';
}

export function createFileStore(root: string) {
  const tmpDir = path.join(root, TMP_DIR);

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

  async function commit(staged: Pick<StagedFile, 'tempPath'>, key: string) {
    const dest = resolveKey(key);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    await fsp.rename(staged.tempPath, dest);
    await fsyncDir(path.dirname(dest));
  }

  async function newTempPath(ext: string) {
    await fsp.mkdir(tmpDir, { recursive: true });
    return path.join(tmpDir, `${randomUUID()}.${ext}`);
  }

  return {
    root,

    async init() {
      await fsp.mkdir(tmpDir, { recursive: true });
      // Temp files left by a crash belong to requests that never got an answer: remove them.
      for (const entry of await fsp.readdir(tmpDir)) await fsp.rm(path.join(tmpDir, entry), { force: true });
    },

    /** Is the storage root there and readable? An unmounted disk must never look like an empty library. */
    async isAvailable() {
      try {
        await fsp.access(root, fs.constants.R_OK | fs.constants.W_OK);
        await fsp.access(tmpDir, fs.constants.R_OK);
        return true;
      } catch {
        return false;
      }
    },

    /**
     * Stream into a temp file, counting and hashing on the way. More than maxBytes → FileTooLargeError with
     * the temp file removed; a full disk → 507. `isTruncated` lets multipart report its own limit.
     */
    async stage(source: Readable, maxBytes: number, isTruncated: () => boolean = () => false): Promise<StagedFile> {
      await fsp.mkdir(tmpDir, { recursive: true });
      const tempPath = path.join(tmpDir, randomUUID());
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
        if (isDiskFull(err)) throw insufficientStorage('Not enough storage space on the server. Nothing was saved.');
        throw err;
      }
      return { tempPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks).subarray(0, HEAD_BYTES) };
    },

    /** Move a staged file to its key: fsync, rename, fsync the directory (survives kill -9 and power loss). */
    commit,

    /**
     * A path in the temp folder for a program to write into (ffmpeg; the extension tells it the format). Start-up
     * removes what a crash left there.
     */
    newTempPath,

    /**
     * Let a program (ffmpeg) write a file into the temp folder, then put it at `key` as every write is put:
     * fsync the file, rename, fsync the directory. Nothing is left in the temp folder, whatever happens, and
     * nothing half-written is ever at `key`. Resolves with the file's size.
     */
    async writeWith(key: string, ext: string, write: (tempPath: string) => Promise<void>): Promise<number> {
      const tempPath = await newTempPath(ext);
      try {
        await write(tempPath);
        const handle = await fsp.open(tempPath, 'r+');
        let size: number;
        try {
          await handle.sync();
          size = (await handle.stat()).size;
        } finally {
          await handle.close();
        }
        await commit({ tempPath }, key);
        return size;
      } finally {
        await fsp.rm(tempPath, { force: true });
      }
    },

    async discard(staged: StagedFile) {
      await fsp.rm(staged.tempPath, { force: true });
    },

    /** Write a whole buffer (derivatives, re-encoded pictures) atomically. */
    async writeBuffer(key: string, data: Buffer) {
      const dest = resolveKey(key);
      await fsp.mkdir(path.dirname(dest), { recursive: true });
      await fsp.mkdir(tmpDir, { recursive: true });
      const tempPath = path.join(tmpDir, randomUUID());
      try {
        const handle = await fsp.open(tempPath, 'wx', 0o600);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.rename(tempPath, dest);
        await fsyncDir(path.dirname(dest));
      } catch (err) {
        await fsp.rm(tempPath, { force: true });
        if (isDiskFull(err)) throw insufficientStorage('Not enough storage space on the server. Nothing was saved.');
        throw err;
      }
    },

    pathOf: resolveKey,

    async exists(key: string) {
      try {
        await fsp.access(resolveKey(key));
        return true;
      } catch {
        return false;
      }
    },

    async stat(key: string) {
      return fsp.stat(resolveKey(key));
    },

    openRead(key: string, range?: { start: number; end: number }) {
      return fs.createReadStream(resolveKey(key), range);
    },

    async remove(key: string) {
      await fsp.rm(resolveKey(key), { force: true });
    },

    /** Remove a whole folder of keys (a user's area when the account is deleted). */
    async removeTree(prefix: string) {
      await fsp.rm(resolveKey(prefix), { recursive: true, force: true });
    },

    /** Every file under a prefix, as keys (used by photo maintenance to find moved originals). */
    async list(prefix: string): Promise<string[]> {
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

export type FileStore = ReturnType<typeof createFileStore>;

/** Where a user's files of one kind go: keys are generated, the user's own file name is never used. */
export function newFileKey(userId: number, area: 'photos' | 'attachments' | 'vault' | 'profile', ext: string) {
  return `users/${userId}/${area}/${randomUUID()}${ext ? `.${ext}` : ''}`;
}
