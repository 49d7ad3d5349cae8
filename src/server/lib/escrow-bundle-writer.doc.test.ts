// docs/escrow-format.md cannot drift from the code: its worked example is rebuilt byte for byte by the writer,
// opened by the reader, and opened a second time by an opener written from that page alone, with nothing but
// Node's crypto module (no heirloom code, no @noble, no Shamir package).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openBundle } from '@shared/escrow/bundle-reader';
import { toHex } from '@shared/escrow/escrow-crypto';
import { makeReleaseKey, openReleaseKey, releasePrivateKey } from '@shared/escrow/release-key';
import { keyCodeFromBytes } from '@shared/key-code';
import { heirPrivateKey, heirPublicKey } from '@shared/sealed-letter';
import { writeEscrowBundle } from './escrow-bundle-writer';

const doc = fs.readFileSync(path.join(import.meta.dirname, '../../../docs/escrow-format.md'), 'utf8');
const block = (info: string) => {
  const match = new RegExp('```' + info + '\\n([\\s\\S]*?)\\n```').exec(doc);
  if (!match) throw new Error(`docs/escrow-format.md has no \`\`\`${info} block`);
  return match[1]!;
};
const values = Object.fromEntries(
  block('text escrow-example-values')
    .split('\n')
    .map((line) => line.split(/\s+=\s+/) as [string, string]),
);
const value = (name: string) => {
  if (!(name in values)) throw new Error(`the example has no value "${name}"`);
  return values[name]!;
};
const bundle = Buffer.concat([
  Buffer.from(`${block('text escrow-example-header')}\n`),
  Buffer.from(block('hex escrow-example-body').replace(/\s+/g, ''), 'hex'),
]);
const LETTER = 'Dear Anna, the pear tree is yours.';

describe('docs/escrow-format.md, the worked example', () => {
  it('is the bundle the writer makes from the example inputs', async () => {
    const keyCode = keyCodeFromBytes(Uint8Array.from({ length: 17 }, (_, i) => i + 1));
    expect(keyCode).toBe(value('key code'));
    const release = await makeReleaseKey(2, 3, Buffer.from(value('release seed'), 'hex'));
    let next = 0;
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (part: Buffer) => parts.push(part));
    await writeEscrowBundle(
      {
        heirPublicKey: await heirPublicKey(keyCode),
        release,
        chunkSize: 16,
        random: (length) => Uint8Array.from({ length }, () => next++ & 0xff),
        files: [
          { name: 'letter.txt', open: () => Readable.from([Buffer.from(LETTER)]) },
          { name: 'empty.txt', open: () => Readable.from([]) },
        ],
      },
      out,
    );
    expect(toHex(Buffer.concat(parts))).toBe(toHex(bundle));
  });

  it("has the values heirloom's code derives", async () => {
    const keyCode = value('key code');
    expect(toHex(await heirPrivateKey(keyCode))).toBe(value('heir private key'));
    expect(await heirPublicKey(keyCode)).toBe(value('heir public key'));
    const release = await makeReleaseKey(2, 3, Buffer.from(value('release seed'), 'hex'));
    expect(release).toMatchObject({ publicKey: value('release public key'), keyId: value('release key id') });
    expect(toHex(await releasePrivateKey(Buffer.from(value('release seed'), 'hex')))).toBe(value('release private key'));
    const codes = [1, 2, 3].map((n) => value(`verifier code ${n}`));
    for (const pair of [
      [0, 1],
      [1, 2],
      [2, 0],
    ]) {
      const opened = await openReleaseKey(
        pair.map((i) => codes[i]!),
        { publicKey: release.publicKey, threshold: 2 },
      );
      expect(toHex(opened)).toBe(value('release private key'));
    }
  });

  it("opens with heirloom's reader and the codes", async () => {
    const opened = await openBundle(new Blob([new Uint8Array(bundle)]), {
      keyCode: value('key code'),
      verifierCodes: [value('verifier code 1'), value('verifier code 3')],
    });
    expect(opened.files.map((f) => f.name)).toEqual(['letter.txt', 'empty.txt']);
    const letter: Uint8Array[] = [];
    for await (const part of opened.chunks(opened.files[0]!)) letter.push(part);
    expect(Buffer.concat(letter).toString()).toBe(LETTER);
  });

  it('opens with an opener written from the document alone', () => {
    const files = openFromTheDocument(bundle, value('key code'), [value('verifier code 2'), value('verifier code 3')], values);
    expect(files).toEqual({ 'letter.txt': LETTER, 'empty.txt': '' });
  });
});

// ---- An opener from docs/escrow-format.md, with node:crypto only ------------------------------------------

const hkdf = (ikm: Buffer, salt: Buffer, info: string) => Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from(info), 32));
const X25519_PKCS8 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const X25519_SPKI = Buffer.from('302a300506032b656e032100', 'hex');
const x25519Private = (raw: Buffer) => crypto.createPrivateKey({ key: Buffer.concat([X25519_PKCS8, raw]), format: 'der', type: 'pkcs8' });
const x25519Public = (raw: Buffer) => crypto.createPublicKey({ key: Buffer.concat([X25519_SPKI, raw]), format: 'der', type: 'spki' });
const pub = (raw: Buffer) => crypto.createPublicKey(x25519Private(raw)).export({ format: 'der', type: 'spki' }).subarray(12);
const x25519 = (priv: Buffer, pubKey: Buffer) => crypto.diffieHellman({ privateKey: x25519Private(priv), publicKey: x25519Public(pubKey) });
const b64 = (text: string) => Buffer.from(text, 'base64url');

function aesGcmOpen(key: Buffer, nonce: Buffer, sealed: Buffer, aad?: Buffer): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce);
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
}

const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const normalize = (code: string) => code.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');

// GF(2^8) modulo x^8 + x^4 + x^3 + x + 1
function gfMul(a: number, b: number): number {
  let product = 0;
  for (; b; b >>= 1) {
    if (b & 1) product ^= a;
    a = a & 0x80 ? ((a << 1) ^ 0x11b) & 0xff : a << 1;
  }
  return product;
}
const gfInverse = (a: number) => {
  let result = 1;
  for (let i = 0; i < 254; i++) result = gfMul(result, a); // a^254 = a^-1
  return result;
};

function seedFromVerifierCodes(codes: string[]): Buffer {
  const shares = codes.map((code) => {
    const symbols = normalize(code);
    let data = '';
    for (let g = 0; g < 9; g++) {
      const group = symbols.slice(g * 5, g * 5 + 5);
      let v = g + 1;
      const double = (n: number) => (n << 1 >= 32 ? (n << 1) ^ 0b100101 : n << 1);
      for (const ch of group.slice(0, 4)) v = double(v) ^ BASE32.indexOf(ch);
      if (BASE32[double(v)] !== group[4]) throw new Error(`group ${g + 1} has a typo`);
      data += group.slice(0, 4);
    }
    const bits = [...data.slice(4)].map((ch) => BASE32.indexOf(ch).toString(2).padStart(5, '0')).join('');
    const bytes = Buffer.from(Array.from({ length: 20 }, (_, i) => parseInt(bits.slice(i * 8, i * 8 + 8), 2)));
    return { version: bytes[0]!, k: bytes[1]!, x: bytes[3]!, y: bytes.subarray(4) };
  });
  const seed = Buffer.alloc(16);
  for (let j = 0; j < 16; j++) {
    for (const [i, share] of shares.entries()) {
      let basis = 1;
      for (const [m, other] of shares.entries()) if (m !== i) basis = gfMul(basis, gfMul(other.x, gfInverse(other.x ^ share.x)));
      seed[j]! ^= gfMul(share.y[j]!, basis);
    }
  }
  return seed;
}

function openFromTheDocument(
  file: Buffer,
  keyCode: string,
  verifierCodes: string[],
  expected: Record<string, string>,
): Record<string, string> {
  const line1 = file.indexOf(0x0a) + 1;
  expect(file.subarray(0, line1).toString()).toBe('HEIRLOOM ESCROW BUNDLE 1\n');
  const headerEnd = file.indexOf(0x0a, line1) + 1;
  const header = JSON.parse(file.subarray(line1, headerEnd - 1).toString());
  expect(file.subarray(file.length - 16).toString()).toBe('END OF BUNDLE 1\n');
  const manifestOffset = Number(file.readBigUInt64BE(file.length - 32));
  const manifestLength = Number(file.readBigUInt64BE(file.length - 24));
  expect(manifestOffset + manifestLength + 32).toBe(file.length);

  const heirPrivate = hkdf(Buffer.from(normalize(keyCode)), Buffer.from('heirloom legacy key v1'), 'x25519');
  expect(heirPrivate.toString('hex')).toBe(expected['heir private key']);
  expect(pub(heirPrivate).toString('base64url')).toBe(header.heir.publicKey);
  const seed = seedFromVerifierCodes(verifierCodes);
  expect(seed.toString('hex')).toBe(expected['release seed']);
  const releasePrivate = hkdf(seed, Buffer.from('heirloom release key v1'), 'x25519');
  expect(pub(releasePrivate).toString('base64url')).toBe(header.release.publicKey);

  const unwrap = (role: string, part: { publicKey: string; ephemeralPublicKey: string; iv: string; wrappedKey: string }, priv: Buffer) => {
    const e = b64(part.ephemeralPublicKey);
    const wrapKey = hkdf(x25519(priv, e), Buffer.concat([e, b64(part.publicKey)]), `heirloom escrow wrap v1 ${role}`);
    return aesGcmOpen(wrapKey, b64(part.iv), b64(part.wrappedKey));
  };
  const halves = Buffer.concat([unwrap('heir', header.heir, heirPrivate), unwrap('release', header.release, releasePrivate)]);
  expect(halves.toString('hex')).toBe(expected['heir half']! + expected['release half']!);
  const contentKey = hkdf(halves, Buffer.alloc(0), 'heirloom escrow content v1');
  const headerKey = hkdf(halves, Buffer.alloc(0), 'heirloom escrow header v1');
  expect(contentKey.toString('hex')).toBe(expected['content key']);
  expect(headerKey.toString('hex')).toBe(expected['header key']);
  const mac = crypto.createHmac('sha256', headerKey).update(file.subarray(0, headerEnd)).digest();
  expect(mac.equals(file.subarray(headerEnd, headerEnd + 32))).toBe(true);

  const chunkSize: number = header.chunkSize;
  const openSection = (offset: number, length: number, number: number) => {
    const salt = file.subarray(offset, offset + 16);
    const key = hkdf(contentKey, salt, 'heirloom escrow section v1');
    if (number === 1) expect(key.toString('hex')).toBe(expected['letter.txt section key']);
    const count = Math.max(1, Math.ceil((length - 16) / (chunkSize + 16)));
    const out: Buffer[] = [];
    for (let i = 0; i < count; i++) {
      const start = offset + 16 + i * (chunkSize + 16);
      const end = i === count - 1 ? offset + length : start + chunkSize + 16;
      const nonce = Buffer.alloc(12);
      salt.copy(nonce, 0, 0, 7);
      nonce.writeUInt32BE(i, 7);
      nonce[11] = i === count - 1 ? 1 : 0;
      const aad = Buffer.alloc(4);
      aad.writeUInt32BE(number);
      out.push(aesGcmOpen(key, nonce, file.subarray(start, end), aad));
    }
    return Buffer.concat(out);
  };
  const manifest = JSON.parse(openSection(manifestOffset, manifestLength, 0).toString()) as {
    files: Array<{ name: string; size: number; offset: number; length: number }>;
  };
  const files: Record<string, string> = {};
  for (const [i, entry] of manifest.files.entries()) {
    const plaintext = openSection(entry.offset, entry.length, i + 1);
    expect(plaintext.length).toBe(entry.size);
    files[entry.name] = plaintext.toString();
  }
  return files;
}
