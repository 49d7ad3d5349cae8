// A collection of every photo of a person (issue 29): it follows the faces live, is shared by link and released
// in the Legacy Plan like any collection, and names the people in its photos only where the owner included names.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeirloomExport } from '@shared/export-format';
import type { Received, Release } from '@shared/schemas/legacy';
import {
  SHARING_MESSAGES,
  type Collection,
  type CollectionDetail,
  type SharedCollection,
  type SharedWithMe,
} from '@shared/schemas/sharing';
import { collections, faces, grants, people, users } from '@server/db/schema';
import { buildTestApp, multipart, signUp, type TestApp } from '@tests/helpers/server';
import { readZip } from '@tests/helpers/zip';

type Session = Awaited<ReturnType<typeof signUp>>;

describe('person collections', () => {
  let t: TestApp;
  let owner: Session;
  let stranger: Session;
  /** Grandma (named), Mum (named, then merged into Grandma), a stranger in the background (hidden), and someone unnamed. */
  let grandma: number;
  let mum: number;
  let hiddenOne: number;
  let unnamed: number;
  let strangersPerson: number;
  let photoIds: number[];
  let collectionId: number;

  const call = (who: Session | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  }
  async function upload(who: Session, name: string, background: string) {
    const content = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const form = multipart([{ name: 'photo', filename: name, content, contentType: 'image/jpeg' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { cookie: who.cookie, ...form.headers },
      payload: form.payload,
    });
    return (await ok<{ id: number }>(res, 201)).id;
  }
  const person = async (userId: number, name: string | null, hidden = false) =>
    (await t.db.insert(people).values({ userId, name, hidden }).returning({ id: people.id }))[0]!.id;
  /** A face of `personId` in the photo, as the model, the file's regions or the owner put it there. */
  const addFace = (userId: number, photoId: number, personId: number, x = 0.1) =>
    t.db.insert(faces).values({ userId, photoId, personId, boxX: x, boxY: 0.2, boxWidth: 0.2, boxHeight: 0.3, source: 'manual' });
  const detail = async (id = collectionId) => ok<CollectionDetail>(await call(owner, 'GET', `/api/collections/${id}`));

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app, { firstName: 'Ada', surname: 'Lovelace' });
    stranger = await signUp(t.app);
    photoIds = [
      await upload(owner, 'picnic.jpg', '#a33'),
      await upload(owner, 'wedding.jpg', '#3a3'),
      await upload(owner, 'garden.jpg', '#33a'),
      await upload(owner, 'beach.jpg', '#aa3'),
    ];
    grandma = await person(owner.user.id, 'Grandma Rose');
    mum = await person(owner.user.id, 'Mum');
    hiddenOne = await person(owner.user.id, 'Passer-by', true);
    unnamed = await person(owner.user.id, null);
    strangersPerson = await person(stranger.user.id, 'Theirs');
    await addFace(owner.user.id, photoIds[0]!, grandma, 0.5);
    await addFace(owner.user.id, photoIds[0]!, mum, 0.1);
    await addFace(owner.user.id, photoIds[0]!, hiddenOne, 0.7);
    await addFace(owner.user.id, photoIds[0]!, unnamed, 0.3);
    await addFace(owner.user.id, photoIds[1]!, grandma);
    await addFace(owner.user.id, photoIds[2]!, mum);
  });
  afterAll(() => t.close());

  it('holds every photo of the person, read live: a new face of them grows it, someone else’s face does not', async () => {
    const made = await ok<Collection>(await call(owner, 'POST', '/api/collections', { title: 'Our family', personId: grandma }), 201);
    collectionId = made.id;
    expect(made).toMatchObject({ title: 'Our family', person: { id: grandma, name: 'Grandma Rose' }, photoCount: 2, memoryCount: 0 });
    expect(made.coverUrl).toMatch(/^\/api\/photos\/image\/\d+\?size=thumb$/);
    expect((await detail()).photos.map((p) => p.id).sort()).toEqual([photoIds[0], photoIds[1]].sort());

    await addFace(owner.user.id, photoIds[3]!, grandma);
    await addFace(owner.user.id, photoIds[2]!, unnamed);
    const grown = await detail();
    expect(grown.photoCount).toBe(3);
    expect(grown.photos.map((p) => p.id).sort()).toEqual([photoIds[0], photoIds[1], photoIds[3]].sort());
    // an ordinary collection is unchanged: it holds what was put in it
    const plain = await ok<Collection>(await call(owner, 'POST', '/api/collections', { title: 'Plain' }), 201);
    expect(plain.person).toBeNull();
  });

  it('another user’s person, a person that does not exist and a hidden one are refused, and nothing is made', async () => {
    const before = await t.db.select({ id: collections.id }).from(collections);
    const refuse = async (personId: number, status: number, message: string) => {
      const res = await call(owner, 'POST', '/api/collections', { title: 'Not mine', personId });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ message });
    };
    await refuse(strangersPerson, 404, SHARING_MESSAGES.personNotFound);
    await refuse(999_999, 404, SHARING_MESSAGES.personNotFound);
    await refuse(hiddenOne, 400, SHARING_MESSAGES.personHidden);
    expect(await t.db.select({ id: collections.id }).from(collections)).toEqual(before);
    // and the owner's person collection is nobody else's
    expect((await call(stranger, 'GET', `/api/collections/${collectionId}`)).statusCode).toBe(404);
  });

  it('takes no items by hand, and its cover must be a photo of the person', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(owner, method, `/api/collections/${collectionId}/items`, { photoIds: [photoIds[2]!] });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'PERSON_COLLECTION', message: SHARING_MESSAGES.personCollectionItems });
    }
    expect((await detail()).photoCount).toBe(3);
    expect((await call(owner, 'PATCH', `/api/collections/${collectionId}`, { coverPhotoId: photoIds[2] })).statusCode).toBe(400);
    const covered = await ok<Collection>(await call(owner, 'PATCH', `/api/collections/${collectionId}`, { coverPhotoId: photoIds[1] }));
    expect(covered.coverUrl).toBe(`/api/photos/image/${photoIds[1]}?size=thumb`);
  });

  it('a link without "include names" sends nothing about faces; with it, the named, shown people and their boxes', async () => {
    const link = async (includeNames?: boolean) => {
      const body = { kind: 'public', ...(includeNames === undefined ? {} : { includeNames }) };
      const { url } = await ok<{ url: string }>(await call(owner, 'POST', `/api/collections/${collectionId}/links`, body), 201);
      return `/api/shared/${url.split('/s/')[1]}`;
    };
    const without = await link();
    const res = await call(undefined, 'GET', without);
    const plain = await ok<SharedCollection>(res);
    expect(plain.includeNames).toBe(false);
    expect(plain.photos).toHaveLength(3);
    for (const p of plain.photos) expect(p.people).toEqual([]);
    // the link's own token is random base64url, and may hold any of these letters: it is left out of the look
    const body = res.body.replaceAll(without.split('/').pop()!, '');
    for (const secret of ['Grandma Rose', 'Mum', 'Passer-by', 'person', 'box']) expect(body).not.toContain(secret);

    const named = await link(true);
    const withNames = await ok<SharedCollection>(await call(undefined, 'GET', named));
    expect(withNames.includeNames).toBe(true);
    const groupPhoto = withNames.photos.find((p) => p.id === photoIds[0])!;
    // left to right; the hidden stranger and the unnamed face are not named
    expect(groupPhoto.people).toEqual([
      { name: 'Mum', box: { x: 0.1, y: 0.2, width: 0.2, height: 0.3 } },
      { name: 'Grandma Rose', box: { x: 0.5, y: 0.2, width: 0.2, height: 0.3 } },
    ]);

    // "Download all" the same way: the archive names the people only where the link includes names
    const archiveOf = async (shared: SharedCollection) => {
      const zip = await readZip((await call(undefined, 'GET', shared.downloadAllUrl)).rawPayload);
      return JSON.parse(zip.get('heirloom.json')!.toString()) as HeirloomExport;
    };
    const plainArchive = await archiveOf(plain);
    expect(plainArchive.people).toBeUndefined();
    expect(plainArchive.photos.flatMap((p) => p.faces ?? [])).toEqual([]);
    const namedArchive = await archiveOf(withNames);
    expect(namedArchive.people?.map((p) => p.name).sort()).toEqual(['Grandma Rose', 'Mum']);
    // the group photo: Mum and Grandma left to right; the hidden and the unnamed faces are not there
    const group = namedArchive.photos.find((p) => p.faces?.length === 2)!;
    expect(group.faces!.map((f) => namedArchive.people!.find((p) => p.id === f.personId)!.name)).toEqual(['Mum', 'Grandma Rose']);
    expect(JSON.stringify(namedArchive)).not.toContain('Passer-by');

    // the photos are served by their own ids under the link; a photo the person is not in is nothing here
    const thumb = await call(undefined, 'GET', `${without}/photos/${photoIds[1]}/download`);
    expect(thumb.statusCode).toBe(200);
    expect((await call(undefined, 'GET', `${without}/photos/${photoIds[2]}/download`)).statusCode).toBe(404);

    const links = await ok<Array<{ includeNames: boolean }>>(await call(owner, 'GET', `/api/collections/${collectionId}/links`));
    expect(links.map((l) => l.includeNames).sort()).toEqual([false, true]);
    // its photos are shared (the gallery's marks, and isPublic as read), the others not
    const shared = await ok<{ photoIds: number[] }>(await call(owner, 'GET', '/api/collections/shared-items'));
    expect(shared.photoIds).toEqual([photoIds[0]!, photoIds[1]!, photoIds[3]!].sort((a, b) => a - b));
    const photo = async (id: number) => ok<{ isPublic: boolean }>(await call(owner, 'GET', `/api/photos/${id}`));
    expect((await photo(photoIds[3]!)).isPublic).toBe(true);
    expect((await photo(photoIds[2]!)).isPublic).toBe(false);
  });

  it('reaches a signed-in recipient under Shared with me, counted and covered by the person’s photos', async () => {
    const recipient = await signUp(t.app, { email: 'tom.king@example.com' });
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, recipient.user.id));
    const contact = await ok<{ id: number }>(
      await call(owner, 'POST', '/api/contacts', {
        firstName: 'Tom',
        lastName: 'King',
        relationship: 'family',
        email: 'tom.king@example.com',
      }),
      201,
    );
    await ok(await call(owner, 'POST', `/api/collections/${collectionId}/links`, { kind: 'personal', contactId: contact.id }), 201);
    const [group] = await ok<SharedWithMe>(await call(recipient, 'GET', '/api/shared-with-me'));
    const listed = group!.collections[0]!;
    expect(listed).toMatchObject({ title: 'Our family', itemCount: 3 });
    // the chosen cover, by the photo's own id under this grant
    expect(listed.coverUrl).toBe(`/api/shared-with-me/${listed.grantId}/photos/${photoIds[1]}/thumbnail`);
    const view = await ok<SharedCollection>(await call(recipient, 'GET', `/api/shared-with-me/${listed.grantId}`));
    expect(view.photos.map((p) => p.id).sort()).toEqual([photoIds[0], photoIds[1], photoIds[3]].sort());
    expect(view.photos.flatMap((p) => p.people)).toEqual([]);
  });

  it('the Legacy Plan releases it to an heir like any collection, names only when the release includes them', async () => {
    const contactId = (
      await ok<{ id: number }>(
        await call(owner, 'POST', '/api/contacts', {
          firstName: 'Grace',
          lastName: 'King',
          relationship: 'family',
          email: 'grace@example.com',
        }),
        201,
      )
    ).id;
    const heirId = (await ok<{ id: number }>(await call(owner, 'POST', '/api/legacy/heirs', { contactId }), 201)).id;
    const { keyCode } = await ok<{ keyCode: string }>(await call(owner, 'POST', `/api/legacy/heirs/${heirId}/key-code`));
    const release = async (includeNames?: boolean) =>
      ok<Release>(
        await call(owner, 'POST', '/api/legacy/releases', {
          heirId,
          collectionId,
          ...(includeNames === undefined ? {} : { includeNames }),
        }),
        201,
      );
    const named = await release(true);
    const unnamedRelease = await release();
    expect(named).toMatchObject({ includeNames: true, target: { kind: 'collection', id: collectionId, title: 'Our family' } });
    expect(unnamedRelease.includeNames).toBe(false);
    // what the trigger does when the owner's death is confirmed
    for (const id of [named.id, unnamedRelease.id]) {
      await t.db
        .update(grants)
        .set({ releasedAt: new Date(Date.now() - 1000) })
        .where(eq(grants.id, id));
    }

    const opened = await t.app.inject({ method: 'POST', url: '/api/legacy/open', payload: { keyCode }, remoteAddress: '203.0.113.9' });
    const cookie = `heirloom_heir=${opened.cookies.find((c) => c.name === 'heirloom_heir')!.value}`;
    const received = (await t.app.inject({ method: 'GET', url: '/api/legacy/received', headers: { cookie } })).json() as Received;
    expect(received.releases.map((r) => r.grantId).sort()).toEqual([named.id, unnamedRelease.id].sort());
    const open = async (grantId: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/legacy/received/${grantId}`, headers: { cookie } })).json() as SharedCollection;
    const withNames = await open(named.id);
    expect(withNames.photos.map((p) => p.id).sort()).toEqual([photoIds[0], photoIds[1], photoIds[3]].sort());
    expect(withNames.photos.find((p) => p.id === photoIds[0])!.people.map((p) => p.name)).toEqual(['Mum', 'Grandma Rose']);
    const withoutNames = await open(unnamedRelease.id);
    expect(withoutNames.photos.flatMap((p) => p.people)).toEqual([]);
    const photo = await t.app.inject({ method: 'GET', url: withoutNames.photos[0]!.thumbnailUrl, headers: { cookie } });
    expect(photo.statusCode).toBe(200);
  });

  it('follows a merge into another person, and becomes an ordinary, empty collection when its person is gone', async () => {
    await ok(await call(owner, 'POST', `/api/people/${grandma}/merge`, { intoId: mum }));
    const merged = await detail();
    expect(merged.person).toEqual({ id: mum, name: 'Mum' });
    expect(merged.photos.map((p) => p.id).sort()).toEqual([photoIds[0], photoIds[1], photoIds[2], photoIds[3]].sort());

    await t.db.delete(people).where(eq(people.id, mum));
    const left = await detail();
    expect(left).toMatchObject({ person: null, photoCount: 0, photos: [] });
    expect((await call(owner, 'GET', `/api/collections/${collectionId}/links`)).json()).toHaveLength(3);
  });
});
