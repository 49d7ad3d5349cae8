import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '@server/db/schema';
import { newUserInput, sessionCookie } from '@tests/helpers/server';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';

const SUBJECT = /invites you to heirloom$/;

/** The token of the invitation link in a mail. */
function invitationToken(mail: { text: string }, publicUrl: string): string {
  const match = new RegExp(`${publicUrl.replace(/[.:/]/g, '\\$&')}/register\\?invitation=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])`).exec(
    mail.text,
  );
  if (!match) throw new Error(`No invitation link in: ${mail.text}`);
  return match[1]!;
}

describe('registration by invitation (the default)', () => {
  let t: MailTestApp;
  let owner: string;
  beforeAll(async () => {
    t = await buildTestAppWithSmtp({ REGISTRATION: 'invitation', PUBLIC_URL: 'https://family.example.org' });
    const input = newUserInput({ firstName: 'Olive', surname: 'Owner' });
    expect((await t.app.inject({ method: 'POST', url: '/api/setup', payload: input })).statusCode).toBe(201);
    owner = sessionCookie(
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: input.email, password: input.password } }),
    );
  });
  afterAll(() => t.close());

  const invite = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/invitations', headers: { cookie: owner }, payload: { email } });

  it('answers 403 "Registration is by invitation." to a register form without one, or with a made-up one', async () => {
    for (const invitation of [undefined, 'A'.repeat(43)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: newUserInput({ invitation }) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Registration is by invitation.' });
    }
  });

  it('mails a link to /register?invitation= on PUBLIC_URL that makes one account for that address, proven', async () => {
    const email = 'Cousin.Ann@example.com';
    const sent = await invite(email);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ email });
    const mail = await t.smtp.waitForMail(email, { subject: SUBJECT });
    expect(mail.subject).toBe('Olive Owner invites you to heirloom');
    const token = invitationToken(mail, 'https://family.example.org');
    // only the hash is stored
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, sent.json().id));
    expect(row!.tokenHash).not.toContain(token);

    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: { cookie: owner } })).json();
    expect(listed.map((i: { email: string }) => i.email)).toContain(email);

    // the register form asks which address the link was sent to
    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().email).toBe(email);

    // another address cannot use it
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newUserInput({ email: 'stranger@example.com', invitation: token }),
    });
    expect(other.statusCode).toBe(403);

    const made = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newUserInput({ email: 'cousin.ann@example.com', invitation: token }),
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ isAdministrator: false, emailVerified: true });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newUserInput({ email: 'cousin.ann@example.com', invitation: token }),
    });
    expect(again.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: { cookie: owner } })).json();
    expect(after.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('lets only the newest invitation to an address work, and a withdrawn one not at all', async () => {
    const email = 'nephew@example.com';
    expect((await invite(email)).statusCode).toBe(201);
    const first = invitationToken(await t.smtp.waitForMail(email, { subject: SUBJECT }), 'https://family.example.org');
    const second = await invite(email);
    const secondToken = invitationToken(await t.smtp.waitForMail(email, { subject: SUBJECT, count: 2 }), 'https://family.example.org');
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${first}` })).statusCode).toBe(404);

    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/invitations/${second.json().id}`,
      headers: { cookie: owner },
    });
    expect(withdrawn.statusCode).toBe(204);
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: newUserInput({ email, invitation: secondToken }) });
    expect(res.statusCode).toBe(403);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/admin/invitations/${second.json().id}`, headers: { cookie: owner } });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses an invitation that has expired', async () => {
    const email = 'late@example.com';
    const sent = await invite(email);
    const token = invitationToken(await t.smtp.waitForMail(email, { subject: SUBJECT }), 'https://family.example.org');
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, sent.json().id));
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: newUserInput({ email, invitation: token }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Registration is by invitation.');
  });

  it('does not invite an address that already has an account', async () => {
    const res = await invite('cousin.ann@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
  });

  it('shows the waitlist with who is waiting, invited or a member, and invites from it', async () => {
    for (const email of ['waiting@example.com', 'cousin.ann@example.com']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { email } })).statusCode).toBe(201);
    }
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/waitlist', headers: { cookie: owner } })).json() as Array<{
        email: string;
        status: string;
      }>;
    expect((await list()).map((e) => [e.email, e.status])).toEqual([
      ['waiting@example.com', 'waiting'],
      ['cousin.ann@example.com', 'member'],
    ]);
    expect((await invite('waiting@example.com')).statusCode).toBe(201);
    expect((await list()).find((e) => e.email === 'waiting@example.com')?.status).toBe('invited');
  });
});

describe('REGISTRATION=open and REGISTRATION=closed', () => {
  it('open: anyone registers without an invitation', async () => {
    const t = await buildTestAppWithSmtp({ REGISTRATION: 'open' });
    try {
      await t.app.inject({ method: 'POST', url: '/api/setup', payload: newUserInput() });
      const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: newUserInput() });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ isAdministrator: false, emailVerified: false });
    } finally {
      await t.close();
    }
  });

  it('closed: the administrator cannot invite, and nobody registers', async () => {
    const t = await buildTestAppWithSmtp({ REGISTRATION: 'closed' });
    try {
      const input = newUserInput();
      await t.app.inject({ method: 'POST', url: '/api/setup', payload: input });
      const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: input.email, password: input.password } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: { cookie: sessionCookie(login) },
        payload: { email: 'someone@example.com' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('REGISTRATION_CLOSED');
      const register = await t.app.inject({ method: 'POST', url: '/api/register', payload: newUserInput() });
      expect(register.statusCode).toBe(403);
      expect(register.json().message).toBe('Registration is closed.');
    } finally {
      await t.close();
    }
  });
});
