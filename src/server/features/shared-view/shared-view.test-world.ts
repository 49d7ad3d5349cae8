// An owner with one of everything, a collection holding some of it, links to it, and the owner's other
// things that must never be reachable through those links: built through the real API, for the shared-view
// tests and the shared-view access walk.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { collectionItems, contacts, grants } from '@server/db/schema';
import { multipart, signUp, type TestApp, idOf, postAs } from '@tests/helpers/server';

export type Actor = Awaited<ReturnType<typeof signUp>>;

/** A JPEG carrying GPS and camera EXIF, like a phone photo taken near the Eiffel tower. */
export function gpsJpeg(background = '#c0503a') {
  return sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 12 Pro' },
      IFD2: { DateTimeOriginal: '2019:07:04 15:30:00', OffsetTimeOriginal: '+02:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 3024/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4020/100' },
    })
    .jpeg()
    .toBuffer();
}

export const plainPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c96' } })
    .png()
    .toBuffer();

export interface ShareWorld {
  owner: Actor;
  /** Signed in; the owner's contact `contactId` is linked to this account. */
  recipient: Actor;
  stranger: Actor;
  gpsPhoto: Buffer;
  /** In the collection. */
  photoId: number;
  plainPhotoId: number;
  memoryId: number;
  attachmentId: number;
  documentId: number;
  imageDocumentId: number;
  /** The owner's, outside the collection (or linked to its memory without being in it). */
  outsidePhotoId: number;
  linkedPhotoId: number;
  linkedVaultId: number;
  outsideMemoryId: number;
  outsideAttachmentId: number;
  outsideVaultId: number;
  contactId: number;
  collectionId: number;
  otherCollectionId: number;
  /** collection_items ids of the other collection (it holds outsidePhotoId and outsideVaultId). */
  otherItemIds: number[];
  /** Public link without places. */
  token: string;
  linkId: number;
  /** Public link with places. */
  placesToken: string;
  placesLinkId: number;
  /** A public link of the other collection. */
  otherToken: string;
  /** The personal link to the recipient's contact. */
  personalGrantId: number;
}

export const photoForm = (content: Buffer, filename: string, contentType = 'image/jpeg') =>
  multipart([{ name: 'photo', filename, content, contentType }]);
const vaultForm = (content: Buffer, filename: string, contentType: string) =>
  multipart([
    { name: 'file', filename, content, contentType },
    { name: 'description', value: `about ${filename}` },
  ]);

/** The token of a link URL (PUBLIC_URL/s/<token>). */
export const tokenOf = (url: string) => url.slice(url.lastIndexOf('/s/') + 3);

export async function makeShareWorld(t: TestApp): Promise<ShareWorld> {
  const owner = await signUp(t.app, { firstName: 'Ada', surname: 'Lovelace' });
  const recipient = await signUp(t.app, { firstName: 'Mary', surname: 'Shelley' });
  const stranger = await signUp(t.app);
  const gpsPhoto = await gpsJpeg();
  const png = await plainPng();

  const photoId = idOf(await postAs(t, owner.cookie, '/api/photos', photoForm(gpsPhoto, 'eiffel.jpg')));
  const plainPhotoId = idOf(await postAs(t, owner.cookie, '/api/photos', photoForm(png, 'plain.png', 'image/png')));
  const outsidePhotoId = idOf(await postAs(t, owner.cookie, '/api/photos', photoForm(png, 'private.png', 'image/png')));
  const linkedPhotoId = idOf(await postAs(t, owner.cookie, '/api/photos', photoForm(png, 'linked.png', 'image/png')));
  const memoryBody = {
    title: 'Paris',
    content: 'The tower at dusk',
    eventDate: '2019-07-04',
    isPublic: false,
    tags: ['paris'],
    location: 'Paris',
  };
  const memoryId = idOf(await postAs(t, owner.cookie, '/api/memories', memoryBody));
  const attachmentId = idOf(
    await postAs(
      t,
      owner.cookie,
      `/api/memories/${memoryId}/attachments`,
      multipart([{ name: 'attachments', filename: 'tower.jpg', content: gpsPhoto, contentType: 'image/jpeg' }]),
    ),
  );
  const outsideMemoryId = idOf(await postAs(t, owner.cookie, '/api/memories', { ...memoryBody, title: 'Diary', location: null }));
  const outsideAttachmentId = idOf(
    await postAs(
      t,
      owner.cookie,
      `/api/memories/${outsideMemoryId}/attachments`,
      multipart([{ name: 'attachments', filename: 'secret.png', content: png, contentType: 'image/png' }]),
    ),
  );
  const documentId = idOf(await postAs(t, owner.cookie, '/api/vault', vaultForm(Buffer.from('Dear reader'), 'letter.txt', 'text/plain')));
  const imageDocumentId = idOf(await postAs(t, owner.cookie, '/api/vault', vaultForm(gpsPhoto, 'scan.jpg', 'image/jpeg')));
  const outsideVaultId = idOf(
    await postAs(t, owner.cookie, '/api/vault', vaultForm(Buffer.from('Private will'), 'will.txt', 'text/plain')),
  );
  const linkedVaultId = idOf(
    await postAs(t, owner.cookie, '/api/vault', vaultForm(Buffer.from('Linked note'), 'linked.txt', 'text/plain')),
  );
  await postAs(t, owner.cookie, `/api/memories/${memoryId}/links`, { photoIds: [linkedPhotoId], vaultFileIds: [linkedVaultId] });
  const contactId = idOf(
    await postAs(t, owner.cookie, '/api/contacts', {
      firstName: 'Mary',
      lastName: 'Shelley',
      relationship: 'family',
      email: recipient.email,
    }),
  );
  // Contact linking (decision 011) needs a verified address; the link itself is what matters here.
  await t.db.update(contacts).set({ linkedUserId: recipient.user.id }).where(eq(contacts.id, contactId));

  const collectionId = idOf(await postAs(t, owner.cookie, '/api/collections', { title: 'Summer in Paris', description: 'Our trip' }));
  await postAs(t, owner.cookie, `/api/collections/${collectionId}/items`, {
    photoIds: [photoId, plainPhotoId],
    memoryIds: [memoryId],
    documentIds: [documentId, imageDocumentId],
  });
  const otherCollectionId = idOf(await postAs(t, owner.cookie, '/api/collections', { title: 'Private things' }));
  await postAs(t, owner.cookie, `/api/collections/${otherCollectionId}/items`, {
    photoIds: [outsidePhotoId],
    documentIds: [outsideVaultId],
  });
  const otherItemIds = (
    await t.db.select({ id: collectionItems.id }).from(collectionItems).where(eq(collectionItems.collectionId, otherCollectionId))
  ).map((r) => r.id);

  const link = async (collection: number, body: object) =>
    postAs(t, owner.cookie, `/api/collections/${collection}/links`, body) as Promise<{ id: number; url: string }>;
  const plain = await link(collectionId, { kind: 'public' });
  const places = await link(collectionId, { kind: 'public', includePlaces: true });
  const other = await link(otherCollectionId, { kind: 'public', includePlaces: true });
  const personal = await link(collectionId, { kind: 'personal', contactId });

  await waitForDerivatives(t, owner);
  return {
    owner,
    recipient,
    stranger,
    gpsPhoto,
    photoId,
    plainPhotoId,
    memoryId,
    attachmentId,
    documentId,
    imageDocumentId,
    outsidePhotoId,
    linkedPhotoId,
    linkedVaultId,
    outsideMemoryId,
    outsideAttachmentId,
    outsideVaultId,
    contactId,
    collectionId,
    otherCollectionId,
    otherItemIds,
    token: tokenOf(plain.url),
    linkId: plain.id,
    placesToken: tokenOf(places.url),
    placesLinkId: places.id,
    otherToken: tokenOf(other.url),
    personalGrantId: personal.id,
  };
}

export async function waitForDerivatives(t: TestApp, who: Actor) {
  for (let i = 0; i < 200; i++) {
    const list = (await t.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie: who.cookie } })).json() as Array<{
      derivativeStatus: string;
    }>;
    if (list.every((p) => p.derivativeStatus !== 'pending')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The collection item id of one of the owner's items in a collection. */
export async function itemIdOf(t: TestApp, collectionId: number, item: { photoId?: number; memoryId?: number; vaultFileId?: number }) {
  const rows = await t.db.select().from(collectionItems).where(eq(collectionItems.collectionId, collectionId));
  const row = rows.find(
    (r) =>
      (item.photoId !== undefined && r.photoId === item.photoId) ||
      (item.memoryId !== undefined && r.memoryId === item.memoryId) ||
      (item.vaultFileId !== undefined && r.vaultFileId === item.vaultFileId),
  );
  if (!row) throw new Error('not in the collection');
  return row.id;
}

export const expireGrant = (t: TestApp, grantId: number) =>
  t.db
    .update(grants)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(grants.id, grantId));

export { readZip } from '@tests/helpers/zip';
