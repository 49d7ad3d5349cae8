// The owner's escrow bucket (decision 072), reached with the S3 API through agents that only connect to public
// addresses unless the operator allows otherwise (lib/outbound-address.ts).
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IntlShape } from 'react-intl';
import { defineMessages } from '../../lib/define-messages';
import { translator } from '../../lib/i18n';
import { guardedAgents, outboundFailure } from '../../lib/outbound-address';

export interface EscrowBucketTarget {
  endpoint: string;
  bucket: string;
  region: string;
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const messages = defineMessages({
  accessDenied: {
    id: 'escrow.bucket.accessDenied',
    defaultMessage: 'The storage service refused these keys for this bucket (access denied)',
  },
  noSuchBucket: { id: 'escrow.bucket.noSuchBucket', defaultMessage: 'There is no bucket named “{bucket}” at that address' },
  unknownKey: { id: 'escrow.bucket.unknownKey', defaultMessage: 'The storage service does not know this access key' },
  wrongSecret: { id: 'escrow.bucket.wrongSecret', defaultMessage: 'The secret key does not match the access key' },
  otherRegion: { id: 'escrow.bucket.otherRegion', defaultMessage: 'The bucket is in another region' },
  status: { id: 'escrow.bucket.status', defaultMessage: 'The storage service answered with status {status}' },
  readBack: { id: 'escrow.bucket.readBack', defaultMessage: 'The file read back was not the one written' },
});

/** The test's file came back other than it was written (the name bucketFailure knows it by). */
const READ_BACK_DIFFERS = 'ReadBackDiffers';

/** Why the bucket refused, in words for the owner (in the language of `intl`; English by default). */
export function bucketFailure(err: unknown, bucket: string, intl: IntlShape = translator(undefined)): string {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  switch (e?.name ?? e?.Code) {
    case 'AccessDenied':
      return intl.formatMessage(messages.accessDenied);
    case 'NoSuchBucket':
      return intl.formatMessage(messages.noSuchBucket, { bucket });
    case 'InvalidAccessKeyId':
      return intl.formatMessage(messages.unknownKey);
    case 'SignatureDoesNotMatch':
      return intl.formatMessage(messages.wrongSecret);
    case READ_BACK_DIFFERS:
      return intl.formatMessage(messages.readBack);
    case 'PermanentRedirect':
    case 'AuthorizationHeaderMalformed':
      return intl.formatMessage(messages.otherRegion);
  }
  // a status is a code, not a number to group ("status 403", never "403" written as a quantity)
  if (e?.$metadata?.httpStatusCode) return intl.formatMessage(messages.status, { status: String(e.$metadata.httpStatusCode) });
  return outboundFailure(err, intl);
}

const PART_SIZE = 5 * 1024 * 1024;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

export function openEscrowBucket(target: EscrowBucketTarget, allowPrivate: boolean) {
  const agents = guardedAgents(allowPrivate);
  const client = new S3Client({
    endpoint: target.endpoint,
    region: target.region,
    forcePathStyle: target.forcePathStyle,
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    requestHandler: { ...agents, connectionTimeout: 10_000, requestTimeout: 60_000 },
    maxAttempts: 2,
  });
  const key = (name: string) => `${target.prefix}${name}`;

  return {
    /** Writes a small file, reads it back and removes it: what "Test" does. Throws what the bucket answered. */
    async roundTrip() {
      const name = key(`.heirloom-test-${randomBytes(8).toString('hex')}`);
      const body = randomBytes(64);
      await client.send(new PutObjectCommand({ Bucket: target.bucket, Key: name, Body: body }));
      try {
        const read = await client.send(new GetObjectCommand({ Bucket: target.bucket, Key: name }));
        const back = Buffer.from((await read.Body?.transformToByteArray()) ?? []);
        if (!back.equals(body)) throw Object.assign(new Error('The file read back was not the one written'), { name: READ_BACK_DIFFERS });
      } finally {
        await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: name }));
      }
    },
    /** `name` under the bucket's folder. */
    key,

    /**
     * Streams `body` into the object `objectKey` as a multipart upload (5 MB parts, one in flight): the object
     * changes only when the upload completes, so a run stopped half-way leaves the previous one whole. While a part
     * is uploading, the next is already read (for a sealed copy: sealed) into a buffer of up to two parts, so the
     * upload and the sealing run side by side rather than by turns — three parts in memory, whatever the size.
     */
    async upload(objectKey: string, body: Readable, contentType: string) {
      const ahead = new PassThrough({ highWaterMark: PART_SIZE });
      // an error of `body` reaches the upload through `ahead`, which it destroys
      const feeding = pipeline(body, ahead).catch(() => {});
      const upload = new Upload({
        client,
        params: { Bucket: target.bucket, Key: objectKey, Body: ahead, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // a failed upload stops reading `body` at once
        ahead.destroy();
        throw err;
      } finally {
        await feeding;
      }
    },

    /** The object's size, or undefined when there is none. */
    async size(objectKey: string): Promise<number | undefined> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: target.bucket, Key: objectKey }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async read(objectKey: string): Promise<Readable> {
      const object = await client.send(new GetObjectCommand({ Bucket: target.bucket, Key: objectKey }));
      return object.Body as Readable;
    },

    async remove(objectKey: string) {
      await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: objectKey }));
    },

    /**
     * Aborts the unfinished multipart uploads of these objects begun before `before` (a run stopped by a crash):
     * their parts would otherwise be kept, and billed, forever. Uploads of other objects in the folder are left.
     */
    async abortStaleUploads(objectKeys: Set<string>, before: Date) {
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: target.bucket,
            Prefix: target.prefix,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !objectKeys.has(upload.Key)) continue;
          if (upload.Initiated && upload.Initiated >= before) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket: target.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        }
        if (!page.IsTruncated) return;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    },

    close() {
      client.destroy();
      agents.httpAgent.destroy();
      agents.httpsAgent.destroy();
    },
  };
}
export type EscrowBucket = ReturnType<typeof openEscrowBucket>;
