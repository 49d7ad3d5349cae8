// A local S3-compatible server (s3rver) on 127.0.0.1 for the tests that run against object storage: real HTTP,
// real S3 API (multipart uploads, ranges, presigned links), its objects in a temp folder.
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

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
