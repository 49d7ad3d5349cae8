// The release key of an escrow bundle (docs/escrow-format.md, decision 070). Its private half exists only as
// verifier codes: the owner's browser makes a 16-byte seed, derives the X25519 key pair from it, splits the
// seed k-of-n with Shamir's secret sharing (the audited `shamir-secret-sharing` package), formats one code per
// verifier and forgets the seed. The server keeps only the public key. Opening combines k codes back into the
// seed, derives the key again and checks it against the public key.
//
// A verifier code is 36 data symbols of Crockford base32 in nine groups of four, each group followed by one
// check symbol: 45 symbols, "7KQ4M-2ZPXA-…". The first group's data is the release key's id (so a code of an old
// key says so); the other 32 symbols are 20 bytes: format version (1), threshold k, the verifier's number
// (1…n), the share's x coordinate and the 16 bytes of the share.
import { x25519 } from '@noble/curves/ed25519.js';
import { combine, split } from 'shamir-secret-sharing';
import { fromBase64Url, toBase64Url } from '../sealed-letter';
import { releaseKeyId } from './bundle-format';
import { hkdf, sameBytes, utf8 } from './escrow-crypto';
import { EscrowError } from './escrow-error';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFIER_CODE_VERSION = 1;
export const VERIFIER_CODE_GROUPS = 9;
const DATA_PER_GROUP = 4;
const GROUP_LENGTH = DATA_PER_GROUP + 1;
export const VERIFIER_CODE_LENGTH = VERIFIER_CODE_GROUPS * GROUP_LENGTH;
const SEED_BYTES = 16;
const MAX_SHARES = 255;

/** X25519 private key of a release key from its seed: HKDF-SHA-256(seed, "heirloom release key v1", "x25519"). */
export function releasePrivateKey(seed: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return hkdf(seed, utf8('heirloom release key v1'), 'x25519');
}

// ---- The check symbol of a group: the Damm algorithm over GF(32) --------------------------------------------
// x ∘ y = 2·x ⊕ y in GF(2^5) mod x^5 + x^2 + 1 is a totally anti-symmetric quasigroup, so one check symbol
// catches every single wrong symbol and every swap of two neighbours. The running value starts at the group's
// number (1…9), so a group typed in the wrong place is caught as well.

function times2(value: number): number {
  const doubled = value << 1;
  return doubled & 32 ? (doubled ^ 0b100101) & 31 : doubled;
}

export function groupCheckSymbol(group: number, data: string): string {
  let interim = group;
  for (const ch of data) interim = times2(interim) ^ ALPHABET.indexOf(ch);
  return ALPHABET[times2(interim)]!;
}

/** Upper case, no spaces, hyphens or dots, and the letters people confuse read as Crockford does (I, L → 1; O → 0). */
export function normalizeVerifierCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s\-_.]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/** "7KQ4M2ZPXA…" → "7KQ4M-2ZPXA-…". */
export function formatVerifierCode(input: string): string {
  return (normalizeVerifierCode(input).match(/.{1,5}/g) ?? []).join('-');
}

export type TypedGroup = { text: string; state: 'ok' | 'typo' | 'unfinished' };

/**
 * For checking as the code is typed: each group of five with its state. A group is `typo` when it has a
 * character outside the alphabet, or five characters whose check symbol does not match.
 */
export function checkTypedVerifierCode(input: string): TypedGroup[] {
  const code = normalizeVerifierCode(input);
  const groups: TypedGroup[] = [];
  for (let at = 0; at < code.length; at += GROUP_LENGTH) {
    const text = code.slice(at, at + GROUP_LENGTH);
    const number = at / GROUP_LENGTH + 1;
    let state: TypedGroup['state'];
    if ([...text].some((ch) => !ALPHABET.includes(ch)) || number > VERIFIER_CODE_GROUPS) state = 'typo';
    else if (text.length < GROUP_LENGTH) state = 'unfinished';
    else state = groupCheckSymbol(number, text.slice(0, DATA_PER_GROUP)) === text[DATA_PER_GROUP] ? 'ok' : 'typo';
    groups.push({ text, state });
  }
  return groups;
}

export interface VerifierShare {
  /** The code, formatted. */
  code: string;
  keyId: string;
  threshold: number;
  /** The verifier's number, 1…n. */
  number: number;
  /** The Shamir share as the package reads it: 16 bytes and the x coordinate (x = 0 when the threshold is 1). */
  share: Uint8Array<ArrayBuffer>;
}

export type ReadVerifierCode =
  { ok: true; value: VerifierShare } | { ok: false; reason: 'code-typo' | 'code-malformed'; group?: number; message: string };

/** Reads one typed verifier code. Forgives case, spaces, hyphens and I/L/O for 1/0; names the group of a typo. */
export function readVerifierCode(input: string): ReadVerifierCode {
  const groups = checkTypedVerifierCode(input);
  const typo = groups.findIndex((g) => g.state === 'typo');
  if (typo >= 0 && typo < VERIFIER_CODE_GROUPS) {
    return { ok: false, reason: 'code-typo', group: typo + 1, message: `Group ${typo + 1} of this verifier code has a typo.` };
  }
  const code = normalizeVerifierCode(input);
  if (code.length !== VERIFIER_CODE_LENGTH) {
    const message =
      code.length < VERIFIER_CODE_LENGTH
        ? `This verifier code is too short: it has ${code.length} of ${VERIFIER_CODE_LENGTH} characters.`
        : `This verifier code is too long: it has ${code.length} characters, not ${VERIFIER_CODE_LENGTH}.`;
    return { ok: false, reason: 'code-malformed', message };
  }
  let data = '';
  for (let g = 0; g < VERIFIER_CODE_GROUPS; g++) data += code.slice(g * GROUP_LENGTH, g * GROUP_LENGTH + DATA_PER_GROUP);
  const keyId = data.slice(0, 4);
  const bytes = bytesFromBase32(data.slice(4));
  const [version, threshold, number, x] = bytes as unknown as [number, number, number, number];
  if (version !== VERIFIER_CODE_VERSION) {
    return { ok: false, reason: 'code-malformed', message: 'This verifier code was made by a newer version of heirloom.' };
  }
  if (threshold < 1 || number < 1 || (threshold === 1) !== (x === 0)) {
    return { ok: false, reason: 'code-malformed', message: 'This is not a verifier code.' };
  }
  const share = new Uint8Array(SEED_BYTES + 1);
  share.set(bytes.subarray(4, 4 + SEED_BYTES));
  share[SEED_BYTES] = x;
  return { ok: true, value: { code: formatVerifierCode(code), keyId, threshold, number, share } };
}

function bytesFromBase32(data: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array((data.length * 5) / 8);
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const ch of data) {
    buffer = (buffer << 5) | ALPHABET.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}

function base32FromBytes(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >> bits) & 31];
    }
  }
  return out;
}

/** The formatted code of one share: key id and the 20 bytes, grouped, each group with its check symbol. */
export function verifierCodeFor(keyId: string, threshold: number, number: number, share: Uint8Array): string {
  const payload = new Uint8Array(20);
  payload.set([VERIFIER_CODE_VERSION, threshold, number, share[SEED_BYTES]!]);
  payload.set(share.subarray(0, SEED_BYTES), 4);
  const data = keyId + base32FromBytes(payload);
  const groups: string[] = [];
  for (let g = 0; g < VERIFIER_CODE_GROUPS; g++) {
    const part = data.slice(g * DATA_PER_GROUP, (g + 1) * DATA_PER_GROUP);
    groups.push(part + groupCheckSymbol(g + 1, part));
  }
  return groups.join('-');
}

export interface ReleaseKey {
  /** X25519 public key, base64url (43 characters): the only part the server keeps. */
  publicKey: string;
  keyId: string;
  threshold: number;
  shares: number;
  /** One code per verifier, in order: code i is verifier i + 1's. */
  codes: string[];
}

/**
 * Makes a release key pair and splits its private half into `shares` verifier codes, `threshold` of which open
 * it. The seed is overwritten before this returns. `seed` is for the documented example and tests only.
 */
export async function makeReleaseKey(threshold: number, shares: number, seed?: Uint8Array): Promise<ReleaseKey> {
  if (!Number.isInteger(shares) || shares < 1 || shares > MAX_SHARES) throw new RangeError(`There can be 1 to ${MAX_SHARES} verifiers.`);
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > shares) {
    throw new RangeError('The number of verifiers who must confirm is at least 1 and at most the number of verifiers.');
  }
  const secret = new Uint8Array(seed ?? crypto.getRandomValues(new Uint8Array(SEED_BYTES)));
  if (secret.length !== SEED_BYTES) throw new RangeError(`A release key seed is ${SEED_BYTES} bytes.`);
  try {
    const privateKey = await releasePrivateKey(secret);
    const publicKey = toBase64Url(x25519.getPublicKey(privateKey));
    privateKey.fill(0);
    const keyId = await releaseKeyId(publicKey);
    // With a threshold of one every verifier holds the whole seed (x = 0); the package splits from two up.
    const parts =
      threshold === 1
        ? Array.from({ length: shares }, () => {
            const share = new Uint8Array(SEED_BYTES + 1);
            share.set(secret);
            return share;
          })
        : await split(secret, shares, threshold);
    const codes = parts.map((share, i) => verifierCodeFor(keyId, threshold, i + 1, share));
    for (const part of parts) part.fill(0);
    return { publicKey, keyId, threshold, shares, codes };
  } finally {
    secret.fill(0);
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The release key's X25519 private key from typed verifier codes, checked against its public key. Throws an
 * EscrowError naming the code at fault: a typo (and its group), a code of another release key, the same
 * verifier twice, too few codes (and how many more are needed), or codes that do not make this key.
 */
export async function openReleaseKey(codes: string[], release: { publicKey: string; threshold: number }): Promise<Uint8Array<ArrayBuffer>> {
  const keyId = await releaseKeyId(release.publicKey);
  const read: VerifierShare[] = [];
  for (const [codeIndex, typed] of codes.entries()) {
    if (normalizeVerifierCode(typed) === '') continue;
    const result = readVerifierCode(typed);
    const which = `Verifier code ${codeIndex + 1}`;
    if (!result.ok) {
      throw new EscrowError(result.reason, `${which}: ${result.message}`, { codeIndex, group: result.group });
    }
    const value = result.value;
    if (value.keyId !== keyId) {
      throw new EscrowError(
        'code-other-key',
        `${which} belongs to another release key (${value.keyId}, not ${keyId}): perhaps a code from before the verifiers were last changed.`,
        { codeIndex },
      );
    }
    if (value.threshold !== release.threshold) {
      throw new EscrowError('code-other-key', `${which} was made for another set of verifiers.`, { codeIndex });
    }
    const twice = read.find((other) => other.number === value.number);
    if (twice)
      throw new EscrowError('code-duplicate', `${which} is verifier ${value.number}'s code again; each verifier's code counts once.`, {
        codeIndex,
      });
    read.push(value);
  }
  if (read.length < release.threshold) {
    const needed = release.threshold - read.length;
    throw new EscrowError(
      'codes-not-enough',
      `${plural(read.length, 'verifier code was', 'verifier codes were')} given and ${release.threshold} are needed: ${plural(needed, 'more code is', 'more codes are')} needed.`,
      { needed },
    );
  }
  // More codes than needed: any k of them will do, so one written down wrongly is passed over.
  for (const chosen of combinations(read, release.threshold, 256)) {
    const seed =
      release.threshold === 1 ? chosen[0]!.share.slice(0, SEED_BYTES) : new Uint8Array(await combine(chosen.map((c) => c.share)));
    const privateKey = await releasePrivateKey(seed);
    seed.fill(0);
    if (sameBytes(x25519.getPublicKey(privateKey), fromBase64Url(release.publicKey))) return privateKey;
    privateKey.fill(0);
  }
  throw codesDoNotMatch();
}

export const codesDoNotMatch = () =>
  new EscrowError(
    'codes-do-not-match',
    'These verifier codes do not open this release key; one of them may have been written down wrongly.',
  );

/** Up to `limit` ways of choosing k of the items, in order. */
function* combinations<T>(items: T[], k: number, limit: number): Generator<T[]> {
  const picks = Array.from({ length: k }, (_, i) => i);
  for (let yielded = 0; yielded < limit; yielded++) {
    yield picks.map((i) => items[i]!);
    let i = k - 1;
    while (i >= 0 && picks[i] === items.length - k + i) i--;
    if (i < 0) return;
    picks[i]!++;
    for (let j = i + 1; j < k; j++) picks[j] = picks[j - 1]! + 1;
  }
}
