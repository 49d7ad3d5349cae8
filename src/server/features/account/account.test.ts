import { eq, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@server/db/schema';
import { buildTestApp, multipart, sessionCookie, signUp, storedFiles, type TestApp } from '@tests/helpers/server';

const NEW_PASSWORD = 'Brand-new-Pass9!';

describe('account control', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  const whoAmI = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

  describe('POST /api/user/password', () => {
    const change = (cookie: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/user/password', headers: { cookie }, payload });

    it('requires a session', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/password', payload: {} });
      expect(res.statusCode).toBe(401);
    });

    it('changes the password and signs out every other session, keeping this one', async () => {
      const user = await signUp(t.app);
      const otherDevice = sessionCookie(await login(user.email, user.password));
      await whoAmI(otherDevice); // cached sessions must be revoked too

      const res = await change(user.cookie, { currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect((await whoAmI(otherDevice)).statusCode).toBe(401);
      expect((await whoAmI(user.cookie)).statusCode).toBe(200);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
      expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a wrong current password with a clear 400 and changes nothing', async () => {
      const user = await signUp(t.app);
      const otherDevice = sessionCookie(await login(user.email, user.password));
      const res = await change(user.cookie, { currentPassword: 'Wrong-pass1!', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Your current password is incorrect.');
      expect((await whoAmI(otherDevice)).statusCode).toBe(200);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });

    it.each([
      ['a short new password', { newPassword: 'Sh0rt!', confirmPassword: 'Sh0rt!' }, 'Password must be at least 8 characters'],
      [
        'no uppercase letter',
        { newPassword: 'lowercase1!', confirmPassword: 'lowercase1!' },
        'Password must include at least one uppercase letter',
      ],
      ['no number', { newPassword: 'NoNumbers!!', confirmPassword: 'NoNumbers!!' }, 'Password must include at least one number'],
      [
        'no special character',
        { newPassword: 'NoSpecial123', confirmPassword: 'NoSpecial123' },
        'Password must include at least one special character',
      ],
      ['a mismatched confirmation', { confirmPassword: 'Different-1!' }, "Passwords don't match"],
      ['a missing current password', { currentPassword: '' }, 'Please enter your current password'],
    ])('refuses %s with the spec message', async (_label, override, message) => {
      const user = await signUp(t.app);
      const res = await change(user.cookie, {
        currentPassword: user.password,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        ...override,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });

    it('refuses a new password equal to the current one', async () => {
      const user = await signUp(t.app);
      const res = await change(user.cookie, { currentPassword: user.password, newPassword: user.password, confirmPassword: user.password });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please choose a new password that is different from your current one');
    });
  });

  describe('POST /api/user/logout-all', () => {
    it('ends every session, the current one included', async () => {
      const user = await signUp(t.app);
      const otherDevice = sessionCookie(await login(user.email, user.password));
      await whoAmI(otherDevice);
      await whoAmI(user.cookie);
      const res = await t.app.inject({ method: 'POST', url: '/api/user/logout-all', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/heirloom_session=;/);
      expect((await whoAmI(user.cookie)).statusCode).toBe(401);
      expect((await whoAmI(otherDevice)).statusCode).toBe(401);
      const rows = await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.user.id));
      expect(rows).toEqual([]);
    });
  });

  describe('DELETE /api/user', () => {
    const deleteAccount = (cookie: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie }, payload });

    /** Gives the user a row in every table that can hold their data, and files in every storage area. */
    async function populate(user: Awaited<ReturnType<typeof signUp>>, friend: Awaited<ReturnType<typeof signUp>>) {
      const userId = user.user.id;
      const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer();
      const body = multipart([{ name: 'profilePicture', filename: 'me.jpg', content: jpeg, contentType: 'image/jpeg' }]);
      const pic = await t.app.inject({
        method: 'POST',
        url: '/api/user/profile-picture',
        headers: { ...body.headers, cookie: user.cookie },
        payload: body.payload,
      });
      expect(pic.statusCode).toBe(200);
      await t.files.writeBuffer(`users/${userId}/photos/a.jpg`, jpeg);
      await t.files.writeBuffer(`users/${userId}/attachments/b.jpg`, jpeg);
      await t.files.writeBuffer(`users/${userId}/vault/c.pdf`, Buffer.from('%PDF-1.4'));

      await t.db.insert(schema.waitlist).values({ email: user.email.toUpperCase() });
      const [memory] = await t.db.insert(schema.memories).values({ userId, title: 'T', content: 'C', eventDate: '2000-01-01' }).returning();
      await t.db.insert(schema.photos).values({
        userId,
        memoryId: memory!.id,
        filePath: `users/${userId}/photos/a.jpg`,
        fileName: 'a.jpg',
        fileSize: 1,
        mimeType: 'image/jpeg',
      });
      await t.db.insert(schema.memoryAttachments).values({
        memoryId: memory!.id,
        userId,
        filePath: `users/${userId}/attachments/b.jpg`,
        fileName: 'b.jpg',
        fileSize: 1,
        mimeType: 'image/jpeg',
      });
      await t.db.insert(schema.vaultFiles).values({
        userId,
        fileName: 'c.pdf',
        originalName: 'c.pdf',
        filePath: `users/${userId}/vault/c.pdf`,
        fileSize: 8,
        mimeType: 'application/pdf',
      });
      // Mutual contacts: the friend's contact is linked to the user (a link needs a verified address).
      await t.db.update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.id, userId));
      const mine = await t.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: { cookie: user.cookie },
        payload: { firstName: 'F', lastName: 'R', relationship: 'friend', email: friend.email },
      });
      expect(mine.statusCode).toBe(201);
      const theirs = await t.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: { cookie: friend.cookie },
        payload: { firstName: 'U', lastName: 'S', relationship: 'friend', email: user.email },
      });
      expect(theirs.json().linkedUserId).toBe(userId);
      return theirs.json().id as number;
    }

    async function rowsOf(userId: number, email: string) {
      const count = async (query: Promise<unknown[]>) => (await query).length;
      return {
        users: await count(t.db.select().from(schema.users).where(eq(schema.users.id, userId))),
        sessions: await count(t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId))),
        waitlist: await count(
          t.db
            .select()
            .from(schema.waitlist)
            .where(eq(sql`lower(${schema.waitlist.email})`, email.toLowerCase())),
        ),
        memories: await count(t.db.select().from(schema.memories).where(eq(schema.memories.userId, userId))),
        photos: await count(t.db.select().from(schema.photos).where(eq(schema.photos.userId, userId))),
        memoryAttachments: await count(t.db.select().from(schema.memoryAttachments).where(eq(schema.memoryAttachments.userId, userId))),
        vaultFiles: await count(t.db.select().from(schema.vaultFiles).where(eq(schema.vaultFiles.userId, userId))),
        contacts: await count(
          t.db
            .select()
            .from(schema.contacts)
            .where(or(eq(schema.contacts.ownerId, userId), eq(schema.contacts.linkedUserId, userId))),
        ),
        // registration mailed a verification link: its token row must go with the account
        accountTokens: await count(t.db.select().from(schema.accountTokens).where(eq(schema.accountTokens.userId, userId))),
      };
    }

    it('requires a session', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/user', payload: { password: 'x' } });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a wrong or missing password and keeps everything', async () => {
      const user = await signUp(t.app);
      const friend = await signUp(t.app);
      await populate(user, friend);
      const wrong = await deleteAccount(user.cookie, { password: 'Wrong-pass1!' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('The password is incorrect.');
      const missing = await deleteAccount(user.cookie, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Please enter your password to confirm');
      expect(Object.values(await rowsOf(user.user.id, user.email)).every((n) => n > 0)).toBe(true);
      expect((await storedFiles(t)).filter((f) => f.startsWith(`users/${user.user.id}/`))).toHaveLength(4);
    });

    it('removes every row and every file of the user, and ends their sessions', async () => {
      const user = await signUp(t.app);
      const friend = await signUp(t.app);
      const otherDevice = sessionCookie(await login(user.email, user.password));
      await whoAmI(otherDevice);
      const friendsContactId = await populate(user, friend);
      const friendFilesBefore = (await storedFiles(t)).filter((f) => !f.startsWith(`users/${user.user.id}/`));

      const res = await deleteAccount(user.cookie, { password: user.password });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/heirloom_session=;/);

      expect(await rowsOf(user.user.id, user.email)).toEqual({
        users: 0,
        sessions: 0,
        waitlist: 0,
        memories: 0,
        photos: 0,
        memoryAttachments: 0,
        vaultFiles: 0,
        contacts: 0,
        accountTokens: 0,
      });
      expect((await storedFiles(t)).filter((f) => f.startsWith(`users/${user.user.id}/`))).toEqual([]);
      expect((await storedFiles(t)).filter((f) => !f.startsWith(`users/${user.user.id}/`))).toEqual(friendFilesBefore);
      expect((await whoAmI(user.cookie)).statusCode).toBe(401);
      expect((await whoAmI(otherDevice)).statusCode).toBe(401);
      expect((await login(user.email, user.password)).statusCode).toBe(401);

      // The friend keeps their own contact, no longer linked.
      const friendsContacts = await t.app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie: friend.cookie } });
      expect(friendsContacts.json()).toMatchObject([{ id: friendsContactId, linkedUserId: null }]);

      // The email is free again.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          firstName: 'A',
          surname: 'B',
          email: user.email,
          dateOfBirth: '1990-01-01',
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
      });
      expect(again.statusCode).toBe(201);
    });
  });
});
