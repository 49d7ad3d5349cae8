// An owner with two heirs, things to release to them, and a stranger with things of their own: built through
// the real API for the Legacy Plan's tests. Sealed letters are made here as the owner's browser makes them
// (src/shared/sealed-letter.ts), with Node's WebCrypto and @noble/curves.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { SealedLetter } from '@shared/schemas/legacy';
import { openLetter, sealLetter as sealWithAttachments } from '@shared/sealed-letter';
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

/** Opens with a key code; the heir's cookie header when something was released. */
export async function openWith(t: TestApp, keyCode: string, remoteAddress = '203.0.113.7') {
  const res = await t.app.inject({ method: 'POST', url: '/api/legacy/open', payload: { keyCode }, remoteAddress });
  const cookie = res.cookies.find((c) => c.name === 'heirloom_heir');
  return { res, cookie: cookie ? `heirloom_heir=${cookie.value}` : undefined, setCookie: cookie };
}

// ---- sealed letters, made and opened by the browsers' own code ----

export { heirPublicKey } from '@shared/sealed-letter';

export const sealLetter = (plaintext: string, heirPublicKeyText: string) =>
  sealWithAttachments({ body: plaintext, attachments: [] }, heirPublicKeyText);

/** Opens a sealed letter with the key code, as the heir's browser does. */
export const openSealed = async (sealed: SealedLetter, keyCode: string) => (await openLetter(sealed, keyCode)).body;

export { readZip } from '@tests/helpers/zip';
