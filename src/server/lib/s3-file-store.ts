// The FileStore in an S3-compatible bucket (decision 041): AWS S3, MinIO, Garage, Ceph, R2, … Uploads are staged
// in a local temp folder exactly as on a disk (measured, hashed, type-checked), then streamed to the bucket with
// a multipart upload that either completes — the object appears whole — or is aborted. Reads stream from the
// bucket (with byte ranges); programs that need a file (sharp, ffmpeg, zip reading) get a temp copy.
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createTempFolder, isDiskFull, stagingVia, type FileStore } from './file-store';
import { insufficientStorage } from './errors';
import { userText } from '@shared/i18n/text';

export interface S3StoreOptions {
  /** Unset: AWS itself, by region. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's own chain (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Serve files by presigned redirect (S3_PUBLIC_REDIRECT). */
  publicRedirect: boolean;
  /** This instance's local folder for staging and uploads in progress (DATA_DIR/scratch). */
  scratchDir: string;
}

/** How long a presigned link works: enough to start a download or a video, too short to be worth sharing. */
const PRESIGNED_SECONDS = 300;
/** Parts of a multipart upload: 16 MB, two in flight (32 MB of memory at most per upload). */
const PART_BYTES = 16 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
/** A small object written and read back by the readiness check. */
const PROBE_KEY = '.heirloom/ready';

/** The same error a disk gives for a missing file, so callers need one test (isMissingFile). */
function missing(key: string) {
  return Object.assign(new Error(`Nothing is stored at ${key}`), { code: 'ENOENT' });
}

function isNotFound(err: unknown) {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export function createS3FileStore(options: S3StoreOptions): FileStore {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // checksums only where S3 requires them: many S3-compatible servers reject the newer default trailers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const temp = createTempFolder(path.join(options.scratchDir, '.tmp'));

  function localPath(name: string) {
    const full = path.resolve(options.scratchDir, name);
    if (!full.startsWith(path.resolve(options.scratchDir) + path.sep)) throw new Error(`Local path escapes the scratch folder: ${name}`);
    return full;
  }

  async function head(key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    } catch (err) {
      if (isNotFound(err)) throw missing(key);
      throw err;
    }
  }

  async function openRead(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return answer.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw missing(key);
      throw err;
    }
  }

  /** Streams a local file into the bucket; the temp file is removed whatever happens. */
  async function commit(staged: { tempPath: string }, key: string) {
    try {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: fs.createReadStream(staged.tempPath) },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false, // a failed multipart upload is aborted: no parts are left to pay for
      });
      await upload.done();
    } finally {
      await fsp.rm(staged.tempPath, { force: true });
    }
  }

  /** Keys under a folder (`users/7` → `users/7/…`), page by page. */
  async function* keysUnder(prefix: string) {
    const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: folder })) {
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
    }
  }

  return {
    kind: 's3',

    async init() {
      await temp.sweep();
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        const reason = isNotFound(err) ? 'it does not exist' : err instanceof Error ? err.message : String(err);
        throw new Error(`The bucket "${bucket}" cannot be used (${reason}). Check S3_ENDPOINT, S3_BUCKET and the access keys.`, {
          cause: err,
        });
      }
    },

    async isAvailable() {
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: PROBE_KEY, Body: new Date().toISOString() }));
        await head(PROBE_KEY);
        await fsp.access(temp.dir, fs.constants.R_OK | fs.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },

    ...stagingVia(temp, commit),
    commit,

    async writeBuffer(key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentLength: data.length }));
    },

    async withLocalFile(key, use) {
      const ext = /\.([A-Za-z0-9]{1,8})$/.exec(key)?.[1] ?? '';
      const copy = await temp.newPath(ext);
      try {
        try {
          await pipeline(await openRead(key), fs.createWriteStream(copy, { flags: 'wx', mode: 0o600 }));
        } catch (err) {
          if (isDiskFull(err)) throw insufficientStorage(userText('Not enough storage space on the server. Nothing was saved.'));
          throw err;
        }
        return await use(copy);
      } finally {
        await fsp.rm(copy, { force: true });
      }
    },

    localPath,

    async exists(key) {
      try {
        await head(key);
        return true;
      } catch {
        return false;
      }
    },

    async stat(key) {
      const about = await head(key);
      const mtime = about.LastModified ?? new Date(0);
      const size = about.ContentLength ?? 0;
      // the ETag changes with the bytes (an MD5, or a hash of the parts' MD5s); quotes belong to the header
      const version = about.ETag?.replace(/"/g, '') || `${size.toString(16)}-${mtime.getTime().toString(16)}`;
      return { size, mtime, mtimeMs: mtime.getTime(), version };
    },

    openRead,

    async presignedUrl(key, request) {
      if (!options.publicRedirect) return undefined;
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: request.contentType,
        ResponseContentDisposition: request.contentDisposition,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: PRESIGNED_SECONDS });
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    /** Like `rm -r`: the key itself when it names a file, and everything under it when it names a folder. */
    async removeTree(prefix) {
      let batch: string[] = [prefix];
      const flush = async () => {
        if (batch.length === 0) return;
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        batch = [];
      };
      for await (const key of keysUnder(prefix)) {
        batch.push(key);
        if (batch.length === 1000) await flush();
      }
      await flush();
    },

    async list(prefix) {
      const keys: string[] = [];
      for await (const key of keysUnder(prefix)) keys.push(key);
      return keys;
    },
  };
}
