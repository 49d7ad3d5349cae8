// Writes an escrow bundle (docs/escrow-format.md, decision 070) as a stream: each file is read, sealed and
// passed on one chunk at a time, so a bundle of several GB costs a few chunks of memory, whatever its size.
// The server needs only public keys: the heir's (the one sealed letters use) and the release key's. The bytes
// come from the format's own steps in src/shared/escrow/bundle-format.ts, which the heir's browser reads with.
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  encodeTrailer,
  MANIFEST_SECTION,
  secureRandom,
  sectionSealer,
  startBundle,
  type BundleFileEntry,
  type BundleKeys,
  type RandomBytes,
} from '@shared/escrow/bundle-format';
import { utf8 } from '@shared/escrow/escrow-crypto';

export interface EscrowBundleFile {
  /** The file's path inside the bundle ("letters/to-anna.pdf"); it is stored encrypted, in the manifest. */
  name: string;
  /** Last modified, ISO 8601, when known. */
  modified?: string;
  /** Opened when the file's turn comes, so only one file is open at a time. */
  open(): Readable | AsyncIterable<Uint8Array>;
}

export interface EscrowBundleOptions {
  /** The heir's X25519 public key, base64url (the one stored for sealed letters). */
  heirPublicKey: string;
  release: { publicKey: string; threshold: number; shares: number };
  files: Iterable<EscrowBundleFile> | AsyncIterable<EscrowBundleFile>;
  /** Plaintext bytes per chunk; 64 KiB unless a test or the documented example says otherwise. */
  chunkSize?: number;
  /** For the documented example and tests only: the bundle's random bytes. */
  random?: RandomBytes;
}

/**
 * The file's bytes in chunks of exactly `size`, the last one 0…size; a full chunk is held until more data comes.
 * One buffer serves every chunk: the consumer has sealed a chunk before it asks for the next.
 */
async function* plainChunks(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<{ data: Uint8Array; last: boolean }> {
  const buffer = new Uint8Array(size);
  let fill = 0;
  for await (const piece of source) {
    let at = 0;
    while (at < piece.length) {
      if (fill === size) {
        yield { data: buffer, last: false };
        fill = 0;
      }
      const take = Math.min(size - fill, piece.length - at);
      buffer.set(piece.subarray(at, at + take), fill);
      fill += take;
      at += take;
    }
  }
  yield { data: buffer.subarray(0, fill), last: true };
}

async function* sealSection(
  keys: BundleKeys,
  section: number,
  source: AsyncIterable<Uint8Array>,
  chunkSize: number,
  random: RandomBytes,
  count: (plaintextBytes: number) => void,
): AsyncGenerator<Uint8Array> {
  const sealer = await sectionSealer(keys, section, random);
  yield sealer.salt;
  let chunk = 0;
  for await (const { data, last } of plainChunks(source, chunkSize)) {
    count(data.length);
    yield await sealer.seal(data, chunk++, last);
  }
}

async function* bundleBytes(options: EscrowBundleOptions): AsyncGenerator<Uint8Array> {
  const random = options.random ?? secureRandom;
  const { header, start, keys } = await startBundle({ ...options, random });
  let offset = 0;
  const emit = (bytes: Uint8Array) => {
    offset += bytes.length;
    return bytes;
  };
  yield emit(start);
  const entries: BundleFileEntry[] = [];
  for await (const file of options.files) {
    if (!file.name || file.name.includes('\0'))
      throw new Error(`A file in an escrow bundle needs a name without NUL characters: ${JSON.stringify(file.name)}`);
    const entry: BundleFileEntry = { name: file.name, size: 0, offset, length: 0 };
    if (file.modified) entry.modified = file.modified;
    const source = file.open();
    for await (const bytes of sealSection(keys, entries.length + 1, source, header.chunkSize, random, (n) => (entry.size += n))) {
      yield emit(bytes);
    }
    entry.length = offset - entry.offset;
    entries.push(entry);
  }
  const manifestOffset = offset;
  async function* manifest() {
    yield utf8(JSON.stringify({ files: entries }));
  }
  for await (const bytes of sealSection(keys, MANIFEST_SECTION, manifest(), header.chunkSize, random, () => {})) yield emit(bytes);
  yield encodeTrailer(manifestOffset, offset - manifestOffset);
}

/** The bundle as a Node stream (for an S3 upload, a download response, a file). */
export function escrowBundleStream(options: EscrowBundleOptions): Readable {
  return Readable.from(bundleBytes(options), { objectMode: false, highWaterMark: 256 * 1024 });
}

/** Writes the bundle into `out` and resolves with its length once `out` has taken all of it. */
export async function writeEscrowBundle(options: EscrowBundleOptions, out: Writable): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  const counted = {
    ...options,
    files: (async function* () {
      for await (const file of options.files) {
        files++;
        yield file;
      }
    })(),
  };
  await pipeline(
    escrowBundleStream(counted),
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        bytes += chunk.length;
        yield chunk;
      }
    },
    out,
  );
  return { bytes, files };
}
