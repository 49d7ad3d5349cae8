// Keeping a release and what becomes of the owner's account after it (decision 078): two accounts on one server,
// Rose who leaves things and Tom, her heir, with his own account. Real app, PostgreSQL, files and SMTP.
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grants, legacyKeeps, legacyKeptItems, legacyPlans, memories, photos, users } from '@server/db/schema';
import { multipart, signUp } from '@tests/helpers/server';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';

type Actor = Awaited<ReturnType<typeof signUp>>;

const RELEASED = new Date('2026-05-02T09:00:00Z');
const PROVENANCE = 'From Rose Martin’s legacy, released 2 May 2026';

let t: MailTestApp;
beforeAll(async () => {
  // 1 MB each: enough for the tiny files here, and easy to fill for the refusal
  t = await buildTestAppWithSmtp({ STORAGE_QUOTA_MB: '1' });
});
afterAll(() => t.close());

async function ok(who: Actor, method: string, url: string, payload?: object | ReturnType<typeof multipart>) {
  const form = payload && 'payload' in payload && Buffer.isBuffer(payload.payload) ? (payload as ReturnType<typeof multipart>) : undefined;
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: { cookie: who.cookie, ...(form?.headers ?? {}) },
    ...(payload ? { payload: form ? form.payload : (payload as object) } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json() as { id: number } & Record<string, unknown>;
}

const call = (who: Actor, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

const jpeg = (background: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .jpeg()
    .toBuffer();

const photoForm = async (name: string, colour: string) =>
  multipart([{ name: 'photo', filename: name, content: await jpeg(colour), contentType: 'image/jpeg' }]);

/** An owner who released a collection (a photo, a memory with an attachment) to an heir with that address. */
async function ownerWithRelease(heirEmail: string, firstName = 'Rose') {
  const owner = await signUp(t.app, { firstName, surname: 'Martin' });
  const photo = await ok(owner, 'POST', '/api/photos', await photoForm('garden.jpg', '#3a7bc0'));
  const photoId = Number((photo as unknown as Array<{ id: number }>)[0]?.id ?? photo.id);
  const memory = await ok(owner, 'POST', '/api/memories', { title: 'The lake', content: 'We swam', eventDate: '1999-07-04', tags: [] });
  await ok(
    owner,
    'POST',
    `/api/memories/${memory.id}/attachments`,
    multipart([{ name: 'attachments', filename: 'lake.jpg', content: await jpeg('#a33'), contentType: 'image/jpeg' }]),
  );
  const collection = await ok(owner, 'POST', '/api/collections', { title: 'The garden' });
  await ok(owner, 'POST', `/api/collections/${collection.id}/items`, { photoIds: [photoId], memoryIds: [memory.id] });
  const contact = await ok(owner, 'POST', '/api/contacts', {
    firstName: 'Tom',
    lastName: 'Martin',
    relationship: 'family',
    email: heirEmail,
  });
  const heir = await ok(owner, 'POST', '/api/legacy/heirs', { contactId: contact.id });
  const { keyCode } = (await ok(owner, 'POST', `/api/legacy/heirs/${heir.id}/key-code`)) as unknown as { keyCode: string };
  const grant = await ok(owner, 'POST', '/api/legacy/releases', { heirId: heir.id, collectionId: collection.id });
  // what the trigger does when the plan is released
  await t.db.update(grants).set({ releasedAt: RELEASED }).where(eq(grants.id, grant.id));
  const opened = await t.app.inject({ method: 'POST', url: '/api/legacy/open', payload: { keyCode } });
  const cookie = opened.cookies.find((c) => c.name === 'heirloom_heir');
  return { owner, grantId: grant.id, heirCookie: `heirloom_heir=${cookie!.value}` };
}

const keep = (cookie: string, grantId: number) =>
  t.app.inject({ method: 'POST', url: `/api/legacy/received/${grantId}/keep`, headers: { cookie } });
const both = (who: Actor, heirCookie: string) => `${who.cookie}; ${heirCookie}`;
const listOf = async (who: Actor, url: string) => (await call(who, 'GET', url)).json() as Array<{ id: number }>;

describe('keeping a release in the heir’s own library', () => {
  let tom: Actor;
  let rose: Awaited<ReturnType<typeof ownerWithRelease>>;

  beforeAll(async () => {
    tom = await signUp(t.app, { firstName: 'Tom', surname: 'Martin' });
    rose = await ownerWithRelease(tom.email);
  });

  it('needs both the heir’s cookie and a signed-in account', async () => {
    expect((await keep(rose.heirCookie, rose.grantId)).statusCode).toBe(401);
    expect((await keep(tom.cookie, rose.grantId)).statusCode).toBe(401);
  });

  it('copies the photo and the memory with its attachment into Tom’s library, with their provenance, in his quota', async () => {
    const before = (await call(tom, 'GET', '/api/user/storage')).json() as { usedBytes: number };
    const res = await keep(both(tom, rose.heirCookie), rose.grantId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'kept', itemsTotal: 3, itemsDone: 3, provenance: PROVENANCE, error: null });

    const [photo] = await listOf(tom, '/api/photos');
    const [memory] = await listOf(tom, '/api/memories');
    expect(photo).toMatchObject({ provenance: PROVENANCE });
    expect(memory).toMatchObject({ title: 'The lake', content: 'We swam', eventDate: '1999-07-04', provenance: PROVENANCE });
    expect(await listOf(tom, `/api/memories/${memory!.id}/attachments`)).toHaveLength(1);
    const rows = await t.db.select({ provenance: photos.provenance, userId: photos.userId }).from(photos).where(eq(photos.id, photo!.id));
    expect(rows[0]).toEqual({ provenance: PROVENANCE, userId: tom.user.id });
    const [kept] = await t.db.select({ provenance: memories.provenance }).from(memories).where(eq(memories.id, memory!.id));
    expect(kept?.provenance).toBe(PROVENANCE);
    const after = (await call(tom, 'GET', '/api/user/storage')).json() as { usedBytes: number };
    expect(after.usedBytes).toBeGreaterThan(before.usedBytes);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/legacy/received/${rose.grantId}/keep`,
      headers: { cookie: both(tom, rose.heirCookie) },
    });
    expect(status.json()).toMatchObject({ status: 'kept' });
  });

  it('says the provenance in the heir’s language and date format, the copies keeping the English line', async () => {
    expect((await call(tom, 'PUT', '/api/user/language', { language: 'de' })).statusCode).toBe(200);
    try {
      const status = await t.app.inject({
        method: 'GET',
        url: `/api/legacy/received/${rose.grantId}/keep`,
        headers: { cookie: both(tom, rose.heirCookie) },
      });
      expect(status.json()).toMatchObject({ provenance: 'Aus dem Nachlass von Rose Martin, freigegeben am 2. Mai 2026' });
      const [photo] = await t.db.select({ provenance: photos.provenance }).from(photos).where(eq(photos.userId, tom.user.id));
      expect(photo?.provenance).toBe(PROVENANCE);
    } finally {
      await call(tom, 'PUT', '/api/user/language', { language: null });
    }
  });

  it('copies nothing more when kept a second time', async () => {
    const res = await keep(both(tom, rose.heirCookie), rose.grantId);
    expect(res.json()).toMatchObject({ status: 'kept', itemsDone: 3 });
    expect(await listOf(tom, '/api/photos')).toHaveLength(1);
    expect(await listOf(tom, '/api/memories')).toHaveLength(1);
  });

  it('goes on after a kill between a copy and its record on the queue’s try, copying nothing twice', async () => {
    const [keep] = await t.db.select().from(legacyKeeps).where(eq(legacyKeeps.userId, tom.user.id));
    // the photo was copied but the try stopped before it was recorded
    await t.db.delete(legacyKeptItems).where(and(eq(legacyKeptItems.keepId, keep!.id), eq(legacyKeptItems.kind, 'photo')));
    await t.db.update(legacyKeeps).set({ status: 'copying' }).where(eq(legacyKeeps.id, keep!.id));
    const [heir] = (await call(rose.owner, 'GET', '/api/legacy/heirs')).json() as Array<{ id: number }>;
    await t.app.services.legacyKeep.runQueued({ userId: tom.user.id, heirId: heir!.id, grantId: rose.grantId });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/legacy/received/${rose.grantId}/keep`,
      headers: { cookie: both(tom, rose.heirCookie) },
    });
    expect(status.json()).toMatchObject({ status: 'kept', itemsDone: 3 });
    expect(await listOf(tom, '/api/photos')).toHaveLength(1);
    expect(await listOf(tom, '/api/memories')).toHaveLength(1);
  });

  it('answers 404 for a release that went to another heir', async () => {
    const other = await ownerWithRelease('someone-else@example.com', 'Iris');
    expect((await keep(both(tom, rose.heirCookie), other.grantId)).statusCode).toBe(404);
  });

  it('keeps Tom’s copies and their files when Rose’s account is deleted, and he can release them to his own heir', async () => {
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { cookie: rose.owner.cookie },
      payload: { password: rose.owner.password },
    });
    expect(gone.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, rose.owner.user.id))).toEqual([]);

    const [photo] = await listOf(tom, '/api/photos');
    const original = await call(tom, 'GET', `/api/photos/${photo!.id}/original`);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.length).toBeGreaterThan(100);
    const [memory] = await listOf(tom, '/api/memories');
    const [attachment] = await listOf(tom, `/api/memories/${memory!.id}/attachments`);
    const file = await call(tom, 'GET', `/api/memories/${memory!.id}/attachments/${attachment!.id}/file`);
    expect(file.statusCode).toBe(200);

    // re-gift: the kept photo is Tom's own, so it goes into his Legacy Plan like any other
    const lily = await ok(tom, 'POST', '/api/contacts', {
      firstName: 'Lily',
      lastName: 'Martin',
      relationship: 'family',
      email: 'lily@example.com',
    });
    const heir = await ok(tom, 'POST', '/api/legacy/heirs', { contactId: lily.id });
    const regift = await call(tom, 'POST', '/api/legacy/releases', { heirId: heir.id, photoId: photo!.id });
    expect(regift.statusCode).toBe(201);
  });

  it('refuses with 409 and copies nothing when the release does not fit in the heir’s storage', async () => {
    const sam = await signUp(t.app, { firstName: 'Sam', surname: 'Martin' });
    const owner = await ownerWithRelease(sam.email, 'Ruth');
    // fill Sam's 1 MB to within a few bytes of the release's size
    const filler = Buffer.alloc(1024 * 1024 - 300, 'a');
    await ok(sam, 'POST', '/api/vault', multipart([{ name: 'file', filename: 'filler.txt', content: filler, contentType: 'text/plain' }]));
    const res = await keep(both(sam, owner.heirCookie), owner.grantId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^These need .+ and your storage has .+ left \(.+ of 1 MB used\)\. Make room in your library, or use Download everything instead\.$/,
    );
    expect(await listOf(sam, '/api/photos')).toEqual([]);
    expect(await listOf(sam, '/api/memories')).toEqual([]);
  });
});

describe('deleting the owner’s account after the release', () => {
  it('mails the heirs the date twice, then deletes the account, by an injected clock', async () => {
    const heirEmail = 'tom-timer@example.com';
    const rose = await ownerWithRelease(heirEmail, 'Rosa');
    const put = await call(rose.owner, 'PUT', '/api/legacy/after-release', { choice: 'delete', deleteAfterMonths: 3 });
    expect(put.json()).toEqual({ choice: 'delete', deleteAfterMonths: 3, deleteAt: null });
    await t.db.insert(legacyPlans).values({ userId: rose.owner.user.id, state: 'released', releasedAt: RELEASED });

    // the hourly job's look, at the times the test names
    let clock = new Date(RELEASED.getTime() + 60 * 60 * 1000);
    const timer = { runDue: () => t.app.services.afterRelease.runDue(clock) };
    const at = (iso: string) => (clock = new Date(iso));

    await timer.runDue();
    const first = await t.smtp.waitForMail(heirEmail, { subject: 'Rosa Martin’s heirloom account will be deleted on 2 August 2026' });
    expect(first.text).toContain('/legacy');
    expect((await call(rose.owner, 'GET', '/api/legacy/after-release')).json()).toMatchObject({ deleteAt: '2026-08-02T09:00:00.000Z' });

    at('2026-06-15T00:00:00Z');
    await timer.runDue();
    at('2026-07-03T10:00:00Z'); // 30 days before
    await timer.runDue();
    const second = await t.smtp.waitForMail(heirEmail, {
      subject: /^Reminder: Rosa Martin’s heirloom account will be deleted on 2 August 2026$/,
    });
    expect(second.text).toContain('30 days from now');
    expect(t.smtp.mailTo(heirEmail)).toHaveLength(2);

    at('2026-08-01T09:00:00Z');
    await timer.runDue();
    expect(await t.db.select().from(users).where(eq(users.id, rose.owner.user.id))).toHaveLength(1);
    at('2026-08-02T10:00:00Z');
    await timer.runDue();
    expect(await t.db.select().from(users).where(eq(users.id, rose.owner.user.id))).toEqual([]);
    expect(t.smtp.mailTo(heirEmail)).toHaveLength(2);
  });

  it('keeps a memorial by default: nothing is dated and nothing deleted', async () => {
    const owner = await signUp(t.app);
    expect((await call(owner, 'GET', '/api/legacy/after-release')).json()).toEqual({
      choice: 'memorial',
      deleteAfterMonths: null,
      deleteAt: null,
    });
    const bad = await call(owner, 'PUT', '/api/legacy/after-release', { choice: 'delete', deleteAfterMonths: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose between 3 and 24 months.');
  });
});
