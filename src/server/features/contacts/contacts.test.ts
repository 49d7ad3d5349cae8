import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;

describe('/api/contacts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const create = (who: Session, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/contacts', headers: { cookie: who.cookie }, payload });
  const update = (who: Session, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/contacts/${id}`, headers: { cookie: who.cookie }, payload });
  const remove = (who: Session, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/contacts/${id}`, headers: { cookie: who.cookie } });
  const list = async (who: Session, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/contacts${query}`, headers: { cookie: who.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };
  const ann = { firstName: 'Ann', lastName: 'Lee', relationship: 'friend' };
  /** A user whose address is proven (links rest on verified addresses only). */
  const verifiedUser = async () => {
    const user = await signUp(t.app);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.user.id));
    return user;
  };
  /** The token of the verification link heirloom mailed to `email` (no SMTP_URL: DATA_DIR/outbox). */
  const verificationToken = async (email: string) => {
    const outbox = path.join(t.dataDir, 'outbox');
    for (let i = 0; i < 100; i++) {
      for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
        const text = fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
        const match = /verify-email\?token=3D([A-Za-z0-9_-]{43})|verify-email\?token=([A-Za-z0-9_-]{43})/.exec(text);
        if (match && text.includes(email)) return match[1] ?? match[2]!;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no verification mail for ${email}`);
  };

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contacts' });
    expect(res.statusCode).toBe(401);
    const post = await t.app.inject({ method: 'POST', url: '/api/contacts', payload: ann });
    expect(post.statusCode).toBe(401);
  });

  it.each([
    ['an invalid email', { email: 'nope' }, 'Invalid email address'],
    ['an email without a domain', { email: 'a@b' }, 'Invalid email address'],
    ['a missing relationship', { relationship: undefined }, 'Please specify if this is a friend or family member'],
    ['an unknown relationship', { relationship: 'enemy' }, 'Please specify if this is a friend or family member'],
    ['a blank first name', { firstName: '   ' }, 'First name is required'],
    ['a birthday not in yyyy-MM-dd', { birthday: '05/03/1950' }, 'Please enter a valid date'],
    ['a birthday that is no real day', { birthday: '2023-02-30' }, 'Please enter a valid date'],
    ['notes over 5000 characters', { notes: 'x'.repeat(5001) }, 'Must be at most 5000 characters'],
    ['a phone number over 500 characters', { phoneNumber: '1'.repeat(501) }, 'Must be at most 500 characters'],
  ])('refuses %s with a clear message and stores nothing', async (_label, override, message) => {
    const me = await signUp(t.app);
    const res = await create(me, { ...ann, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await list(me)).toEqual([]);
  });

  it('creates a contact with every field, trimmed, and accepts null for optional ones', async () => {
    const me = await signUp(t.app);
    const res = await create(me, {
      firstName: '  Rose ',
      lastName: 'Tyler',
      email: ' Rose@Example.com ',
      phoneNumber: '+44 20 7946 0000',
      address: '1 Powell Estate, London',
      birthday: '1950-03-05',
      relationship: 'family',
      familyRelation: 'Mother',
      notes: 'Loves tea.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ownerId: me.user.id,
      linkedUserId: null,
      firstName: 'Rose',
      email: 'Rose@Example.com',
      birthday: '1950-03-05',
      relationship: 'family',
      familyRelation: 'Mother',
      notes: 'Loves tea.',
    });
    const minimal = await create(me, { ...ann, email: null, birthday: null, familyRelation: null, phoneNumber: '' });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({ email: null, birthday: null, familyRelation: null, phoneNumber: null, notes: null });
  });

  it('filters by relationship and only ever lists the owner’s contacts', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await create(me, { ...ann, firstName: 'Zed', relationship: 'family', familyRelation: 'Cousin' });
    await create(me, { ...ann, firstName: 'Amy', relationship: 'friend' });
    await create(me, { ...ann, firstName: 'Bob', relationship: 'family' });
    await create(other, { ...ann, firstName: 'Other', relationship: 'family' });

    expect((await list(me, '?relationship=family')).map((c) => c.firstName)).toEqual(['Bob', 'Zed']);
    expect((await list(me, '?relationship=friend')).map((c) => c.firstName)).toEqual(['Amy']);
    expect((await list(me)).map((c) => c.firstName)).toEqual(['Amy', 'Bob', 'Zed']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/contacts?relationship=enemy', headers: { cookie: me.cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('finds the owner’s contacts by a part of their full name, a page at a time, and refuses an empty or overlong q', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await create(me, { firstName: 'Rose', lastName: 'Martin', relationship: 'family' });
    await create(me, { firstName: 'Albert', lastName: 'Martin', relationship: 'family' });
    await create(me, { firstName: 'Rosa', lastName: 'Parks', relationship: 'friend' });
    await create(me, { firstName: '100%', lastName: 'Sure', relationship: 'friend' });
    await create(other, { firstName: 'Rose', lastName: 'Other', relationship: 'family' });
    const page = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/contacts/page?${query}`, headers: { cookie: me.cookie } });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: Array<{ firstName: string; lastName: string }>; nextCursor: string | null };
      return { names: body.items.map((c) => `${c.firstName} ${c.lastName}`), nextCursor: body.nextCursor };
    };

    expect((await page('q=ROS')).names).toEqual(['Rosa Parks', 'Rose Martin']);
    expect((await page('q=%20e%20mar%20')).names).toEqual(['Rose Martin']); // trimmed, and across first and last name
    expect((await page('q=martin&relationship=family')).names).toEqual(['Albert Martin', 'Rose Martin']);
    expect((await page('q=%25')).names).toEqual(['100% Sure']); // % is a letter, not a wildcard
    const first = await page('q=mar&limit=1');
    expect(first.names).toEqual(['Albert Martin']);
    const second = await page(`q=mar&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second).toEqual({ names: ['Rose Martin'], nextCursor: null });

    for (const q of ['', '%20%20', 'x'.repeat(501)]) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/contacts/page?q=${q}`, headers: { cookie: me.cookie } });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('saves a contact known only by a first name, like "Grandma"', async () => {
    const me = await signUp(t.app);
    const res = await create(me, { firstName: 'Grandma', relationship: 'family', familyRelation: 'Grandmother' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ firstName: 'Grandma', lastName: '', familyRelation: 'Grandmother' });
  });

  it('changes only the fields a PATCH carries; null or an empty string clears one', async () => {
    const me = await signUp(t.app);
    const created = (await create(me, { ...ann, phoneNumber: '123', notes: 'old', address: '1 Lane' })).json();
    const res = await update(me, created.id, { notes: 'new' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      firstName: 'Ann',
      lastName: 'Lee',
      notes: 'new',
      phoneNumber: '123',
      address: '1 Lane',
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const cleared = await update(me, created.id, { phoneNumber: null, address: '', lastName: null });
    expect(cleared.json()).toMatchObject({ phoneNumber: null, address: null, lastName: '', notes: 'new', relationship: 'friend' });

    const invalid = await update(me, created.id, { email: 'bad' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Invalid email address');
    const blank = await update(me, created.id, { firstName: ' ' });
    expect(blank.json().message).toBe('First name is required');
    expect((await list(me))[0]).toMatchObject({ firstName: 'Ann', notes: 'new', email: null });
  });

  it("returns 404 for another user's contact and leaves it untouched", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const created = (await create(owner, ann)).json();

    const patch = await update(other, created.id, { ...ann, firstName: 'Hacked' });
    expect(patch.statusCode).toBe(404);
    const del = await remove(other, created.id);
    expect(del.statusCode).toBe(404);
    expect(await list(owner)).toMatchObject([{ id: created.id, firstName: 'Ann' }]);
    expect((await remove(owner, 99_999_999)).statusCode).toBe(404);
  });

  it('deletes a contact', async () => {
    const me = await signUp(t.app);
    const created = (await create(me, ann)).json();
    const res = await remove(me, created.id);
    expect(res.statusCode).toBe(204);
    expect(await list(me)).toEqual([]);
    expect((await remove(me, created.id)).statusCode).toBe(404);
  });

  describe('linking to registered users', () => {
    const contactFor = (person: Session, extra: Record<string, unknown> = {}) => ({
      firstName: 'Pat',
      lastName: 'Doe',
      relationship: 'family',
      email: person.email,
      ...extra,
    });
    const linkOf = async (who: Session, id: number) => (await list(who)).find((c) => c.id === id)?.linkedUserId;

    it('does not link one-sidedly, and answers exactly as for an unregistered email', async () => {
      const me = await verifiedUser();
      const registered = await verifiedUser();
      const toRegistered = await create(me, contactFor(registered));
      const toNobody = await create(me, contactFor(registered, { email: 'nobody-here@example.com' }));
      expect(toRegistered.statusCode).toBe(201);
      const strip = (body: Record<string, unknown>) => {
        const { id: _id, email: _email, createdAt: _c, updatedAt: _u, ...rest } = body;
        return rest;
      };
      expect(strip(toRegistered.json())).toEqual(strip(toNobody.json()));
      expect(toRegistered.json().linkedUserId).toBeNull();
      // Listing reveals nothing either.
      const listed = await list(me);
      expect(listed.every((c) => c.linkedUserId === null)).toBe(true);
      // Nor does the other side learn anything.
      expect(await list(registered)).toEqual([]);
    });

    it('links both sides once each has the other as a contact by email (any case), and unlinks on delete', async () => {
      const a = await verifiedUser();
      const b = await verifiedUser();
      const aToB = (await create(a, contactFor(b, { email: b.email.toUpperCase() }))).json();
      expect(aToB.linkedUserId).toBeNull();

      const bToA = await create(b, contactFor(a, { relationship: 'friend' }));
      expect(bToA.statusCode).toBe(201);
      expect(bToA.json().linkedUserId).toBe(a.user.id);
      expect(await linkOf(a, aToB.id)).toBe(b.user.id);

      // B removes A: both links go.
      expect((await remove(b, bToA.json().id)).statusCode).toBe(204);
      expect(await linkOf(a, aToB.id)).toBeNull();
    });

    it('recomputes links when a contact’s email changes, on both sides', async () => {
      const a = await verifiedUser();
      const b = await verifiedUser();
      const c = await verifiedUser();
      const bToA = (await create(b, contactFor(a))).json();
      const cToA = (await create(c, contactFor(a))).json();
      const aContact = (await create(a, contactFor(b))).json();
      expect(aContact.linkedUserId).toBe(b.user.id);
      expect(await linkOf(b, bToA.id)).toBe(a.user.id);

      // A changes the email of that contact from B's to C's: now A↔C, and B's link is gone.
      const moved = await update(a, aContact.id, contactFor(c));
      expect(moved.statusCode).toBe(200);
      expect(moved.json().linkedUserId).toBe(c.user.id);
      expect(await linkOf(b, bToA.id)).toBeNull();
      expect(await linkOf(c, cToA.id)).toBe(a.user.id);

      // Clearing the email unlinks both.
      const cleared = await update(a, aContact.id, { email: null });
      expect(cleared.json().linkedUserId).toBeNull();
      expect(await linkOf(c, cToA.id)).toBeNull();
    });

    it('links only once the other account has verified its address', async () => {
      const a = await verifiedUser();
      const b = await signUp(t.app); // registered, not verified: the address may not be theirs
      const aToB = (await create(a, contactFor(b))).json();
      await create(b, contactFor(a));
      expect(await linkOf(a, aToB.id)).toBeNull();
      const verify = await t.app.inject({ method: 'POST', url: '/api/email/verify', payload: { token: await verificationToken(b.email) } });
      expect(verify.statusCode).toBe(200);
      expect(await linkOf(a, aToB.id)).toBe(b.user.id);
    });

    it('never links a user to themselves', async () => {
      const me = await verifiedUser();
      const self = (await create(me, contactFor(me))).json();
      expect(self.linkedUserId).toBeNull();
    });

    it('unlinks when the linked user deletes their account', async () => {
      const a = await verifiedUser();
      const b = await verifiedUser();
      const aToB = (await create(a, contactFor(b))).json();
      await create(b, contactFor(a));
      expect(await linkOf(a, aToB.id)).toBe(b.user.id);
      const gone = await t.app.inject({
        method: 'DELETE',
        url: '/api/user',
        headers: { cookie: b.cookie },
        payload: { password: b.password },
      });
      expect(gone.statusCode).toBe(200);
      expect(await linkOf(a, aToB.id)).toBeNull();
    });
  });
});
