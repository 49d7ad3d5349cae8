// A signed-in user with one of everything (memory with an own attachment and linked files, photo, contact,
// vault file, profile picture) and a second user with a memory and a photo: real ids for hostile-request tests.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { collectionItems, collections, contacts, faces, grants, memories, people, photos, users, vaultFiles } from '@server/db/schema';
import { idOf, multipart, postAs, signUp, type TestApp } from '@tests/helpers/server';

export type Actor = Awaited<ReturnType<typeof signUp>>;

export interface World {
  owner: Actor;
  other: Actor;
  photoId: number;
  linkedPhotoId: number;
  memoryId: number;
  attachmentId: number;
  contactId: number;
  vaultId: number;
  linkedVaultId: number;
  otherMemoryId: number;
  otherPhotoId: number;
  /** The owner's collection (holding photoId, memoryId and vaultId) and its public link. */
  collectionId: number;
  linkId: number;
}

let png: Buffer | undefined;
export async function tinyPng(): Promise<Buffer> {
  png ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c96' } })
    .png()
    .toBuffer();
  return png;
}

export const memoryBody = { title: 'Picnic', content: 'By the lake', eventDate: '1999-07-04', isPublic: false, tags: ['lake'] };
export const contactBody = { firstName: 'Ann', lastName: 'Lee', relationship: 'friend' };

async function photoForm() {
  return multipart([{ name: 'photo', filename: 'a.png', content: await tinyPng(), contentType: 'image/png' }]);
}

function vaultForm() {
  return multipart([
    { name: 'file', filename: 'letter.txt', content: Buffer.from('Dear future reader'), contentType: 'text/plain' },
    { name: 'description', value: 'a letter' },
  ]);
}

async function created(t: TestApp, cookie: string, url: string, body: object | ReturnType<typeof multipart>): Promise<number> {
  return idOf(await postAs(t, cookie, url, body));
}

export async function makeWorld(t: TestApp): Promise<World> {
  const owner = await signUp(t.app);
  const other = await signUp(t.app);
  const photoId = await created(t, owner.cookie, '/api/photos', await photoForm());
  const linkedPhotoId = await created(t, owner.cookie, '/api/photos', await photoForm());
  const memoryId = await created(t, owner.cookie, '/api/memories', memoryBody);
  const attachmentId = await created(
    t,
    owner.cookie,
    `/api/memories/${memoryId}/attachments`,
    multipart([{ name: 'attachments', filename: 'b.png', content: await tinyPng(), contentType: 'image/png' }]),
  );
  const vaultId = await created(t, owner.cookie, '/api/vault', vaultForm());
  const linkedVaultId = await created(t, owner.cookie, '/api/vault', vaultForm());
  const link = await t.app.inject({
    method: 'POST',
    url: `/api/memories/${memoryId}/links`,
    headers: { cookie: owner.cookie },
    payload: { photoIds: [linkedPhotoId], vaultFileIds: [linkedVaultId] },
  });
  if (link.statusCode >= 300) throw new Error(`link → ${link.statusCode} ${link.body}`);
  const contactId = await created(t, owner.cookie, '/api/contacts', { ...contactBody, relationship: 'family', email: 'kin@example.com' });
  await created(
    t,
    owner.cookie,
    '/api/user/profile-picture',
    multipart([{ name: 'profilePicture', filename: 'me.png', content: await tinyPng(), contentType: 'image/png' }]),
  ).catch(() => 0); // answers the user, not an id
  const otherMemoryId = await created(t, other.cookie, '/api/memories', memoryBody);
  const otherPhotoId = await created(t, other.cookie, '/api/photos', await photoForm());
  const collectionId = await created(t, owner.cookie, '/api/collections', { title: 'Holidays' });
  const items = await t.app.inject({
    method: 'POST',
    url: `/api/collections/${collectionId}/items`,
    headers: { cookie: owner.cookie },
    payload: { photoIds: [photoId], memoryIds: [memoryId], documentIds: [vaultId] },
  });
  if (items.statusCode >= 300) throw new Error(`collection items → ${items.statusCode} ${items.body}`);
  const linkId = await created(t, owner.cookie, `/api/collections/${collectionId}/links`, { kind: 'public' });
  // Derivatives are made in the background and update the photo rows: let that settle before anyone compares.
  for (let i = 0; i < 200; i++) {
    const list = (await t.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie: owner.cookie } })).json() as Array<{
      derivativeStatus: string;
    }>;
    const others = (await t.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie: other.cookie } })).json() as Array<{
      derivativeStatus: string;
    }>;
    if ([...list, ...others].every((p) => p.derivativeStatus !== 'pending')) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    owner,
    other,
    photoId,
    linkedPhotoId,
    memoryId,
    attachmentId,
    contactId,
    vaultId,
    linkedVaultId,
    otherMemoryId,
    otherPhotoId,
    collectionId,
    linkId,
  };
}

/** Whether every id of the world still names something of its owner (destructive cases may have removed some). */
export async function worldIntact(t: TestApp, w: World): Promise<boolean> {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: w.owner.cookie } });
  const me = await get('/api/user');
  if (me.statusCode !== 200) return false;
  const ids = async (url: string) => ((await get(url)).json() as Array<{ id: number }>).map((x) => x.id);
  const photoIds = await ids('/api/photos');
  const memoryIds = await ids('/api/memories');
  const contactIds = await ids('/api/contacts');
  const vaultIds = await ids('/api/vault');
  const attachments = (await get(`/api/memories/${w.memoryId}/attachments`)).json() as Array<{ id: string }>;
  const links = (await get(`/api/collections/${w.collectionId}/links`)).json() as Array<{ id: number }>;
  return (
    Array.isArray(links) &&
    links.some((l) => l.id === w.linkId) &&
    [w.photoId, w.linkedPhotoId].every((id) => photoIds.includes(id)) &&
    memoryIds.includes(w.memoryId) &&
    contactIds.includes(w.contactId) &&
    [w.vaultId, w.linkedVaultId].every((id) => vaultIds.includes(id)) &&
    Array.isArray(attachments) &&
    attachments.some((a) => a.id === String(w.attachmentId)) &&
    attachments.some((a) => a.id === `p-${w.linkedPhotoId}`)
  );
}

/** A digest of every user-owned table: equal digests mean a request changed nothing. */
export async function tablesDigest(t: TestApp): Promise<string[]> {
  const rows = await Promise.all(
    [memories, contacts, photos, vaultFiles, users, collections, collectionItems, grants, people, faces].map((table) =>
      t.db.select({ n: sql<string>`md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), ''))` }).from(sql`${table} t`),
    ),
  );
  return rows.map((r) => r[0]!.n);
}
