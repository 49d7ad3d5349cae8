// A local S3-compatible server (s3rver) on 127.0.0.1 for the tests that run against object storage: real HTTP,
// real S3 API (multipart uploads, ranges, presigned links), its objects in a temp folder.
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

interface S3rverStore {
  getResourcePath(bucket: string, key: string, kind: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
}
interface S3rverObject {
  bucket: string;
  key: string;
  metadata: unknown;
  content: Buffer | Readable;
}

/**
 * s3rver 3.7's putObject answers once the bytes are handed to the file's write stream, not once they are
 * written, and leaves that stream without an error handler: a GET right after a PUT can read a short file,
 * and a DELETE right after it (a refused upload's object) crashes the process that hosts the server. Real
 * S3 answers a PUT when the object is stored; this is that.
 */
async function putObjectWhenWritten(this: S3rverStore, object: S3rverObject) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const body = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  await pipeline(body, measure, fs.createWriteStream(objectPath));
  const digest = md5.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
}

export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  /** A new empty bucket; its settings for heirloom's env. */
  newBucket(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const store = (server as unknown as { store: S3rverStore & { putObject: typeof putObjectWhenWritten } }).store;
  store.putObject = putObjectWhenWritten.bind(store);
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_KEYS });
  return {
    endpoint,
    async newBucket() {
      const bucket = `heirloom-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return {
        STORAGE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        INSTANCE_SECRET: randomBytes(32).toString('hex'),
      };
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
