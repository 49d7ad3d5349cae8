// An owner with two heirs, things to release to them, and a stranger with things of their own: built through
// the real API for the Legacy Plan's tests. Sealed letters are made here as the owner's browser makes them
// (src/web/lib/legacy-crypto.ts), with Node's WebCrypto and @noble/curves.
import { x25519 } from '@noble/curves/ed25519.js';
import { and, eq } from 'drizzle-orm';
import { inflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { readKeyCode } from '@shared/key-code';
import type { SealedLetter } from '@shared/schemas/legacy';
import { grants } from '@server/db/schema';
import { multipart, signUp, type TestApp } from '@tests/helpers/server';

export type Actor = Awaited<ReturnType<typeof signUp>>;

export async function call(t: TestApp, who: Actor | undefined, method: string, url: string, payload?: object) {
  return t.app.inject({ method: method as 'GET', url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
}

async function ok(t: TestApp, who: Actor, method: string, url: string, payload?: object | ReturnType<typeof multipart>) {
  const form = payload && 'payload' in payload && Buffer.isBuffer(payload.payload) ? (payload as ReturnType<typeof multipart>) : undefined;
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: { cookie: who.cookie, ...(form?.headers ?? {}) },
    ...(payload ? { payload: form ? form.payload : (payload as object) } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.statusCode === 204 ? undefined : (res.json() as unknown);
}
const idOf = (json: unknown) => (Array.isArray(json) ? Number((json[0] as { id: string }).id) : (json as { id: number }).id);

export const jpeg = (background = '#3a7bc0') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .jpeg()
    .toBuffer();
const photoForm = (content: Buffer, filename: string) => multipart([{ name: 'photo', filename, content, contentType: 'image/jpeg' }]);

export interface LegacyWorld {
  owner: Actor;
  stranger: Actor;
  heirContactId: number;
  otherHeirContactId: number;
  noEmailContactId: number;
  spareContactId: number;
  strangerContactId: number;
  photoId: number;
  otherPhotoId: number;
  outsidePhotoId: number;
  memoryId: number;
  attachmentId: number;
  documentId: number;
  collectionId: number;
  strangerPhotoId: number;
  strangerCollectionId: number;
  jpegBytes: Buffer;
}

export async function makeLegacyWorld(t: TestApp): Promise<LegacyWorld> {
  const owner = await signUp(t.app, { firstName: 'Ada', surname: 'Lovelace' });
  const stranger = await signUp(t.app);
  const contact = async (who: Actor, firstName: string, email: string | null) =>
    idOf(await ok(t, who, 'POST', '/api/contacts', { firstName, lastName: 'King', relationship: 'family', email }));
  const jpegBytes = await jpeg();
  const photoId = idOf(await ok(t, owner, 'POST', '/api/photos', photoForm(jpegBytes, 'garden.jpg')));
  const otherPhotoId = idOf(await ok(t, owner, 'POST', '/api/photos', photoForm(await jpeg('#a33'), 'porch.jpg')));
  const outsidePhotoId = idOf(await ok(t, owner, 'POST', '/api/photos', photoForm(await jpeg('#3a3'), 'private.jpg')));
  const memoryId = idOf(
    await ok(t, owner, 'POST', '/api/memories', {
      title: 'The lake',
      content: 'We swam',
      eventDate: '1999-07-04',
      isPublic: false,
      tags: [],
    }),
  );
  const attachmentId = idOf(
    await ok(
      t,
      owner,
      'POST',
      `/api/memories/${memoryId}/attachments`,
      multipart([{ name: 'attachments', filename: 'lake.jpg', content: jpegBytes, contentType: 'image/jpeg' }]),
    ),
  );
  const documentId = idOf(
    await ok(
      t,
      owner,
      'POST',
      '/api/vault',
      multipart([
        { name: 'file', filename: 'deeds.txt', content: Buffer.from('The house deeds'), contentType: 'text/plain' },
        { name: 'description', value: 'deeds' },
      ]),
    ),
  );
  const collectionId = idOf(await ok(t, owner, 'POST', '/api/collections', { title: 'The garden' }));
  await ok(t, owner, 'POST', `/api/collections/${collectionId}/items`, { photoIds: [photoId], documentIds: [documentId] });
  const strangerPhotoId = idOf(await ok(t, stranger, 'POST', '/api/photos', photoForm(jpegBytes, 'theirs.jpg')));
  const strangerCollectionId = idOf(await ok(t, stranger, 'POST', '/api/collections', { title: 'Theirs' }));
  const world: LegacyWorld = {
    owner,
    stranger,
    heirContactId: await contact(owner, 'Grace', 'grace@example.com'),
    otherHeirContactId: await contact(owner, 'Alan', 'alan@example.com'),
    noEmailContactId: await contact(owner, 'Nomail', null),
    spareContactId: await contact(owner, 'Spare', 'spare@example.com'),
    strangerContactId: await contact(stranger, 'Theirs', 'theirs@example.com'),
    photoId,
    otherPhotoId,
    outsidePhotoId,
    memoryId,
    attachmentId,
    documentId,
    collectionId,
    strangerPhotoId,
    strangerCollectionId,
    jpegBytes,
  };
  await waitForDerivatives(t, owner);
  return world;
}

async function waitForDerivatives(t: TestApp, who: Actor) {
  for (let i = 0; i < 200; i++) {
    const list = (await call(t, who, 'GET', '/api/photos')).json() as Array<{ derivativeStatus: string }>;
    if (list.every((p) => p.derivativeStatus !== 'pending')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function addHeir(t: TestApp, who: Actor, contactId: number, dateOfBirth?: string) {
  return (await ok(t, who, 'POST', '/api/legacy/heirs', { contactId, dateOfBirth })) as { id: number; contactId: number };
}

export async function newKeyCode(t: TestApp, who: Actor, heirId: number) {
  return ((await ok(t, who, 'POST', `/api/legacy/heirs/${heirId}/key-code`)) as { keyCode: string }).keyCode;
}

export async function addRelease(t: TestApp, who: Actor, body: object) {
  return (await ok(t, who, 'POST', '/api/legacy/releases', body)) as { id: number };
}

/** What the trigger does when a release's time has come. */
export const release = (t: TestApp, grantId: number, at = new Date(Date.now() - 1000)) =>
  t.db.update(grants).set({ releasedAt: at }).where(eq(grants.id, grantId));

export const releaseAllOf = (t: TestApp, heirId: number, at = new Date(Date.now() - 1000)) =>
  t.db
    .update(grants)
    .set({ releasedAt: at })
    .where(and(eq(grants.heirId, heirId)));

/** Opens with a key code; the heir's cookie header when something was released. */
export async function openWith(t: TestApp, keyCode: string, remoteAddress = '203.0.113.7') {
  const res = await t.app.inject({ method: 'POST', url: '/api/legacy/open', payload: { keyCode }, remoteAddress });
  const cookie = res.cookies.find((c) => c.name === 'heirloom_heir');
  return { res, cookie: cookie ? `heirloom_heir=${cookie.value}` : undefined, setCookie: cookie };
}

// ---- sealed letters, exactly as the browser makes them ----

const text = new TextEncoder();
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromB64url = (value: string) => new Uint8Array(Buffer.from(value, 'base64url'));

async function hkdf(ikm: Uint8Array, salt: Uint8Array, info: string) {
  const key = await crypto.subtle.importKey('raw', ikm as Uint8Array<ArrayBuffer>, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: salt as Uint8Array<ArrayBuffer>, info: text.encode(info) },
    key,
    256,
  );
  return new Uint8Array(bits);
}
const aesKey = (raw: Uint8Array, usage: KeyUsage) =>
  crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, 'AES-GCM', false, [usage]);

const heirPrivateKey = (keyCode: string) => hkdf(text.encode(readKeyCode(keyCode)!), text.encode('heirloom legacy key v1'), 'x25519');

export async function heirPublicKey(keyCode: string) {
  return b64url(x25519.getPublicKey(await heirPrivateKey(keyCode)));
}

const wrappingKey = (shared: Uint8Array, ephemeralPublic: Uint8Array, heirPublic: Uint8Array) =>
  hkdf(shared, new Uint8Array([...ephemeralPublic, ...heirPublic]), 'heirloom letter key wrap v1');

export async function sealLetter(plaintext: string, heirPublicKeyText: string): Promise<SealedLetter> {
  const heirPublic = fromB64url(heirPublicKeyText);
  const letterKey = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const content = text.encode(JSON.stringify({ body: plaintext, attachments: [] }));
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await aesKey(letterKey, 'encrypt'), content));
  const ephemeralPrivate = x25519.utils.randomSecretKey();
  const ephemeralPublic = x25519.getPublicKey(ephemeralPrivate);
  const wrapKey = await wrappingKey(x25519.getSharedSecret(ephemeralPrivate, heirPublic), ephemeralPublic, heirPublic);
  const wrapIv = crypto.getRandomValues(new Uint8Array(12));
  const wrappedKey = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: wrapIv }, await aesKey(wrapKey, 'encrypt'), letterKey),
  );
  return {
    version: 1,
    recipientPublicKey: heirPublicKeyText,
    ephemeralPublicKey: b64url(ephemeralPublic),
    wrappedKey: b64url(wrappedKey),
    wrapIv: b64url(wrapIv),
    iv: b64url(iv),
    ciphertext: b64url(ciphertext),
  };
}

/** Opens a sealed letter with the key code, as the heir's browser does. */
export async function openSealed(sealed: SealedLetter, keyCode: string) {
  const heirPrivate = await heirPrivateKey(keyCode);
  const heirPublic = x25519.getPublicKey(heirPrivate);
  const ephemeralPublic = fromB64url(sealed.ephemeralPublicKey);
  const wrapKey = await wrappingKey(x25519.getSharedSecret(heirPrivate, ephemeralPublic), ephemeralPublic, heirPublic);
  const letterKey = new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromB64url(sealed.wrapIv) as Uint8Array<ArrayBuffer> },
      await aesKey(wrapKey, 'decrypt'),
      fromB64url(sealed.wrappedKey) as Uint8Array<ArrayBuffer>,
    ),
  );
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromB64url(sealed.iv) as Uint8Array<ArrayBuffer> },
    await aesKey(letterKey, 'decrypt'),
    fromB64url(sealed.ciphertext) as Uint8Array<ArrayBuffer>,
  );
  return (JSON.parse(new TextDecoder().decode(plain)) as { body: string }).body;
}

/** The entries of a zip (stored or deflated), read from its central directory. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
