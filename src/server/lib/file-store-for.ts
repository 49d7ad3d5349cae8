// Which FileStore this instance uses (decision 041): DATA_DIR/files on the local disk unless STORAGE=s3.
import path from 'node:path';
import type { Env } from '../env';
import { createFileStore, type FileStore } from './file-store';
import { createS3FileStore } from './s3-file-store';

export function fileStoreFor(env: Env): FileStore {
  if (env.STORAGE !== 's3') return createFileStore(path.join(env.DATA_DIR, 'files'));
  return createS3FileStore({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET!, // required with STORAGE=s3 (env.ts)
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicRedirect: env.S3_PUBLIC_REDIRECT,
    // staging and uploads in progress stay on this machine; give each instance its own DATA_DIR
    scratchDir: path.join(env.DATA_DIR, 'scratch'),
  });
}

/**
 * Where presigned links point, for the pages' Content-Security-Policy (img-src, media-src): with
 * S3_PUBLIC_REDIRECT a picture or a video is fetched from the bucket after the redirect.
 */
export function redirectOrigins(env: Env): string[] {
  if (env.STORAGE !== 's3' || !env.S3_PUBLIC_REDIRECT) return [];
  if (!env.S3_ENDPOINT) return [`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`];
  const endpoint = new URL(env.S3_ENDPOINT);
  if (env.S3_FORCE_PATH_STYLE) return [endpoint.origin];
  return [`${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`];
}
