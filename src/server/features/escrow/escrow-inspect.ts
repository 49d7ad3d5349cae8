// The monthly look at one sealed copy in the bucket (decision 074): there, of the size and sha256 written, sealed
// for the heir's and the release key's current public keys, and whole to its end mark. Read as a stream: a copy of
// several GB costs its header and last bytes in memory.
import { createHash } from 'node:crypto';
import type { IntlShape } from 'react-intl';
import { BUNDLE_MAGIC, MAX_HEADER_LENGTH, TRAILER_LENGTH, TRAILER_MAGIC } from '@shared/escrow/bundle-format';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { defineMessages } from '../../lib/define-messages';
import { translator } from '../../lib/i18n';
import type { EscrowBucket } from './escrow-bucket';

export interface ExpectedCopy {
  objectKey: string;
  bytes: number;
  sha256: string;
  heirPublicKey: string;
  releasePublicKey: string;
}

const HEAD_BYTES = BUNDLE_MAGIC.length + MAX_HEADER_LENGTH + 1;

const messages = defineMessages({
  missing: { id: 'escrow.inspect.missing', defaultMessage: 'The copy is missing from the bucket.' },
  otherSize: {
    id: 'escrow.inspect.otherSize',
    defaultMessage: 'The copy in the bucket has another size ({size} bytes instead of {expected}).',
  },
  otherHash: { id: 'escrow.inspect.otherHash', defaultMessage: 'The copy in the bucket is not the one written (its sha256 differs).' },
  notACopy: { id: 'escrow.inspect.notACopy', defaultMessage: 'The copy in the bucket does not begin as a sealed copy does.' },
  olderKeyCode: { id: 'escrow.inspect.olderKeyCode', defaultMessage: 'The copy is sealed for an older key code of this heir.' },
  olderVerifierCodes: { id: 'escrow.inspect.olderVerifierCodes', defaultMessage: 'The copy is sealed for older verifier codes.' },
  cutShort: { id: 'escrow.inspect.cutShort', defaultMessage: 'The copy in the bucket is cut short.' },
});

/**
 * What is wrong with the copy, in words for the owner (in the language of `intl`, the owner's), or null when it is
 * as written.
 */
export async function inspectCopy(
  bucket: EscrowBucket,
  expected: ExpectedCopy,
  intl: IntlShape = translator(undefined),
): Promise<string | null> {
  // English keeps a size's digits as they always were written
  const bytes = (n: number) => (intl.locale === SOURCE_LANGUAGE ? String(n) : intl.formatNumber(n));
  const size = await bucket.size(expected.objectKey);
  if (size === undefined) return intl.formatMessage(messages.missing);
  if (size !== expected.bytes) return intl.formatMessage(messages.otherSize, { size: bytes(size), expected: bytes(expected.bytes) });

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
  if (hash.digest('hex') !== expected.sha256) return intl.formatMessage(messages.otherHash);

  const lines = Buffer.concat(head).toString('utf8').split('\n');
  if (`${lines[0]}\n` !== BUNDLE_MAGIC || lines.length < 3) return intl.formatMessage(messages.notACopy);
  let header: { heir?: { publicKey?: string }; release?: { publicKey?: string } };
  try {
    header = JSON.parse(lines[1]!) as typeof header;
  } catch {
    return intl.formatMessage(messages.notACopy);
  }
  if (header.heir?.publicKey !== expected.heirPublicKey) return intl.formatMessage(messages.olderKeyCode);
  if (header.release?.publicKey !== expected.releasePublicKey) return intl.formatMessage(messages.olderVerifierCodes);
  if (!tail.subarray(-TRAILER_MAGIC.length).equals(Buffer.from(TRAILER_MAGIC, 'ascii'))) return intl.formatMessage(messages.cutShort);
  return null;
}
