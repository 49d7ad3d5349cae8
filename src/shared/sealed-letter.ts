// Sealed letters (decision 027), the same code in the owner's and the heir's browser (and in the server's
// tests, which check that no plaintext ever reaches the server). An heir's X25519 key pair is derived from
// the key code: private = HKDF-SHA-256(code); the server keeps only the public key. A letter is encrypted
// with a random AES-256-GCM key, and that key is wrapped with AES-GCM under HKDF(X25519(ephemeral, heir)).
import { x25519 } from '@noble/curves/ed25519.js';
import { readKeyCode } from './key-code';
import type { SealedLetter } from './schemas/legacy';

const text = new TextEncoder();

export interface LetterContent {
  body: string;
  /** Files travel inside the ciphertext: the server never sees their names or bytes. */
  attachments: Array<{ name: string; type: string; data: string /* base64 */ }>;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function hkdf(ikm: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>, info: string): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info: text.encode(info) }, key, 256);
  return new Uint8Array(bits);
}

const aesKey = (raw: Uint8Array<ArrayBuffer>, usage: KeyUsage) => crypto.subtle.importKey('raw', raw, 'AES-GCM', false, [usage]);
const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** The heir's X25519 private key, derived from the key code (escrow bundles open with it too). */
export async function heirPrivateKey(keyCode: string) {
  const code = readKeyCode(keyCode);
  if (!code) throw new Error('That does not look like a key code.');
  return hkdf(text.encode(code), text.encode('heirloom legacy key v1'), 'x25519');
}

/** The public key the server stores for an heir (base64url, 43 characters). */
export async function heirPublicKey(keyCode: string): Promise<string> {
  return toBase64Url(x25519.getPublicKey(await heirPrivateKey(keyCode)));
}

async function wrappingKey(shared: Uint8Array, ephemeralPublic: Uint8Array, heirPublic: Uint8Array) {
  const salt = new Uint8Array([...ephemeralPublic, ...heirPublic]);
  return hkdf(new Uint8Array(shared), salt, 'heirloom letter key wrap v1');
}

/** Encrypts a letter for the heir whose public key is given; nothing readable leaves the browser. */
export async function sealLetter(content: LetterContent, heirPublicKeyText: string): Promise<SealedLetter> {
  const heirPublic = fromBase64Url(heirPublicKeyText);
  const letterKey = random(32);
  const iv = random(12);
  const plaintext = text.encode(JSON.stringify(content));
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await aesKey(letterKey, 'encrypt'), plaintext));

  const ephemeralPrivate = x25519.utils.randomSecretKey();
  const ephemeralPublic = x25519.getPublicKey(ephemeralPrivate);
  const wrapKey = await wrappingKey(x25519.getSharedSecret(ephemeralPrivate, heirPublic), ephemeralPublic, heirPublic);
  const wrapIv = random(12);
  const wrappedKey = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: wrapIv }, await aesKey(wrapKey, 'encrypt'), letterKey),
  );

  return {
    version: 1,
    recipientPublicKey: heirPublicKeyText,
    ephemeralPublicKey: toBase64Url(ephemeralPublic),
    wrappedKey: toBase64Url(wrappedKey),
    wrapIv: toBase64Url(wrapIv),
    iv: toBase64Url(iv),
    ciphertext: toBase64Url(ciphertext),
  };
}

/** Opens a sealed letter with the heir's key code; throws when the code is not the one it was sealed for. */
export async function openLetter(sealed: SealedLetter, keyCode: string): Promise<LetterContent> {
  const heirPrivate = await heirPrivateKey(keyCode);
  const heirPublic = x25519.getPublicKey(heirPrivate);
  const ephemeralPublic = fromBase64Url(sealed.ephemeralPublicKey);
  const wrapKey = await wrappingKey(x25519.getSharedSecret(heirPrivate, ephemeralPublic), ephemeralPublic, heirPublic);
  const letterKey = new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(sealed.wrapIv) },
      await aesKey(wrapKey, 'decrypt'),
      fromBase64Url(sealed.wrappedKey),
    ),
  );
  const plaintext = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(sealed.iv) },
    await aesKey(letterKey, 'decrypt'),
    fromBase64Url(sealed.ciphertext),
  );
  return JSON.parse(new TextDecoder().decode(plaintext)) as LetterContent;
}
