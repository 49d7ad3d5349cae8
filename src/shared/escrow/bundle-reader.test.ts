// The reader reads a file one sealed chunk at a time and hands out each chunk's plaintext as its own bytes: a
// file of many chunks comes out exact, every chunk kept as handed out, from a Blob or from any source of slices,
// two files at once, and again after a reader stopped half-way.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { heirPublicKey } from '../sealed-letter';
import { keyCodeFromBytes } from '../key-code';
import { encodeTrailer, MANIFEST_SECTION, sectionSealer, startBundle, type BundleKeys } from './bundle-format';
import { openBundle, type ByteSource } from './bundle-reader';
import { concat, utf8 } from './escrow-crypto';
import { EscrowError } from './escrow-error';
import { makeReleaseKey } from './release-key';

const keyCode = keyCodeFromBytes(randomBytes(17));
const release = await makeReleaseKey(2, 3);
const codes = { keyCode, verifierCodes: release.codes.slice(1) };
const CHUNK = 1024;

async function sealedSection(keys: BundleKeys, section: number, bytes: Uint8Array): Promise<Uint8Array> {
  const sealer = await sectionSealer(keys, section);
  const parts: Uint8Array[] = [sealer.salt];
  const count = Math.max(1, Math.ceil(bytes.length / CHUNK));
  for (let i = 0; i < count; i++) parts.push(await sealer.seal(bytes.subarray(i * CHUNK, (i + 1) * CHUNK), i, i === count - 1));
  return concat(...parts);
}

/** A bundle of these files, put together from the format's own steps. */
async function bundleOf(files: Record<string, Uint8Array>): Promise<Blob> {
  const { start, keys } = await startBundle({ heirPublicKey: await heirPublicKey(keyCode), release, chunkSize: CHUNK });
  const parts: Uint8Array[] = [start];
  let offset = start.length;
  const entries = [];
  for (const [i, [name, bytes]] of Object.entries(files).entries()) {
    const section = await sealedSection(keys, i + 1, bytes);
    entries.push({ name, size: bytes.length, offset, length: section.length });
    parts.push(section);
    offset += section.length;
  }
  const manifest = await sealedSection(keys, MANIFEST_SECTION, utf8(JSON.stringify({ files: entries })));
  parts.push(manifest, encodeTrailer(offset, manifest.length));
  return new Blob([concat(...parts)]);
}

const files = {
  'photos/lake.jpg': randomBytes(CHUNK * 40 + 17),
  'exactly-three-chunks.bin': randomBytes(CHUNK * 3),
  'empty.txt': new Uint8Array(0),
  'letters/to-anna.txt': utf8('Anna, the garden is yours.'),
};
const bundle = await bundleOf(files);

/** The same bytes as a bare source of slices, as another kind of file might be. */
const slicesOnly = (blob: Blob): ByteSource => ({
  size: blob.size,
  slice: (start, end) => ({ arrayBuffer: () => blob.slice(start, end).arrayBuffer() }),
});

describe('the bundle reader, a file of many chunks', () => {
  for (const [way, source] of [
    ['a Blob', bundle],
    ['a source of slices only', slicesOnly(bundle)],
  ] as const) {
    it(`gives each file's exact bytes, every chunk kept as handed out, from ${way}`, async () => {
      const opened = await openBundle(source, codes);
      expect(opened.files.map((f) => f.name)).toEqual(Object.keys(files));
      for (const file of opened.files) {
        const kept: Uint8Array[] = [];
        for await (const chunk of opened.chunks(file)) kept.push(chunk);
        expect(kept.length).toBe(Math.max(1, Math.ceil(file.size / CHUNK)));
        expect(Buffer.from(concat(...kept))).toEqual(Buffer.from(files[file.name as keyof typeof files]));
      }
    });
  }

  it('reads two files at once, and a file again after stopping half-way', async () => {
    const opened = await openBundle(bundle, codes);
    const [lake, three] = opened.files;
    const a = opened.chunks(lake!);
    const b = opened.chunks(three!);
    const fromA: Uint8Array[] = [];
    const fromB: Uint8Array[] = [];
    for (;;) {
      const [nextA, nextB] = [await a.next(), await b.next()];
      if (!nextA.done) fromA.push(nextA.value);
      if (!nextB.done) fromB.push(nextB.value);
      if (nextA.done && nextB.done) break;
    }
    expect(Buffer.from(concat(...fromA))).toEqual(files['photos/lake.jpg']);
    expect(Buffer.from(concat(...fromB))).toEqual(files['exactly-three-chunks.bin']);

    for await (const chunk of opened.chunks(lake!)) {
      expect(chunk.length).toBe(CHUNK);
      break;
    }
    const again: Uint8Array[] = [];
    for await (const chunk of opened.chunks(lake!)) again.push(chunk);
    expect(Buffer.from(concat(...again))).toEqual(files['photos/lake.jpg']);
  });

  it('names the chunk of a changed byte in a file of many chunks', async () => {
    const bytes = new Uint8Array(await bundle.arrayBuffer());
    const opened = await openBundle(bundle, codes);
    const lake = opened.files[0]!;
    // a byte inside the sixth chunk of the first file (after the section's 16-byte salt)
    bytes[lake.offset + 16 + 5 * (CHUNK + 16) + 100]! ^= 1;
    const changed = await openBundle(new Blob([bytes]), codes);
    const error = await (async () => {
      try {
        for await (const chunk of changed.chunks(changed.files[0]!)) void chunk;
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(EscrowError);
    expect((error as EscrowError).details).toEqual({ file: 'photos/lake.jpg', chunk: 5 });
  });
});
