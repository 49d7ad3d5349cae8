// The tus checksum extension: a chunk sent with `Upload-Checksum: <algorithm> <base64 digest>` is written
// to a file of its own while it is hashed, and handed on to the upload only when its digest matches; a
// chunk that does not match is dropped (460) and the upload stays where it was. Chunks go to a file, not to
// memory: a client may send an upload's whole rest in one request.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import nodePath from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, badRequest, payloadTooLarge } from './errors';
import { userText } from '@shared/i18n/text';

/** Offered in Tus-Checksum-Algorithm, preferred first. */
export const CHECKSUM_ALGORITHMS = ['sha1', 'sha256', 'sha512'] as const;
type Algorithm = (typeof CHECKSUM_ALGORITHMS)[number];

const DIGEST_BYTES: Record<Algorithm, number> = { sha1: 20, sha256: 32, sha512: 64 };
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export interface Checksum {
  algorithm: Algorithm;
  digest: Buffer;
}

/** The Upload-Checksum header, or 400 for an algorithm not offered or a digest that is not one. */
export function parseChecksum(header: string): Checksum {
  const [algorithm = '', encoded = '', ...rest] = header.trim().split(/ +/);
  if (!(CHECKSUM_ALGORITHMS as readonly string[]).includes(algorithm))
    throw badRequest(`Upload-Checksum: the algorithm must be one of ${CHECKSUM_ALGORITHMS.join(', ')}.`, 'CHECKSUM_ALGORITHM');
  const digest = Buffer.from(encoded, 'base64');
  if (rest.length > 0 || !BASE64.test(encoded) || digest.length !== DIGEST_BYTES[algorithm as Algorithm])
    throw badRequest(`Upload-Checksum: the ${algorithm} digest must be given in Base64.`, 'CHECKSUM_INVALID');
  return { algorithm: algorithm as Algorithm, digest };
}

/**
 * Receives a chunk into a new file in `directory` and returns its path once its digest matches. More than
 * `maxBytes` is read to its end (so the client reads the answer) but not kept: 413.
 */
export async function receiveCheckedChunk(source: Readable, checksum: Checksum, directory: string, maxBytes: number): Promise<string> {
  await fsp.mkdir(directory, { recursive: true });
  const path = nodePath.join(directory, randomUUID());
  const hash = createHash(checksum.algorithm);
  let size = 0;
  const counted = new Transform({
    transform(piece: Buffer, _encoding, done) {
      size += piece.length;
      if (size > maxBytes) return done();
      hash.update(piece);
      done(null, piece);
    },
  });
  try {
    await pipeline(source, counted, fs.createWriteStream(path));
  } catch {
    await fsp.rm(path, { force: true });
    throw badRequest(userText('The upload data did not arrive whole. Send it again.'), 'UPLOAD_INTERRUPTED');
  }
  if (size > maxBytes) {
    await fsp.rm(path, { force: true });
    throw payloadTooLarge(userText('The chunk is larger than what is left of the upload.'));
  }
  if (!hash.digest().equals(checksum.digest)) {
    await fsp.rm(path, { force: true });
    throw new AppError(
      460,
      userText('The chunk does not match its Upload-Checksum, so none of it was kept. Send it again.'),
      'CHECKSUM_MISMATCH',
    );
  }
  return path;
}
