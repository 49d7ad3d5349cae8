// The owner's escrow bucket (decision 072), reached with the S3 API through agents that only connect to public
// addresses unless the operator allows otherwise (lib/outbound-address.ts).
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
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

/** Why the bucket refused, in words for the owner. */
export function bucketFailure(err: unknown, bucket: string): string {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  switch (e?.name ?? e?.Code) {
    case 'AccessDenied':
      return 'The storage service refused these keys for this bucket (access denied)';
    case 'NoSuchBucket':
      return `There is no bucket named “${bucket}” at that address`;
    case 'InvalidAccessKeyId':
      return 'The storage service does not know this access key';
    case 'SignatureDoesNotMatch':
      return 'The secret key does not match the access key';
    case 'PermanentRedirect':
    case 'AuthorizationHeaderMalformed':
      return 'The bucket is in another region';
  }
  if (e?.$metadata?.httpStatusCode) return `The storage service answered with status ${e.$metadata.httpStatusCode}`;
  return outboundFailure(err);
}

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
        if (!back.equals(body)) throw new Error('The file read back was not the one written');
      } finally {
        await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: name }));
      }
    },
    close() {
      client.destroy();
      agents.httpAgent.destroy();
      agents.httpsAgent.destroy();
    },
  };
}
