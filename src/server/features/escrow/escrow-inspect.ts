// The monthly look at one sealed copy in the bucket (decision 074): there, of the size and sha256 written, sealed
// for the heir's and the release key's current public keys, and whole to its end mark. Read as a stream: a copy of
// several GB costs its header and last bytes in memory.
import { createHash } from 'node:crypto';
import { BUNDLE_MAGIC, MAX_HEADER_LENGTH, TRAILER_LENGTH, TRAILER_MAGIC } from '@shared/escrow/bundle-format';
import type { EscrowBucket } from './escrow-bucket';

export interface ExpectedCopy {
  objectKey: string;
  bytes: number;
  sha256: string;
  heirPublicKey: string;
  releasePublicKey: string;
}

const HEAD_BYTES = BUNDLE_MAGIC.length + MAX_HEADER_LENGTH + 1;

/** What is wrong with the copy, in words for the owner, or null when it is as written. */
export async function inspectCopy(bucket: EscrowBucket, expected: ExpectedCopy): Promise<string | null> {
  const size = await bucket.size(expected.objectKey);
  if (size === undefined) return 'The copy is missing from the bucket.';
  if (size !== expected.bytes) return `The copy in the bucket has another size (${size} bytes instead of ${expected.bytes}).`;

  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of (await bucket.read(expected.objectKey)) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    if (headBytes < HEAD_BYTES) {
      head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
      headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
    }
    tail = Buffer.concat([tail, chunk]).subarray(-TRAILER_LENGTH);
  }
  if (hash.digest('hex') !== expected.sha256) return 'The copy in the bucket is not the one written (its sha256 differs).';

  const lines = Buffer.concat(head).toString('utf8').split('\n');
  if (`${lines[0]}\n` !== BUNDLE_MAGIC || lines.length < 3) return 'The copy in the bucket does not begin as a sealed copy does.';
  let header: { heir?: { publicKey?: string }; release?: { publicKey?: string } };
  try {
    header = JSON.parse(lines[1]!) as typeof header;
  } catch {
    return 'The copy in the bucket does not begin as a sealed copy does.';
  }
  if (header.heir?.publicKey !== expected.heirPublicKey) return 'The copy is sealed for an older key code of this heir.';
  if (header.release?.publicKey !== expected.releasePublicKey) return 'The copy is sealed for older verifier codes.';
  if (!tail.subarray(-TRAILER_MAGIC.length).equals(Buffer.from(TRAILER_MAGIC, 'ascii'))) return 'The copy in the bucket is cut short.';
  return null;
}
