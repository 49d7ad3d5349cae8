// A new account's address is verified by the link mailed to it (real SMTP server): once, within 24 hours.
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_LINK_INVALID } from '@shared/schemas/auth';
import * as schema from '@server/db/schema';
import { signUp } from '@tests/helpers/server';
import { buildTestAppWithSmtp, linkToken, type MailTestApp } from '@tests/helpers/smtp';

const PUBLIC_URL = 'https://family.example/heirloom';
const VERIFY_SUBJECT = 'Confirm your e-mail address for heirloom';

describe('e-mail verification', () => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await buildTestAppWithSmtp({ PUBLIC_URL });
  });
  afterAll(() => t.close());

  const verify = (token: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/email/verify', payload: { token }, headers: cookie ? { cookie } : {} });
  const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json();
  const verificationToken = async (email: string) =>
    linkToken(await t.smtp.waitForMail(email, { subject: VERIFY_SUBJECT }), 'verify-email');

  it('mails a link at registration that verifies the address once, signed out', async () => {
    const user = await signUp(t.app);
    expect(await me(user.cookie)).toMatchObject({ emailVerified: false, pendingEmail: null }); // also warms the session cache

    const mail = await t.smtp.waitForMail(user.email, { subject: VERIFY_SUBJECT });
    expect(mail.text).toContain(`${PUBLIC_URL}/verify-email?token=`);
    expect(mail.text).toContain('expires in 24 hours');
    expect(mail.from).toContain('heirloom');

    const res = await verify(linkToken(mail, 'verify-email'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your e-mail address is verified.' });
    expect(await me(user.cookie)).toMatchObject({ email: user.email, emailVerified: true });

    const again = await verify(linkToken(mail, 'verify-email'));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(VERIFY_LINK_INVALID);
  });

  it('works signed in as well', async () => {
    const user = await signUp(t.app);
    const res = await verify(await verificationToken(user.email), user.cookie);
    expect(res.statusCode).toBe(200);
    expect((await me(user.cookie)).emailVerified).toBe(true);
  });

  it('refuses an expired link and leaves the address unverified', async () => {
    const user = await signUp(t.app);
    const token = await verificationToken(user.email);
    await t.db
      .update(schema.accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.accountTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VERIFY_LINK_INVALID);
    expect((await me(user.cookie)).emailVerified).toBe(false);
  });

  it('stores links valid for 24 hours', async () => {
    const user = await signUp(t.app);
    await verificationToken(user.email);
    const [row] = await t.db.select().from(schema.accountTokens).where(eq(schema.accountTokens.userId, user.user.id));
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
  });

  it('refuses an unknown token, and a password-reset token', async () => {
    const unknown = await verify(randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(VERIFY_LINK_INVALID);

    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email } });
    const resetToken = linkToken(await t.smtp.waitForMail(user.email, { subject: 'Reset your heirloom password' }), 'reset-password');
    const wrongKind = await verify(resetToken);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe(VERIFY_LINK_INVALID);
  });
});
