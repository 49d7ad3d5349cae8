// The format's steps without the Node writer: a bundle put together by hand, as a writer that stopped half-way
// through a file might leave it, and the keys' own checks.
import { randomBytes } from 'node:crypto';
import { x25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { heirPrivateKey, heirPublicKey, toBase64Url } from '../sealed-letter';
import { keyCodeFromBytes } from '../key-code';
import {
  encodeTrailer,
  HEADER_MAC_LENGTH,
  MANIFEST_SECTION,
  safeFilePath,
  sectionChunks,
  sectionSealer,
  startBundle,
} from './bundle-format';
import { openBundle, openBundleWithKeys } from './bundle-reader';
import { concat, utf8 } from './escrow-crypto';
import { EscrowError } from './escrow-error';
import { makeReleaseKey, openReleaseKey } from './release-key';

const keyCode = keyCodeFromBytes(randomBytes(17));
const release = await makeReleaseKey(2, 2);

async function failure(work: Promise<unknown>): Promise<EscrowError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof EscrowError) return error;
    throw error;
  }
  throw new Error('the bundle opened');
}

/** One file of three 16-byte chunks, of which only `sealed` are written; the last written is marked last when `complete`. */
async function handMade(sealed: number, complete: boolean) {
  const { start, keys } = await startBundle({ heirPublicKey: await heirPublicKey(keyCode), release, chunkSize: 16 });
  const parts: Uint8Array[] = [start];
  let offset = start.length;
  const file = await sectionSealer(keys, 1);
  const section: Uint8Array[] = [file.salt];
  for (let i = 0; i < sealed; i++) section.push(await file.seal(utf8(`part ${i} of three.`), i, complete && i === sealed - 1));
  const fileBytes = concat(...section);
  parts.push(fileBytes);
  const entry = { name: 'notes.txt', size: 16 * sealed, offset, length: fileBytes.length };
  offset += fileBytes.length;
  const manifest = await sectionSealer(keys, MANIFEST_SECTION);
  const list = utf8(JSON.stringify({ files: [entry] }));
  const manifestParts: Uint8Array[] = [manifest.salt];
  const count = Math.ceil(list.length / 16);
  for (let i = 0; i < count; i++) manifestParts.push(await manifest.seal(list.subarray(i * 16, i * 16 + 16), i, i === count - 1));
  const manifestBytes = concat(...manifestParts);
  parts.push(manifestBytes, encodeTrailer(offset, manifestBytes.length));
  return new Blob([concat(...parts)]);
}

async function readAll(blob: Blob) {
  const bundle = await openBundle(blob, { keyCode, verifierCodes: release.codes });
  const out: string[] = [];
  for await (const part of bundle.chunks(bundle.files[0]!)) out.push(new TextDecoder().decode(part));
  return out.join('');
}

describe('the escrow bundle format', () => {
  it('opens a bundle put together from its steps', async () => {
    expect(await readAll(await handMade(3, true))).toBe('part 0 of three.part 1 of three.part 2 of three.');
  });

  it('names a file whose last chunk is missing, though its length was written down as it is', async () => {
    const error = await failure(readAll(await handMade(2, false)));
    expect(error).toMatchObject({ reason: 'file-truncated', details: { file: 'notes.txt', chunk: 1 } });
    expect(error.message).toBe('“notes.txt” ends early: its end is missing after chunk 2.');
  });

  it('says which key is not this bundle’s when opened with keys', async () => {
    const blob = await handMade(3, true);
    const heir = await heirPrivateKey(keyCode);
    const releasePrivate = await openReleaseKey(release.codes, release);
    const other = x25519.utils.randomSecretKey();
    expect((await failure(openBundleWithKeys(blob, other, releasePrivate))).reason).toBe('key-code-wrong');
    expect((await failure(openBundleWithKeys(blob, heir, other))).reason).toBe('codes-do-not-match');
    expect(toBase64Url(x25519.getPublicKey(heir))).toBe(await heirPublicKey(keyCode));
  });

  it('lays chunks out as the document says', () => {
    expect(sectionChunks(16 + 16, 16)).toEqual([{ start: 16, end: 32 }]);
    expect(sectionChunks(16 + 32 + 32, 16)).toEqual([
      { start: 16, end: 48 },
      { start: 48, end: 80 },
    ]);
    expect(sectionChunks(16 + 32 + 18, 16)).toEqual([
      { start: 16, end: 48 },
      { start: 48, end: 66 },
    ]);
    expect(sectionChunks(16 + 15, 16)).toBeNull();
    expect(sectionChunks(16 + 32 + 10, 16)).toBeNull();
    expect(HEADER_MAC_LENGTH).toBe(32);
  });

  it('makes file names safe to save without leaving the chosen folder', () => {
    expect(safeFilePath('letters/to-anna.txt')).toBe('letters/to-anna.txt');
    expect(safeFilePath('../../etc/passwd')).toBe('etc/passwd');
    expect(safeFilePath('/abs/./x\\..\\y.txt')).toBe('abs/x/y.txt');
    expect(safeFilePath('a:b*c?.txt')).toBe('a_b_c_.txt');
    expect(safeFilePath('dots.../name. ')).toBe('dots/name');
    expect(safeFilePath('..')).toBe('file');
  });
});
