// The primitives an escrow bundle is built from, all WebCrypto (HKDF-SHA-256, HMAC-SHA-256, AES-256-GCM,
// SHA-256) except X25519, which is @noble/curves as for sealed letters (decision 027). Both the server's writer
// and the browser's reader use these, so the two cannot disagree.

export type Bytes = Uint8Array<ArrayBuffer>;

const text = new TextEncoder();

export const utf8 = (value: string): Bytes => text.encode(value);

/** The same bytes typed as WebCrypto wants them (copied only when they live in a SharedArrayBuffer). */
export const own = (bytes: Uint8Array): Bytes => (bytes.buffer instanceof ArrayBuffer ? (bytes as Bytes) : new Uint8Array(bytes));

export function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function u32be(value: number): Bytes {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fromHex(hex: string): Bytes {
  const clean = hex.replace(/\s+/g, '');
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** 32 bytes of HKDF-SHA-256. */
export async function hkdf(ikm: Uint8Array, salt: Uint8Array, info: string): Promise<Bytes> {
  const key = await crypto.subtle.importKey('raw', own(ikm), 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: own(salt), info: utf8(info) }, key, 256);
  return new Uint8Array(bits);
}

export async function sha256(data: Uint8Array): Promise<Bytes> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', own(data)));
}

export async function hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Bytes> {
  const hmacKey = await crypto.subtle.importKey('raw', own(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, own(data)));
}

export function aesKey(raw: Uint8Array, usages: KeyUsage[]): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', own(raw), 'AES-GCM', false, usages);
}

export async function aesGcmEncrypt(key: CryptoKey, iv: Uint8Array, plaintext: Uint8Array, aad?: Uint8Array): Promise<Bytes> {
  const params: AesGcmParams = { name: 'AES-GCM', iv: own(iv) };
  if (aad) params.additionalData = own(aad);
  return new Uint8Array(await crypto.subtle.encrypt(params, key, own(plaintext)));
}

/** The plaintext, or null when the tag does not match (a changed byte, the wrong key, nonce or AAD). */
export async function aesGcmDecrypt(key: CryptoKey, iv: Uint8Array, ciphertext: Uint8Array, aad?: Uint8Array): Promise<Bytes | null> {
  const params: AesGcmParams = { name: 'AES-GCM', iv: own(iv) };
  if (aad) params.additionalData = own(aad);
  try {
    return new Uint8Array(await crypto.subtle.decrypt(params, key, own(ciphertext)));
  } catch {
    return null;
  }
}

/** Constant-time comparison of two byte strings of equal length. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
