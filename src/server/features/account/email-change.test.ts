// Changing the sign-in address (real SMTP server): it takes effect only when the link sent to the new address
// comes back; the old address is told and keeps working until then.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_INVALID, VERIFY_LINK_INVALID } from '@shared/schemas/auth';
import * as schema from '@server/db/schema';
import { buildTestApp, signUp } from '@tests/helpers/server';
import { buildTestAppWithSmtp, linkToken, type MailTestApp } from '@tests/helpers/smtp';

const VERIFY_SUBJECT = 'Confirm your e-mail address for heirloom';
const NOTICE_SUBJECT = 'Your heirloom e-mail address is being changed';

type Session = Awaited<ReturnType<typeof signUp>>;

describe('e-mail change and verification resend', () => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await buildTestAppWithSmtp();
  });
  afterAll(() => t.close());

  const newAddress = () => `moved-${randomUUID()}@example.com`;
  const change = (who: Session, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/user/email', headers: { cookie: who.cookie }, payload });
  const resend = (who: Session) => t.app.inject({ method: 'POST', url: '/api/user/email/verification', headers: { cookie: who.cookie } });
  const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/email/verify', payload: { token } });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  const me = async (who: Session) => (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: who.cookie } })).json();
  const verificationToken = async (email: string, count = 1) =>
    linkToken(await t.smtp.waitForMail(email, { subject: VERIFY_SUBJECT, count }), 'verify-email');

  it('keeps the old address until the new one is verified, and tells the old one', async () => {
    const user = await signUp(t.app);
    await me(user); // warm the session cache
    const next = newAddress();

    const res = await change(user, { email: next, password: user.password });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: `We have sent a link to ${next}. Your address changes once you open it.` });
    expect(await me(user)).toMatchObject({ email: user.email, pendingEmail: next });

    const notice = await t.smtp.waitForMail(user.email, { subject: NOTICE_SUBJECT });
    expect(notice.text).toContain(`Someone asked to change the e-mail address of your heirloom account to ${next}.`);
    expect(notice.text).toContain('If it was not you');
    const token = await verificationToken(next);

    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await login(next, user.password)).statusCode).toBe(401);

    const done = await verify(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your e-mail address is verified.' });
    expect(await me(user)).toMatchObject({ email: next, pendingEmail: null, emailVerified: true });
    expect((await login(next, user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await verify(token)).statusCode).toBe(400);
  });

  it('refuses a wrong password, the current address and a taken address, and changes nothing', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);

    const wrong = await change(user, { email: newAddress(), password: 'Wrong-pass1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The password is incorrect.');

    const same = await change(user, { email: user.email.toUpperCase(), password: user.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('This is already your e-mail address.');

    const taken = await change(user, { email: other.email, password: user.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this email already exists');

    const invalid = await change(user, { email: 'not-an-address', password: user.password });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Please enter a valid email address');

    expect((await me(user)).pendingEmail).toBeNull();
    expect(t.smtp.mailTo(user.email, NOTICE_SUBJECT)).toEqual([]);
  });

  it('answers 409 when another account took the address before the link came back', async () => {
    const user = await signUp(t.app);
    const next = newAddress();
    expect((await change(user, { email: next, password: user.password })).statusCode).toBe(202);
    const token = await verificationToken(next);
    await signUp(t.app, { email: next });

    const res = await verify(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists');
    expect(await me(user)).toMatchObject({ email: user.email, pendingEmail: next });
  });

  it('refuses a link for an address the account has moved on from', async () => {
    const user = await signUp(t.app);
    const first = newAddress();
    const second = newAddress();
    await change(user, { email: first, password: user.password });
    const stale = await verificationToken(first);
    await change(user, { email: second, password: user.password });

    const res = await verify(stale);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VERIFY_LINK_INVALID);
    expect(await me(user)).toMatchObject({ email: user.email, pendingEmail: second });
  });

  it('stops a reset link sent to the old address once the address has changed', async () => {
    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email } });
    const resetToken = linkToken(await t.smtp.waitForMail(user.email, { subject: 'Reset your heirloom password' }), 'reset-password');
    const next = newAddress();
    await change(user, { email: next, password: user.password });
    expect((await verify(await verificationToken(next))).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token: resetToken, password: 'Taken-over-1!', confirmPassword: 'Taken-over-1!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_INVALID);
    expect((await login(next, user.password)).statusCode).toBe(200);
  });

  it('resends the link to an unverified address, or to the pending one', async () => {
    const user = await signUp(t.app);
    const res = await resend(user);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: `We have sent a verification link to ${user.email}.` });
    const second = await verificationToken(user.email, 2);
    expect(second).not.toBe(await verificationToken(user.email, 1));

    const next = newAddress();
    await change(user, { email: next, password: user.password });
    const toPending = await resend(user);
    expect(toPending.json()).toEqual({ message: `We have sent a verification link to ${next}.` });
    await verificationToken(next, 2);
  });

  it('says when there is nothing to verify', async () => {
    const user = await signUp(t.app);
    expect((await verify(await verificationToken(user.email))).statusCode).toBe(200);
    const res = await resend(user);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your e-mail address is already verified.');
  });

  it('limits resends per account', async () => {
    const user = await signUp(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await resend(user)).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
    const other = await signUp(t.app);
    expect((await resend(other)).statusCode).toBe(202);
  });

  it('limits e-mail change attempts per IP like the other password routes', async () => {
    const limited = await buildTestApp({ SMTP_URL: t.smtp.url, AUTH_RATE_LIMIT: '2' });
    try {
      const user = await signUp(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/user/email',
          headers: { cookie: user.cookie },
          payload: { email: newAddress(), password: 'Wrong-pass1!' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it('deletes the pending address and its links with the account', async () => {
    const user = await signUp(t.app);
    await change(user, { email: newAddress(), password: user.password });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { cookie: user.cookie },
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const tokens = await t.db.select().from(schema.accountTokens).where(eq(schema.accountTokens.userId, user.user.id));
    expect(tokens).toEqual([]);
  });
});
