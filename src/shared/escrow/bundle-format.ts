// An escrow bundle (docs/escrow-format.md, decision 070): what one heir receives outside the server, encrypted
// so that it opens only with the heir's key code AND k verifier codes. This file holds the format's constants
// and its cryptographic steps; the server's streaming writer (src/server/lib/escrow-bundle-writer.ts) and the
// browser's streaming reader (./bundle-reader.ts) are built from them and nothing else.
//
//   line 1   "HEIRLOOM ESCROW BUNDLE 1\n"
//   line 2   the header: one line of JSON (public keys, threshold, the two wrapped key halves), then "\n"
//   32 B     HMAC-SHA-256 of lines 1–2 under the header key
//   …        one section per file, in the manifest's order (section numbers 1, 2, …)
//   …        the manifest section (section number 0): JSON listing each file's name, size, offset and length
//   32 B     trailer: u64 manifest offset, u64 manifest length, "END OF BUNDLE 1\n"
//
// A section is a 16-byte random salt and the file's chunks: AES-256-GCM under HKDF(content key, salt), each
// chunk `chunkSize` bytes of plaintext (the last one 0…chunkSize) and its 16-byte tag, with the nonce
// salt[0..7] ‖ u32 chunk number ‖ 1 on the last chunk else 0, and the section number as additional data.
import { x25519 } from '@noble/curves/ed25519.js';
import * as z from 'zod/mini';
import { fromBase64Url, toBase64Url } from '../sealed-letter';
import {
  aesGcmDecrypt,
  aesGcmEncrypt,
  aesKey,
  concat,
  hkdf,
  hmacSha256,
  sameBytes,
  sha256,
  u32be,
  utf8,
  type Bytes,
} from './escrow-crypto';
import { EscrowError } from './escrow-error';

export const BUNDLE_MAGIC = 'HEIRLOOM ESCROW BUNDLE 1\n';
export const TRAILER_MAGIC = 'END OF BUNDLE 1\n';
export const TRAILER_LENGTH = 32;
export const HEADER_MAC_LENGTH = 32;
export const SECTION_SALT_LENGTH = 16;
export const TAG_LENGTH = 16;
export const DEFAULT_CHUNK_SIZE = 64 * 1024;
export const MIN_CHUNK_SIZE = 16;
export const MAX_CHUNK_SIZE = 16 * 1024 * 1024;
/** The header line is read whole; it is well under 2 KB, this is only a bound for a damaged file. */
export const MAX_HEADER_LENGTH = 64 * 1024;
export const MAX_MANIFEST_LENGTH = 64 * 1024 * 1024;
export const MANIFEST_SECTION = 0;

const base64url = (bytes: number) => z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.length(Math.ceil((bytes * 4) / 3)));
const count = (min: number, max = Number.MAX_SAFE_INTEGER) => z.int().check(z.minimum(min), z.maximum(max));

const wrappedHalfSchema = z.object({
  /** X25519 public key of the one-time key the half was wrapped with. */
  ephemeralPublicKey: base64url(32),
  iv: base64url(12),
  /** AES-256-GCM of the 32-byte half: 32 bytes and the 16-byte tag. */
  wrappedKey: base64url(48),
});

// zod/mini: the same checks as zod, at a fraction of the size, for a page that opens bundles on its own.
export const bundleHeaderSchema = z.object({
  format: z.literal('heirloom-escrow-bundle'),
  version: z.literal(1),
  about: z.string(),
  heir: z.object({
    /** The heir's X25519 public key, the one sealed letters use (decision 027). */
    publicKey: base64url(32),
    ...wrappedHalfSchema.shape,
  }),
  release: z.object({
    publicKey: base64url(32),
    /** First 20 bits of SHA-256(publicKey) in base32: the id printed at the start of each verifier code. */
    keyId: z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{4}$/)),
    threshold: count(1, 255),
    shares: count(1, 255),
    ...wrappedHalfSchema.shape,
  }),
  chunkSize: count(MIN_CHUNK_SIZE, MAX_CHUNK_SIZE),
});
export type BundleHeader = z.infer<typeof bundleHeaderSchema>;

export const manifestSchema = z.object({
  files: z.array(
    z.object({
      /** The file's path inside the bundle, "/" between folders. */
      name: z.string().check(z.minLength(1)),
      /** Plaintext bytes. */
      size: count(0),
      /** Last modified, ISO 8601, when known. */
      modified: z.optional(z.string()),
      /** Where the file's section starts in the bundle, and its length in bytes (salt and chunks). */
      offset: count(0),
      length: count(SECTION_SALT_LENGTH + TAG_LENGTH),
    }),
  ),
});
export type BundleManifest = z.infer<typeof manifestSchema>;
export type BundleFileEntry = BundleManifest['files'][number];

/**
 * A manifest name made safe to save under a folder the heir chose: "/" separates folders; empty, "." and ".."
 * parts are dropped (so nothing lands outside that folder), and characters Windows or the shell refuse become "_".
 */
export function safeFilePath(name: string): string {
  const parts = name
    .split(/[/\\]+/)
    .map((part) =>
      [...part]
        .map((ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 || '<>:"|?*'.includes(ch) ? '_' : ch))
        .join('')
        .replace(/[. ]+$/, ''),
    )
    .filter((part) => part !== '' && part !== '.' && part !== '..');
  return parts.length ? parts.join('/') : 'file';
}

export type RandomBytes = (length: number) => Uint8Array;
export const secureRandom: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The release key's short id: the first 20 bits of SHA-256(public key), as four base32 symbols. */
export async function releaseKeyId(publicKey: string): Promise<string> {
  const hash = await sha256(fromBase64Url(publicKey));
  const bits = (hash[0]! << 12) | (hash[1]! << 4) | (hash[2]! >> 4);
  let id = '';
  for (let shift = 15; shift >= 0; shift -= 5) id += BASE32[(bits >> shift) & 31];
  return id;
}

// ---- Keys -------------------------------------------------------------------------------------------------

const WRAP_INFO = { heir: 'heirloom escrow wrap v1 heir', release: 'heirloom escrow wrap v1 release' } as const;
type Role = keyof typeof WRAP_INFO;

async function wrapKey(role: Role, sharedSecret: Uint8Array, ephemeralPublic: Uint8Array, recipientPublic: Uint8Array) {
  return aesKey(await hkdf(sharedSecret, concat(ephemeralPublic, recipientPublic), WRAP_INFO[role]), ['encrypt', 'decrypt']);
}

async function wrapHalf(role: Role, half: Uint8Array, recipientPublicKey: string, random: RandomBytes) {
  const recipient = fromBase64Url(recipientPublicKey);
  const ephemeralPrivate = random(32);
  const ephemeralPublic = x25519.getPublicKey(ephemeralPrivate);
  const key = await wrapKey(role, x25519.getSharedSecret(ephemeralPrivate, recipient), ephemeralPublic, recipient);
  ephemeralPrivate.fill(0);
  const iv = random(12);
  const wrapped = await aesGcmEncrypt(key, iv, half);
  return { ephemeralPublicKey: toBase64Url(ephemeralPublic), iv: toBase64Url(iv), wrappedKey: toBase64Url(wrapped) };
}

/**
 * The 32-byte half wrapped for `role`, or null when it does not unwrap with this private key. The recipient's
 * public key is the header's: a changed one gives another wrapping key, so the half does not unwrap.
 */
export async function unwrapHalf(
  role: Role,
  wrapped: z.infer<typeof wrappedHalfSchema> & { publicKey: string },
  privateKey: Uint8Array,
): Promise<Bytes | null> {
  const recipient = fromBase64Url(wrapped.publicKey);
  const ephemeralPublic = fromBase64Url(wrapped.ephemeralPublicKey);
  let shared: Uint8Array;
  try {
    shared = x25519.getSharedSecret(privateKey, ephemeralPublic);
  } catch {
    return null; // a changed ephemeral key may be a point X25519 refuses
  }
  const key = await wrapKey(role, shared, ephemeralPublic, recipient);
  const half = await aesGcmDecrypt(key, fromBase64Url(wrapped.iv), fromBase64Url(wrapped.wrappedKey));
  return half?.length === 32 ? half : null;
}

export interface BundleKeys {
  /** AES-GCM keys of the sections come from this (HKDF with each section's salt). */
  contentKey: Bytes;
  /** HMAC-SHA-256 key of the header lines. */
  headerKey: Bytes;
}

/** Both keys need both halves: HKDF-SHA-256(heir half ‖ release half, empty salt, info). */
export async function bundleKeys(heirHalf: Uint8Array, releaseHalf: Uint8Array): Promise<BundleKeys> {
  const ikm = concat(heirHalf, releaseHalf);
  const keys = {
    contentKey: await hkdf(ikm, new Uint8Array(0), 'heirloom escrow content v1'),
    headerKey: await hkdf(ikm, new Uint8Array(0), 'heirloom escrow header v1'),
  };
  ikm.fill(0);
  return keys;
}

export interface SealedBundleStart {
  header: BundleHeader;
  /** Lines 1 and 2 and the header MAC: the bundle's first bytes. */
  start: Bytes;
  keys: BundleKeys;
}

/** The plain words at the top of every bundle, for whoever finds one. */
export function aboutText(threshold: number, shares: number): string {
  return (
    `Files left to one heir with heirloom, encrypted. Opening them needs the heir's key code and ${threshold} of the ${shares} ` +
    `verifier codes. The format is described in docs/escrow-format.md of heirloom's source code.`
  );
}

/** Makes the two halves of the content key, wraps one to the heir and one to the release key, and writes the header. */
export async function startBundle(options: {
  heirPublicKey: string;
  release: { publicKey: string; threshold: number; shares: number };
  chunkSize?: number;
  random?: RandomBytes;
}): Promise<SealedBundleStart> {
  const random = options.random ?? secureRandom;
  const heirHalf = random(32);
  const releaseHalf = random(32);
  const { publicKey, threshold, shares } = options.release;
  const keyId = await releaseKeyId(publicKey);
  const header = bundleHeaderSchema.parse({
    format: 'heirloom-escrow-bundle',
    version: 1,
    about: aboutText(threshold, shares),
    heir: { publicKey: options.heirPublicKey, ...(await wrapHalf('heir', heirHalf, options.heirPublicKey, random)) },
    release: { publicKey, keyId, threshold, shares, ...(await wrapHalf('release', releaseHalf, publicKey, random)) },
    chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
  } satisfies BundleHeader);
  const keys = await bundleKeys(heirHalf, releaseHalf);
  heirHalf.fill(0);
  releaseHalf.fill(0);
  const lines = utf8(`${BUNDLE_MAGIC}${JSON.stringify(header)}\n`);
  return { header, start: concat(lines, await hmacSha256(keys.headerKey, lines)), keys };
}

/** True when the header MAC (the 32 bytes after line 2) is that of lines 1–2 under this bundle's header key. */
export async function headerMacMatches(keys: BundleKeys, lines: Uint8Array, mac: Uint8Array): Promise<boolean> {
  return sameBytes(await hmacSha256(keys.headerKey, lines), mac);
}

// ---- Sections -------------------------------------------------------------------------------------------

function chunkNonce(salt: Uint8Array, chunk: number, last: boolean): Bytes {
  return concat(salt.subarray(0, 7), u32be(chunk), new Uint8Array([last ? 1 : 0]));
}

async function sectionKey(contentKey: Uint8Array, salt: Uint8Array) {
  return aesKey(await hkdf(contentKey, salt, 'heirloom escrow section v1'), ['encrypt', 'decrypt']);
}

export interface SectionSealer {
  /** The section's first 16 bytes. */
  salt: Bytes;
  /** Chunk `chunk` (0, 1, …) sealed: plaintext and tag. */
  seal(plaintext: Uint8Array, chunk: number, last: boolean): Promise<Bytes>;
}

export async function sectionSealer(keys: BundleKeys, section: number, random: RandomBytes = secureRandom): Promise<SectionSealer> {
  const salt = new Uint8Array(random(SECTION_SALT_LENGTH));
  const key = await sectionKey(keys.contentKey, salt);
  const aad = u32be(section);
  return { salt, seal: (plaintext, chunk, last) => aesGcmEncrypt(key, chunkNonce(salt, chunk, last), plaintext, aad) };
}

/** Where each chunk of a section of `length` bytes lies, relative to the section's start. */
export function sectionChunks(length: number, chunkSize: number): Array<{ start: number; end: number }> | null {
  const body = length - SECTION_SALT_LENGTH;
  if (body < TAG_LENGTH) return null;
  const sealedChunk = chunkSize + TAG_LENGTH;
  const count = Math.max(1, Math.ceil(body / sealedChunk));
  const lastLength = body - (count - 1) * sealedChunk;
  if (lastLength < TAG_LENGTH) return null;
  return Array.from({ length: count }, (_, i) => {
    const start = SECTION_SALT_LENGTH + i * sealedChunk;
    return { start, end: i === count - 1 ? length : start + sealedChunk };
  });
}

export interface SectionOpener {
  /** The chunk's plaintext; 'truncated' when it only opens as a middle chunk (the section's end is missing), null when changed. */
  open(sealed: Uint8Array, chunk: number, last: boolean): Promise<Bytes | 'truncated' | null>;
}

export async function sectionOpener(keys: BundleKeys, section: number, salt: Uint8Array): Promise<SectionOpener> {
  const key = await sectionKey(keys.contentKey, salt);
  const aad = u32be(section);
  return {
    async open(sealed, chunk, last) {
      const plaintext = await aesGcmDecrypt(key, chunkNonce(salt, chunk, last), sealed, aad);
      if (plaintext || !last) return plaintext;
      return (await aesGcmDecrypt(key, chunkNonce(salt, chunk, false), sealed, aad)) ? 'truncated' : null;
    },
  };
}

// ---- Trailer ----------------------------------------------------------------------------------------------

export function encodeTrailer(manifestOffset: number, manifestLength: number): Bytes {
  const out = new Uint8Array(TRAILER_LENGTH);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(manifestOffset));
  view.setBigUint64(8, BigInt(manifestLength));
  out.set(utf8(TRAILER_MAGIC), 16);
  return out;
}

export function decodeTrailer(bytes: Uint8Array): { manifestOffset: number; manifestLength: number } | null {
  if (bytes.length !== TRAILER_LENGTH || new TextDecoder().decode(bytes.subarray(16)) !== TRAILER_MAGIC) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offset = view.getBigUint64(0);
  const length = view.getBigUint64(8);
  if (offset > BigInt(Number.MAX_SAFE_INTEGER) || length > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { manifestOffset: Number(offset), manifestLength: Number(length) };
}

export const truncatedBundle = () =>
  new EscrowError(
    'bundle-truncated',
    'This bundle is incomplete: its end is missing or it has bytes added at the end. Perhaps a copy was interrupted; try another copy.',
  );
