// The owner's side of sharing (decision 025): collections, their items, their links and what they change
// elsewhere (isPublic, "shared" marks), over the real app and database, with mail read back from a real SMTP server.
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARING_MESSAGES } from '@shared/schemas/sharing';
import { collectionItems, collections, grants } from '@server/db/schema';
import { multipart, signUp } from '@tests/helpers/server';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';

type Session = Awaited<ReturnType<typeof signUp>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe('/api/collections', () => {
  let t: MailTestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await buildTestAppWithSmtp();
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c96' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const call = (who: Session | undefined, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  async function ok<T = Record<string, unknown>>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  }

  async function photo(who: Session): Promise<number> {
    const form = multipart([{ name: 'photo', filename: 'a.png', content: png, contentType: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { cookie: who.cookie, ...form.headers },
      payload: form.payload,
    });
    return (await ok<{ id: number }>(res, 201)).id;
  }
  async function memory(who: Session, title = 'Picnic'): Promise<number> {
    const body = { title, content: 'By the lake', eventDate: '1999-07-04', isPublic: false, tags: [] };
    return (await ok<{ id: number }>(await call(who, 'POST', '/api/memories', body), 201)).id;
  }
  async function document(who: Session): Promise<number> {
    const form = multipart([{ name: 'file', filename: 'letter.txt', content: Buffer.from('Dear reader'), contentType: 'text/plain' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vault',
      headers: { cookie: who.cookie, ...form.headers },
      payload: form.payload,
    });
    return (await ok<{ id: number }>(res, 201)).id;
  }
  async function contact(who: Session, email: string | null = `kin-${Math.random().toString(36).slice(2)}@example.com`) {
    const body = { firstName: 'Mary', lastName: 'Shelley', relationship: 'family', ...(email ? { email } : {}) };
    return (await ok<{ id: number; email: string | null }>(await call(who, 'POST', '/api/contacts', body), 201)) as {
      id: number;
      email: string;
    };
  }
  const create = async (who: Session, body: object = { title: 'Summer 1999' }) =>
    ok<{ id: number } & Record<string, unknown>>(await call(who, 'POST', '/api/collections', body), 201);
  const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  /** Every row of the three sharing tables, to prove a refused request changed nothing. */
  async function sharingRows() {
    const digest = async (table: typeof collections | typeof collectionItems | typeof grants) =>
      (await t.db.select({ n: sql<string>`md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), ''))` }).from(sql`${table} x`))[0]!.n;
    return [await digest(collections), await digest(collectionItems), await digest(grants)];
  }

  it('requires a session on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/collections'],
      ['POST', '/api/collections'],
      ['GET', '/api/collections/shared-items'],
      ['GET', '/api/collections/1'],
      ['POST', '/api/collections/1/links'],
    ] as Array<[Method, string]>) {
      expect((await call(undefined, method, url, method === 'POST' ? { title: 'x' } : undefined)).statusCode, url).toBe(401);
    }
  });

  it('creates, lists newest first, reads, renames and deletes a collection', async () => {
    const me = await signUp(t.app);
    const first = await create(me, { title: '  Summer 1999 ', description: 'At the lake' });
    expect(first).toMatchObject({
      title: 'Summer 1999',
      description: 'At the lake',
      coverPhotoId: null,
      coverUrl: null,
      photoCount: 0,
      memoryCount: 0,
      documentCount: 0,
      linkCount: 0,
    });
    const second = await create(me, { title: 'Winter' });
    expect(second.description).toBeNull();
    const list = await ok<Array<{ id: number }>>(await call(me, 'GET', '/api/collections'));
    expect(list.map((c) => c.id)).toEqual([second.id, first.id]);

    const detail = await ok(await call(me, 'GET', `/api/collections/${first.id}`));
    expect(detail).toMatchObject({ id: first.id, photos: [], memories: [], documents: [] });

    const renamed = await ok(await call(me, 'PATCH', `/api/collections/${first.id}`, { title: 'Summer', description: null }));
    expect(renamed).toMatchObject({ title: 'Summer', description: null });
    const kept = await ok(await call(me, 'PATCH', `/api/collections/${first.id}`, {}));
    expect(kept).toMatchObject({ title: 'Summer', description: null });

    const blank = await call(me, 'POST', '/api/collections', { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(SHARING_MESSAGES.titleRequired);

    expect((await call(me, 'DELETE', `/api/collections/${first.id}`)).statusCode).toBe(204);
    expect((await call(me, 'GET', `/api/collections/${first.id}`)).statusCode).toBe(404);
    expect((await call(me, 'DELETE', `/api/collections/${first.id}`)).statusCode).toBe(404);
  });

  it('adds and removes the owner’s items; duplicates are fine; the detail shows them in the owner’s shapes', async () => {
    const me = await signUp(t.app);
    const c = await create(me);
    const [p1, p2, m1, d1] = [await photo(me), await photo(me), await memory(me), await document(me)];

    const added = await ok(
      await call(me, 'POST', `/api/collections/${c.id}/items`, { photoIds: [p1, p2], memoryIds: [m1], documentIds: [d1] }),
    );
    expect(added).toMatchObject({
      photoCount: 2,
      memoryCount: 1,
      documentCount: 1,
      coverPhotoId: null,
      coverUrl: `/api/photos/image/${p1}?size=thumb`,
    });
    const again = await ok(await call(me, 'POST', `/api/collections/${c.id}/items`, { photoIds: [p1, p1], memoryIds: [m1] }));
    expect(again).toMatchObject({ photoCount: 2, memoryCount: 1, documentCount: 1 });

    const detail = await ok<{
      photos: Array<Record<string, unknown>>;
      memories: Array<Record<string, unknown>>;
      documents: Array<Record<string, unknown>>;
    }>(await call(me, 'GET', `/api/collections/${c.id}`));
    const gallery = await ok<Array<Record<string, unknown>>>(await call(me, 'GET', '/api/photos'));
    expect(detail.photos.map((p) => p.id)).toEqual([p1, p2]);
    expect(detail.photos[0]).toEqual(gallery.find((p) => p.id === p1));
    const memories = await ok<Array<Record<string, unknown>>>(await call(me, 'GET', '/api/memories'));
    expect(detail.memories).toEqual(memories);
    const vault = await ok<Array<Record<string, unknown>>>(await call(me, 'GET', '/api/vault'));
    expect(detail.documents).toEqual(vault);

    const empty = await call(me, 'POST', `/api/collections/${c.id}/items`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(SHARING_MESSAGES.nothingToChange);
    expect((await call(me, 'POST', `/api/collections/${c.id}/items`, { photoIds: [] })).statusCode).toBe(400);
    expect((await call(me, 'POST', `/api/collections/${c.id}/items`, { photoIds: ['1'] })).statusCode).toBe(400);

    const removed = await ok(await call(me, 'DELETE', `/api/collections/${c.id}/items`, { photoIds: [p1], documentIds: [d1] }));
    expect(removed).toMatchObject({ photoCount: 1, memoryCount: 1, documentCount: 0, coverUrl: `/api/photos/image/${p2}?size=thumb` });
    // an item of the owner that is not in the collection: nothing to remove, no error
    expect((await call(me, 'DELETE', `/api/collections/${c.id}/items`, { photoIds: [p1] })).statusCode).toBe(200);

    // deleting an item removes it from every collection
    expect((await call(me, 'DELETE', `/api/memories/${m1}`)).statusCode).toBe(204);
    expect(await ok(await call(me, 'GET', `/api/collections/${c.id}`))).toMatchObject({ memoryCount: 0, memories: [] });
  });

  it('refuses another user’s items with 404 and adds nothing, not even the user’s own items in the same request', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const c = await create(me);
    const mine = await photo(me);
    const [theirPhoto, theirMemory, theirDoc] = [await photo(other), await memory(other), await document(other)];
    for (const body of [
      { photoIds: [mine, theirPhoto] },
      { memoryIds: [theirMemory] },
      { documentIds: [theirDoc] },
      { photoIds: [2_000_000_000] },
    ]) {
      const before = await sharingRows();
      const res = await call(me, 'POST', `/api/collections/${c.id}/items`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(await sharingRows()).toEqual(before);
    }
    expect((await call(me, 'DELETE', `/api/collections/${c.id}/items`, { photoIds: [theirPhoto] })).statusCode).toBe(404);
  });

  it('concurrent adds, an item deleted and the collection deleted meanwhile: clean answers and no orphans', async () => {
    const me = await signUp(t.app);
    const c = await create(me);
    const photos = [await photo(me), await photo(me), await photo(me)];
    const memories = [await memory(me), await memory(me)];

    const same = await Promise.all(
      Array.from({ length: 8 }, () => call(me, 'POST', `/api/collections/${c.id}/items`, { photoIds: photos, memoryIds: memories })),
    );
    expect(same.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await ok(await call(me, 'GET', `/api/collections/${c.id}`))).toMatchObject({ photoCount: 3, memoryCount: 2 });

    const k = await kinLinkRace(me, c.id);
    expect(k.sort()).toEqual([201, 409, 409, 409, 409, 409]);

    const racing = await Promise.all([
      ...Array.from({ length: 6 }, () => call(me, 'POST', `/api/collections/${c.id}/items`, { photoIds: photos, memoryIds: memories })),
      call(me, 'DELETE', `/api/memories/${memories[0]}`),
      call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'public' }),
      call(me, 'DELETE', `/api/collections/${c.id}`),
      ...Array.from({ length: 6 }, () => call(me, 'POST', `/api/collections/${c.id}/items`, { photoIds: photos })),
    ]);
    for (const res of racing) expect([200, 201, 204, 404], res.body).toContain(res.statusCode);
    expect(await t.db.select().from(collectionItems).where(eq(collectionItems.collectionId, c.id))).toEqual([]);
    expect(await t.db.select().from(grants).where(eq(grants.collectionId, c.id))).toEqual([]);
  });

  /** One contact sent the same personal link six times at once: one link, the rest told it exists. */
  async function kinLinkRace(me: Session, collectionId: number) {
    const kin = await contact(me);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(me, 'POST', `/api/collections/${collectionId}/links`, { kind: 'personal', contactId: kin.id })),
    );
    return answers.map((r) => r.statusCode);
  }

  it('a cover must be a photo in the collection; without one the first photo is the cover', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const c = await create(me);
    const [p1, p2, outside] = [await photo(me), await photo(me), await photo(me)];
    await ok(await call(me, 'POST', `/api/collections/${c.id}/items`, { photoIds: [p1, p2] }));

    const chosen = await ok(await call(me, 'PATCH', `/api/collections/${c.id}`, { coverPhotoId: p2 }));
    expect(chosen).toMatchObject({ coverPhotoId: p2, coverUrl: `/api/photos/image/${p2}?size=thumb` });
    for (const coverPhotoId of [outside, await photo(other)]) {
      const res = await call(me, 'PATCH', `/api/collections/${c.id}`, { coverPhotoId, title: 'Not applied' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The cover must be a photo in this collection.');
    }
    expect(await ok(await call(me, 'GET', `/api/collections/${c.id}`))).toMatchObject({ coverPhotoId: p2, title: 'Summer 1999' });

    // taking the cover out of the collection (or deleting the photo) falls back to the first photo
    await ok(await call(me, 'DELETE', `/api/collections/${c.id}/items`, { photoIds: [p2] }));
    expect(await ok(await call(me, 'GET', `/api/collections/${c.id}`))).toMatchObject({
      coverPhotoId: null,
      coverUrl: `/api/photos/image/${p1}?size=thumb`,
    });
    await ok(await call(me, 'PATCH', `/api/collections/${c.id}`, { coverPhotoId: p1 }));
    expect((await call(me, 'DELETE', `/api/photos/${p1}`)).statusCode).toBe(204);
    expect(await ok(await call(me, 'GET', `/api/collections/${c.id}`))).toMatchObject({
      coverPhotoId: null,
      coverUrl: null,
      photoCount: 0,
    });
    expect(await ok(await call(me, 'PATCH', `/api/collections/${c.id}`, { coverPhotoId: null }))).toMatchObject({ coverPhotoId: null });
  });

  it('a personal link is mailed to the contact, its URL is absolute under PUBLIC_URL, and only the nonce and hash are stored', async () => {
    const me = await signUp(t.app, { firstName: 'Ada', surname: 'Lovelace' });
    const c = await create(me, { title: 'Summer 1999', description: 'Our week at the lake' });
    const kin = await contact(me);
    const expiresAt = inFuture(30);

    const made = await ok<{ id: number; url: string }>(
      await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'personal', contactId: kin.id, expiresAt }),
      201,
    );
    const prefix = `${t.env.PUBLIC_URL}/s/`;
    expect(made.url.startsWith(prefix), made.url).toBe(true);
    const token = made.url.slice(prefix.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    const mail = await t.smtp.waitForMail(kin.email, { subject: "Ada Lovelace shared 'Summer 1999' with you" });
    expect(mail.text).toContain(made.url);
    expect(mail.text).toContain('Our week at the lake');
    expect(mail.text).toContain(new Date(expiresAt).toUTCString());
    expect(mail.text).toContain('You do not need an account');
    expect(mail.text).toContain('Shared with me');

    const [row] = await t.db.select().from(grants).where(eq(grants.id, made.id));
    expect(row).toMatchObject({ linkKind: 'personal', contactId: kin.id, userId: me.user.id, collectionId: c.id, passwordHash: null });
    expect(row!.tokenHash).toBe(t.app.linkTokens.hash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // Copy link: the same URL again, recomputed from the nonce
    const links = await ok<Array<Record<string, unknown>>>(await call(me, 'GET', `/api/collections/${c.id}/links`));
    expect(links).toEqual([
      expect.objectContaining({
        id: made.id,
        kind: 'personal',
        url: made.url,
        contact: { id: kin.id, name: 'Mary Shelley', email: kin.email },
        hasPassword: false,
        includePlaces: false,
        expiresAt: new Date(expiresAt).toISOString(),
        lastOpenedAt: null,
        viewCount: 0,
      }),
    ]);
    expect(await ok(await call(me, 'GET', `/api/collections/${c.id}`))).toMatchObject({ linkCount: 1 });

    const twice = await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'personal', contactId: kin.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SHARING_MESSAGES.alreadyShared);
  });

  it('a personal link needs the owner’s contact with an e-mail address', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const c = await create(me);
    const noEmail = await contact(me, null);
    const theirs = await contact(other);
    const before = await sharingRows();

    const missing = await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'personal' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(SHARING_MESSAGES.contactRequired);
    const without = await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'personal', contactId: noEmail.id });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(SHARING_MESSAGES.noEmail);
    expect((await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'personal', contactId: theirs.id })).statusCode).toBe(404);
    const withPassword = await call(me, 'POST', `/api/collections/${c.id}/links`, {
      kind: 'personal',
      contactId: noEmail.id,
      password: 'x',
    });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().message).toContain(SHARING_MESSAGES.passwordOnlyPublic);
    expect(await sharingRows()).toEqual(before);
  });

  it('a public link may have a password (argon2id) and an expiry in the future', async () => {
    const me = await signUp(t.app);
    const c = await create(me);
    const made = await ok<{ id: number; url: string }>(
      await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'public', password: 'open sesame', includePlaces: true }),
      201,
    );
    expect(made.url.startsWith(`${t.env.PUBLIC_URL}/s/`)).toBe(true);
    const [row] = await t.db.select().from(grants).where(eq(grants.id, made.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.contactId).toBeNull();

    const plain = await ok<{ id: number; url: string }>(await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'public' }), 201);
    expect(plain.url).not.toBe(made.url);
    const links = await ok<Array<Record<string, unknown>>>(await call(me, 'GET', `/api/collections/${c.id}/links`));
    expect(links.map((l) => [l.id, l.hasPassword, l.includePlaces, l.contact, l.url])).toEqual([
      [plain.id, false, false, null, plain.url],
      [made.id, true, true, null, made.url],
    ]);

    const before = await sharingRows();
    for (const expiresAt of [new Date(Date.now() - 60_000).toISOString(), 'tomorrow', '2030-01-01']) {
      const res = await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'public', expiresAt });
      expect(res.statusCode, expiresAt).toBe(400);
    }
    const past = await call(me, 'POST', `/api/collections/${c.id}/links`, {
      kind: 'public',
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.json().message).toContain(SHARING_MESSAGES.expiryInPast);
    expect((await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'anyone' })).statusCode).toBe(400);
    expect(await sharingRows()).toEqual(before);
  });

  it('revoking deletes the grant; deleting the collection deletes its items and grants', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const c = await create(me);
    const c2 = await create(me, { title: 'Another' });
    await ok(await call(me, 'POST', `/api/collections/${c.id}/items`, { photoIds: [await photo(me)] }));
    const link = await ok<{ id: number }>(await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'public' }), 201);

    const before = await sharingRows();
    expect((await call(other, 'DELETE', `/api/collections/${c.id}/links/${link.id}`)).statusCode).toBe(404);
    expect((await call(me, 'DELETE', `/api/collections/${c2.id}/links/${link.id}`)).statusCode).toBe(404);
    expect(await sharingRows()).toEqual(before);

    expect((await call(me, 'DELETE', `/api/collections/${c.id}/links/${link.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(grants).where(eq(grants.id, link.id))).toEqual([]);
    expect((await call(me, 'DELETE', `/api/collections/${c.id}/links/${link.id}`)).statusCode).toBe(404);
    expect(await ok(await call(me, 'GET', `/api/collections/${c.id}`))).toMatchObject({ linkCount: 0 });

    await ok(await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'public' }), 201);
    expect((await call(me, 'DELETE', `/api/collections/${c.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(grants).where(eq(grants.collectionId, c.id))).toEqual([]);
    expect(await t.db.select().from(collectionItems).where(eq(collectionItems.collectionId, c.id))).toEqual([]);
  });

  it('shared-items lists the owner’s items reachable through a live link, and isPublic follows public links', async () => {
    const me = await signUp(t.app);
    const c = await create(me);
    const [p1, p2, m1, d1] = [await photo(me), await photo(me), await memory(me), await document(me)];
    await ok(await call(me, 'POST', `/api/collections/${c.id}/items`, { photoIds: [p1], memoryIds: [m1], documentIds: [d1] }));
    const isPublic = async () => {
      const photos = await ok<Array<{ id: number; isPublic: boolean }>>(await call(me, 'GET', '/api/photos'));
      const memories = await ok<Array<{ id: number; isPublic: boolean }>>(await call(me, 'GET', '/api/memories'));
      return { p1: photos.find((p) => p.id === p1)!.isPublic, p2: photos.find((p) => p.id === p2)!.isPublic, m1: memories[0]!.isPublic };
    };

    expect(await ok(await call(me, 'GET', '/api/collections/shared-items'))).toEqual({ photoIds: [], memoryIds: [], documentIds: [] });
    expect(await isPublic()).toEqual({ p1: false, p2: false, m1: false });

    // a personal link shares the items but does not make them public
    const kin = await contact(me);
    const personal = await ok<{ id: number }>(
      await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'personal', contactId: kin.id }),
      201,
    );
    expect(await ok(await call(me, 'GET', '/api/collections/shared-items'))).toEqual({
      photoIds: [p1],
      memoryIds: [m1],
      documentIds: [d1],
    });
    expect(await isPublic()).toEqual({ p1: false, p2: false, m1: false });

    const pub = await ok<{ id: number }>(await call(me, 'POST', `/api/collections/${c.id}/links`, { kind: 'public' }), 201);
    expect(await isPublic()).toEqual({ p1: true, p2: false, m1: true });
    expect(await ok(await call(me, 'GET', `/api/collections/${c.id}`))).toMatchObject({
      photos: [expect.objectContaining({ id: p1, isPublic: true })],
      memories: [expect.objectContaining({ id: m1, isPublic: true })],
    });
    // the PATCH answers read isPublic the same way; writing false gives no access and takes none away
    expect(await ok(await call(me, 'PATCH', `/api/photos/${p1}`, { title: 'Renamed' }))).toMatchObject({ isPublic: true });
    expect(await ok(await call(me, 'PATCH', `/api/memories/${m1}`, { isPublic: false }))).toMatchObject({ isPublic: true });

    // an expired grant counts for nothing
    await t.db
      .update(grants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(grants.id, pub.id));
    expect(await isPublic()).toEqual({ p1: false, p2: false, m1: false });
    await t.db.update(grants).set({ expiresAt: null }).where(eq(grants.id, pub.id));
    expect(await isPublic()).toEqual({ p1: true, p2: false, m1: true });

    expect((await call(me, 'DELETE', `/api/collections/${c.id}/links/${pub.id}`)).statusCode).toBe(204);
    expect(await isPublic()).toEqual({ p1: false, p2: false, m1: false });
    expect((await call(me, 'DELETE', `/api/collections/${c.id}/links/${personal.id}`)).statusCode).toBe(204);
    expect(await ok(await call(me, 'GET', '/api/collections/shared-items'))).toEqual({ photoIds: [], memoryIds: [], documentIds: [] });
  });

  it('another user’s collection, link and ids are 404 on every route and change nothing', async () => {
    const victim = await signUp(t.app);
    const attacker = await signUp(t.app);
    const c = await create(victim);
    const p = await photo(victim);
    await ok(await call(victim, 'POST', `/api/collections/${c.id}/items`, { photoIds: [p] }));
    const link = await ok<{ id: number }>(await call(victim, 'POST', `/api/collections/${c.id}/links`, { kind: 'public' }), 201);
    const own = await create(attacker, { title: 'Mine' });
    const attackerContact = await contact(attacker);
    const attackerPhoto = await photo(attacker);

    const attacks: Array<[Method, string, object?]> = [
      ['GET', `/api/collections/${c.id}`],
      ['PATCH', `/api/collections/${c.id}`, { title: 'Taken' }],
      ['DELETE', `/api/collections/${c.id}`],
      ['POST', `/api/collections/${c.id}/items`, { photoIds: [attackerPhoto] }],
      ['DELETE', `/api/collections/${c.id}/items`, { photoIds: [p] }],
      ['POST', `/api/collections/${own.id}/items`, { photoIds: [p] }],
      ['POST', `/api/collections/${c.id}/links`, { kind: 'public' }],
      ['POST', `/api/collections/${c.id}/links`, { kind: 'personal', contactId: attackerContact.id }],
      ['GET', `/api/collections/${c.id}/links`],
      ['DELETE', `/api/collections/${c.id}/links/${link.id}`],
      ['DELETE', `/api/collections/${own.id}/links/${link.id}`],
      ['PATCH', `/api/collections/${own.id}`, { coverPhotoId: p }],
    ];
    for (const [method, url, body] of attacks) {
      const before = await sharingRows();
      const res = await call(attacker, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(method === 'PATCH' && url.includes(String(own.id)) ? 400 : 404);
      expect(res.body).not.toContain('Summer');
      expect(await sharingRows(), `${method} ${url}`).toEqual(before);
    }
    expect((await ok<unknown[]>(await call(attacker, 'GET', '/api/collections'))).length).toBe(1);
    expect(await ok(await call(attacker, 'GET', '/api/collections/shared-items'))).toEqual({
      photoIds: [],
      memoryIds: [],
      documentIds: [],
    });
  });
});
