// Forgot and reset password through the real app and a real SMTP server: the link arrives by mail and works once.
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE, RESET_LINK_INVALID } from '@shared/schemas/auth';
import * as schema from '@server/db/schema';
import { MAIL_JOB } from '@server/lib/mail';
import { sessionCookie, signUp } from '@tests/helpers/server';
import { buildTestAppWithSmtp, linkToken, type MailTestApp } from '@tests/helpers/smtp';
import { PASSWORD_RESET_JOB } from './password-reset-job';

const PUBLIC_URL = 'https://heirloom.example';
const RESET_SUBJECT = 'Reset your heirloom password';
const NEW_PASSWORD = 'Fresh-start-42!';

describe('forgot and reset password', () => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await buildTestAppWithSmtp({ PUBLIC_URL });
  });
  afterAll(() => t.close());

  const forgot = (email: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/password/forgot', remoteAddress, payload: { email } });
  const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
    t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password, confirmPassword } });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  const whoAmI = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

  /** Asks for a link and returns the token from the mail that arrives (the `count`-th reset mail to that address). */
  async function resetToken(email: string, count = 1) {
    expect((await forgot(email)).statusCode).toBe(202);
    return linkToken(await t.smtp.waitForMail(email, { subject: RESET_SUBJECT, count }), 'reset-password');
  }

  async function jobsSettled() {
    for (let i = 0; i < 200; i++) {
      if ((await t.app.jobs.pending(PASSWORD_RESET_JOB)) === 0 && (await t.app.jobs.pending(MAIL_JOB)) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('jobs still pending');
  }

  it('mails a link that resets the password once, signs out every session and proves the address', async () => {
    const user = await signUp(t.app);
    const otherDevice = sessionCookie(await login(user.email, user.password));
    await whoAmI(otherDevice); // a cached session must be revoked too

    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });

    const mail = await t.smtp.waitForMail(user.email, { subject: RESET_SUBJECT });
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.text).toContain('If you did not ask for this, ignore this e-mail');
    const token = linkToken(mail, 'reset-password');

    // only the token's sha256 is stored
    const rows = await t.db.select().from(schema.accountTokens).where(eq(schema.accountTokens.userId, user.user.id));
    expect(rows.some((r) => r.tokenHash === createHash('sha256').update(token).digest('hex') && r.purpose === 'password_reset')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your password has been reset. Please sign in with your new password.' });

    expect((await whoAmI(user.cookie)).statusCode).toBe(401);
    expect((await whoAmI(otherDevice)).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const signedIn = await login(user.email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().emailVerified).toBe(true);

    const again = await reset(token, 'Another-try-7!');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const nobody = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const res = await forgot(nobody);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    await jobsSettled();
    expect(t.smtp.mailTo(nobody)).toEqual([]);
    const tokens = await t.db.select().from(schema.accountTokens).where(eq(schema.accountTokens.email, nobody));
    expect(tokens).toEqual([]);
  });

  it('takes about as long for an unknown address as for a known one', async () => {
    const known: string[] = [];
    for (let i = 0; i < 9; i++) known.push((await signUp(t.app)).email);
    const timed = async (email: string) => {
      const started = process.hrtime.bigint();
      const res = await forgot(email);
      expect(res.statusCode).toBe(202);
      return Number(process.hrtime.bigint() - started);
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (const email of known) {
      knownTimes.push(await timed(email));
      unknownTimes.push(await timed(`ghost-${randomBytes(4).toString('hex')}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(knownTimes) / median(unknownTimes);
    expect(ratio).toBeLessThan(3);
    expect(ratio).toBeGreaterThan(1 / 3);
  });

  it('refuses an expired link with a clear message and keeps the password', async () => {
    const user = await signUp(t.app);
    const token = await resetToken(user.email);
    await t.db
      .update(schema.accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.accountTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_INVALID);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed token', async () => {
    const unknown = await reset(randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(RESET_LINK_INVALID);
    const malformed = await reset('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('This link is not valid. Please ask for a new one.');
  });

  it.each([
    ['a short password', 'Sh0rt!', 'Sh0rt!', 'Password must be at least 8 characters'],
    ['no uppercase letter', 'lowercase1!', 'lowercase1!', 'Password must include at least one uppercase letter'],
    ['no number', 'NoNumbers!!', 'NoNumbers!!', 'Password must include at least one number'],
    ['no special character', 'NoSpecial123', 'NoSpecial123', 'Password must include at least one special character'],
    ['a mismatched confirmation', NEW_PASSWORD, 'Different-1!', "Passwords don't match"],
  ])('refuses %s with the registration message and keeps the link usable', async (_label, password, confirmPassword, message) => {
    const user = await signUp(t.app);
    const token = await resetToken(user.email);
    const res = await reset(token, password, confirmPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('lets only one of two parallel uses of a link win', async () => {
    const user = await signUp(t.app);
    const token = await resetToken(user.email);
    const results = await Promise.all([reset(token, 'First-winner-1!'), reset(token, 'Second-winner-2!')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'First-winner-1!' : 'Second-winner-2!';
    const loser = winner === 'First-winner-1!' ? 'Second-winner-2!' : 'First-winner-1!';
    expect((await login(user.email, winner)).statusCode).toBe(200);
    expect((await login(user.email, loser)).statusCode).toBe(401);
  });

  it('keeps older links valid until one is used; then every other link stops working', async () => {
    const user = await signUp(t.app);
    const first = await resetToken(user.email, 1);
    const second = await resetToken(user.email, 2);
    expect(first).not.toBe(second);
    expect((await reset(first)).statusCode).toBe(200);
    const stale = await reset(second, 'Another-new-9!');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(RESET_LINK_INVALID);
  });

  it('limits reset mails per address, whatever IP asks', async () => {
    const user = await signUp(t.app);
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await forgot(user.email, `10.9.0.${i + 1}`);
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
    expect(last!.json().message).toBe('Too many reset links were asked for this address. Please wait an hour and try again.');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // an address without an account is limited the same way: the limit tells nothing
    const ghost = `ghost-${randomBytes(4).toString('hex')}@example.com`;
    const ghostCodes: number[] = [];
    for (let i = 0; i < 6; i++) ghostCodes.push((await forgot(ghost, `10.9.1.${i + 1}`)).statusCode);
    expect(ghostCodes).toEqual(codes);
  });
});
