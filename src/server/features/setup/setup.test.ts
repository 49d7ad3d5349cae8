import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import { buildTestApp, newUserInput, sessionCookie, type TestApp } from '@tests/helpers/server';

describe('first run: the owner account of a fresh instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ REGISTRATION: 'invitation' });
  });
  afterAll(() => t.close());

  const setupStatus = async () => (await t.app.inject({ method: 'GET', url: '/api/setup' })).json() as { needsOwner: boolean };

  it('says an owner is needed, refuses the register form without an invitation, and makes the owner once', async () => {
    expect(await setupStatus()).toEqual({ needsOwner: true });

    // The register form is by invitation even on a fresh instance: the first account is made at /api/setup.
    const early = await t.app.inject({ method: 'POST', url: '/api/register', payload: newUserInput() });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Registration is by invitation.');
    expect(await setupStatus()).toEqual({ needsOwner: true });

    const owner = newUserInput({ firstName: 'Olive' });
    const made = await t.app.inject({ method: 'POST', url: '/api/setup', payload: owner });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ email: owner.email, firstName: 'Olive', isAdministrator: true });
    expect(await setupStatus()).toEqual({ needsOwner: false });

    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: owner.email, password: owner.password } });
    expect(login.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(login) } });
    expect(me.json().isAdministrator).toBe(true);

    const second = await t.app.inject({ method: 'POST', url: '/api/setup', payload: newUserInput() });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'OWNER_EXISTS' });
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(1);
  });

  it('checks the owner form with the register form’s rules', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/setup', payload: newUserInput({ password: 'short' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password must be at least 8 characters');
  });
});

describe('first run when registration is open or closed', () => {
  it('open: the first account made by the register form is the administrator, the next ones are members', async () => {
    const t = await buildTestApp({ REGISTRATION: 'open' });
    try {
      const first = await t.app.inject({ method: 'POST', url: '/api/register', payload: newUserInput() });
      const second = await t.app.inject({ method: 'POST', url: '/api/register', payload: newUserInput() });
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(first.json().isAdministrator).toBe(true);
      expect(second.json().isAdministrator).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ needsOwner: false });
    } finally {
      await t.close();
    }
  });

  it('open: of accounts made at the same moment on a fresh instance, exactly one is the administrator', async () => {
    const t = await buildTestApp({ REGISTRATION: 'open' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          t.app.inject({ method: 'POST', url: i % 2 ? '/api/register' : '/api/setup', payload: newUserInput() }),
        ),
      );
      const made = answers.filter((a) => a.statusCode === 201);
      expect(made.length).toBeGreaterThanOrEqual(3); // every register; setup only if it came first
      const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.isAdministrator, true));
      expect(admins).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 201)) expect(refused.statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });

  it('closed: the owner is still made at /api/setup, and the register form answers 403', async () => {
    const t = await buildTestApp({ REGISTRATION: 'closed' });
    try {
      expect((await t.app.inject({ method: 'POST', url: '/api/setup', payload: newUserInput() })).statusCode).toBe(201);
      const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: newUserInput() });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Registration is closed.');
    } finally {
      await t.close();
    }
  });
});
