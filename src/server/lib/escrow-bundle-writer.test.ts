import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHUNK_SIZE, MAX_HEADER_LENGTH, SECTION_SALT_LENGTH, TAG_LENGTH } from '@shared/escrow/bundle-format';
import { openBundle, openBundleWithKeys, readBundleOutline, type ByteSource, type OpenedBundle } from '@shared/escrow/bundle-reader';
import { EscrowError } from '@shared/escrow/escrow-error';
import { makeReleaseKey, openReleaseKey } from '@shared/escrow/release-key';
import { keyCodeFromBytes } from '@shared/key-code';
import { heirPrivateKey, heirPublicKey } from '@shared/sealed-letter';
import { writeEscrowBundle, type EscrowBundleFile } from './escrow-bundle-writer';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'escrow-bundle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const keyCode = keyCodeFromBytes(randomBytes(17));
const release = await makeReleaseKey(2, 3);
const heir = await heirPublicKey(keyCode);
const codes = { keyCode, verifierCodes: [release.codes[2]!, release.codes[0]!] };
const CHUNK = 1024;

const fileOf = (name: string, bytes: Uint8Array, modified?: string): EscrowBundleFile => ({
  name,
  modified,
  open: () => Readable.from([bytes.subarray(0, 100), bytes.subarray(100)].filter((part) => part.length > 0)),
});

const contents: Record<string, Buffer> = {
  'letters/to-anna.txt': Buffer.from('Anna, the garden is yours. Look after the pear tree.'),
  'photos/lake.jpg': randomBytes(CHUNK * 3 + 17),
  'exactly-two-chunks.bin': randomBytes(CHUNK * 2),
  'empty.txt': Buffer.alloc(0),
  'recordings/grandad ♪.webm': randomBytes(CHUNK * 5),
};

async function writeBundle(name: string, files = contents, chunkSize = CHUNK): Promise<string> {
  const file = path.join(dir, name);
  await writeEscrowBundle(
    {
      heirPublicKey: heir,
      release,
      files: Object.entries(files).map(([n, bytes]) => fileOf(n, bytes, n === 'empty.txt' ? '2026-11-30T08:00:00.000Z' : undefined)),
      chunkSize,
    },
    fs.createWriteStream(file),
  );
  return file;
}

async function readAll(bundle: OpenedBundle): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for (const file of bundle.files) {
    const parts: Uint8Array[] = [];
    for await (const part of bundle.chunks(file)) parts.push(part);
    out[file.name] = Buffer.concat(parts);
  }
  return out;
}

async function failure(work: Promise<unknown>): Promise<EscrowError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof EscrowError) return error;
    throw error;
  }
  throw new Error('the bundle opened');
}

const blob = (bytes: Uint8Array): ByteSource => new Blob([new Uint8Array(bytes)]);
const openAndRead = async (source: ByteSource, given = codes) => readAll(await openBundle(source, given));

describe('escrow bundles, written by the server and opened in the browser', async () => {
  const file = await writeBundle('round-trip.heirloom');
  const bytes = fs.readFileSync(file);

  it('round-trip every file, names and all, read from a file-backed Blob one chunk at a time', async () => {
    const bundle = await openBundle(await fs.openAsBlob(file), {
      keyCode: keyCode.toLowerCase(),
      verifierCodes: ['', release.codes[1]!.replace(/-/g, ' '), release.codes[2]!],
    });
    expect(bundle.files.map((f) => [f.name, f.size])).toEqual(Object.entries(contents).map(([n, b]) => [n, b.length]));
    expect(bundle.files.find((f) => f.name === 'empty.txt')?.modified).toBe('2026-11-30T08:00:00.000Z');
    expect(await readAll(bundle)).toEqual(contents);
    const lake = bundle.files.find((f) => f.name === 'photos/lake.jpg')!;
    expect(Buffer.from(await new Response(bundle.stream(lake)).arrayBuffer())).toEqual(contents['photos/lake.jpg']);
  });

  it('keep file names and contents out of the plain bytes; the header says what opens it', async () => {
    expect(bytes.subarray(0, 25).toString()).toBe('HEIRLOOM ESCROW BUNDLE 1\n');
    expect(bytes.includes('to-anna')).toBe(false);
    expect(bytes.includes('pear tree')).toBe(false);
    expect(bytes.includes(contents['photos/lake.jpg']!.subarray(0, 32))).toBe(false);
    const { header } = await readBundleOutline(blob(bytes));
    expect(header).toMatchObject({
      heir: { publicKey: heir },
      release: { publicKey: release.publicKey, keyId: release.keyId, threshold: 2, shares: 3 },
    });
    expect(header.about).toContain('2 of the 3 verifier codes');
  });

  it('say how many more verifier codes are needed', async () => {
    const error = await failure(openBundle(blob(bytes), { keyCode, verifierCodes: [release.codes[0]!] }));
    expect(error).toMatchObject({ reason: 'codes-not-enough', details: { needed: 1 } });
    expect(error.message).toContain('1 more code is needed');
  });

  it("name a missing, mistyped or other heir's key code", async () => {
    expect((await failure(openBundle(blob(bytes), { ...codes, keyCode: '' }))).reason).toBe('key-code-missing');
    const typo = keyCode.slice(0, 3) + (keyCode[3] === 'A' ? 'B' : 'A') + keyCode.slice(4);
    expect((await failure(openBundle(blob(bytes), { ...codes, keyCode: typo }))).reason).toBe('key-code-typo');
    const other = keyCodeFromBytes(randomBytes(17));
    expect((await failure(openBundle(blob(bytes), { ...codes, keyCode: other }))).reason).toBe('key-code-wrong');
  });

  it('name a verifier code of an older release key', async () => {
    const old = await makeReleaseKey(2, 3);
    const error = await failure(openBundle(blob(bytes), { keyCode, verifierCodes: [release.codes[0]!, old.codes[0]!] }));
    expect(error).toMatchObject({ reason: 'code-other-key', details: { codeIndex: 1 } });
  });

  it('never open, and always say why, with any one byte changed anywhere', async () => {
    const small = fs.readFileSync(await writeBundle('small.heirloom', { 'a.txt': randomBytes(100) }, 64));
    const headerEnd = small.indexOf(0x0a, 25) + 1;
    // The keys once (codes cost a few milliseconds each); every header byte through the codes is checked below.
    const keys = { heir: await heirPrivateKey(keyCode), release: await openReleaseKey(codes.verifierCodes, release) };
    const reasons = new Set<string>();
    for (let at = 0; at < small.length; at += at < headerEnd ? 13 : 1) {
      const changed = Buffer.from(small);
      changed[at]! ^= 0x04;
      const error = await failure(openBundleWithKeys(blob(changed), keys.heir, keys.release).then(readAll));
      reasons.add(error.reason);
    }
    // A changed heir public key reads as a bundle sealed for someone else: the key code is then named.
    expect([...reasons].sort()).toEqual([
      'bundle-truncated',
      'file-changed',
      'header-changed',
      'key-code-wrong',
      'manifest-changed',
      'not-a-bundle',
    ]);
    // Opening with codes names a changed public key before any key is unwrapped.
    const heirKeyAt = small.indexOf(heir);
    const otherHeir = Buffer.from(small);
    otherHeir[heirKeyAt + 5] = otherHeir[heirKeyAt + 5] === 0x41 ? 0x42 : 0x41;
    expect((await failure(openAndRead(blob(otherHeir)))).reason).toBe('key-code-wrong');
    const releaseKeyAt = small.indexOf(release.publicKey);
    const otherRelease = Buffer.from(small);
    otherRelease[releaseKeyAt + 5] = otherRelease[releaseKeyAt + 5] === 0x41 ? 0x42 : 0x41;
    expect((await failure(openAndRead(blob(otherRelease)))).reason).toBe('header-changed');
  }, 120_000);

  it('name the file and chunk of a changed byte', async () => {
    const bundle = await openBundle(blob(bytes), codes);
    const lake = bundle.files.find((f) => f.name === 'photos/lake.jpg')!;
    const changed = Buffer.from(bytes);
    changed[lake.offset + SECTION_SALT_LENGTH + (CHUNK + TAG_LENGTH) * 2 + 5]! ^= 1;
    const error = await failure(openAndRead(blob(changed)));
    expect(error).toMatchObject({ reason: 'file-changed', details: { file: 'photos/lake.jpg', chunk: 2 } });
    expect(error.message).toMatch(/^“photos\/lake.jpg” is damaged at chunk 3 of 4/);
  });

  it('name the file and chunk where two chunks were swapped, and a file moved to another place', async () => {
    const bundle = await openBundle(blob(bytes), codes);
    const recording = bundle.files.find((f) => f.name === 'recordings/grandad ♪.webm')!;
    const sealed = CHUNK + TAG_LENGTH;
    const first = recording.offset + SECTION_SALT_LENGTH + sealed;
    const swapped = Buffer.from(bytes);
    bytes.copy(swapped, first, first + sealed, first + 2 * sealed);
    bytes.copy(swapped, first + sealed, first, first + sealed);
    expect(await failure(openAndRead(blob(swapped)))).toMatchObject({
      reason: 'file-changed',
      details: { file: 'recordings/grandad ♪.webm', chunk: 1 },
    });

    // Two files of the same length trade places: each section is bound to its place in the manifest.
    const twins = fs.readFileSync(await writeBundle('twins.heirloom', { 'one.bin': randomBytes(3000), 'two.bin': randomBytes(3000) }));
    const opened = await openBundle(blob(twins), codes);
    const [one, two] = opened.files as [(typeof opened.files)[number], (typeof opened.files)[number]];
    const moved = Buffer.from(twins);
    twins.copy(moved, one.offset, two.offset, two.offset + two.length);
    twins.copy(moved, two.offset, one.offset, one.offset + one.length);
    expect(await failure(openAndRead(blob(moved)))).toMatchObject({ reason: 'file-changed', details: { file: 'one.bin', chunk: 0 } });
  });

  it('say a bundle is incomplete when its end is cut off, wherever the cut is', async () => {
    for (const keep of [bytes.length - 1, bytes.length - 40, Math.floor(bytes.length / 2), 400]) {
      const error = await failure(openAndRead(blob(bytes.subarray(0, keep))));
      expect(error.reason).toBe('bundle-truncated');
      expect(error.message).toContain('This bundle is incomplete');
    }
    expect((await failure(openAndRead(blob(bytes.subarray(0, 10))))).reason).toBe('not-a-bundle');
    expect((await failure(openAndRead(blob(Buffer.concat([bytes, Buffer.from('x')]))))).reason).toBe('bundle-truncated');
  });

  it('refuse a file that is not a bundle', async () => {
    expect((await failure(openAndRead(blob(Buffer.from('PK\u0003\u0004 a zip file'))))).reason).toBe('not-a-bundle');
  });

  it('hold only a few chunks at a time, writing and reading (the memory itself: npm run bench:escrow)', async () => {
    const MiB = 1024 * 1024;
    let produced = 0;
    let consumed = 0;
    let furthestAhead = 0;
    const piece = randomBytes(MiB);
    const big: EscrowBundleFile = {
      name: 'big.bin',
      open: () =>
        Readable.from(
          (function* () {
            for (let i = 0; i < 16; i++) {
              produced += piece.length;
              yield piece;
            }
          })(),
        ),
    };
    const file = path.join(dir, 'big.heirloom');
    const disk = fs.createWriteStream(file);
    // A slow reader of the bundle: whatever the writer read from the file and has not yet handed on is in memory.
    const slow = new Writable({
      write(chunk: Buffer, _encoding, done) {
        consumed += chunk.length;
        furthestAhead = Math.max(furthestAhead, produced - consumed);
        disk.write(chunk, () => setImmediate(done));
      },
      final(done) {
        disk.end(done);
      },
    });
    await writeEscrowBundle({ heirPublicKey: heir, release, files: [big] }, slow);
    expect(furthestAhead).toBeLessThan(4 * MiB);

    let largestRead = 0;
    let read = 0;
    const source = await fs.openAsBlob(file);
    const counting: ByteSource = {
      size: source.size,
      slice(start, end) {
        largestRead = Math.max(largestRead, end - start);
        read += end - start;
        return source.slice(start, end);
      },
    };
    const bundle = await openBundle(counting, codes);
    let size = 0;
    for await (const part of bundle.chunks(bundle.files[0]!)) size += part.length;
    expect(size).toBe(16 * MiB);
    expect(largestRead).toBeLessThanOrEqual(Math.max(MAX_HEADER_LENGTH, DEFAULT_CHUNK_SIZE + TAG_LENGTH));
    expect(read).toBeLessThan(source.size + 2 * MAX_HEADER_LENGTH);
  }, 120_000);
});
