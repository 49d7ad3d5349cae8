import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondApp, buildTestApp, multipart, postAs, signUp, type TestApp } from '@tests/helpers/server';

type Actor = Awaited<ReturnType<typeof signUp>>;

describe('the administrator and the members', () => {
  let t: TestApp;
  let admin: Actor;
  let member: Actor;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signUp(t.app, { firstName: 'Olive' }); // the first account (REGISTRATION=open in tests)
    member = await signUp(t.app, { firstName: 'Milo' });
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload && { payload }) });

  it('lists every account with what it stores, the administrator marked', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#396' } })
      .png()
      .toBuffer();
    await postAs(
      t,
      member.cookie,
      '/api/photos',
      multipart([{ name: 'photo', filename: 'a.png', content: png, contentType: 'image/png' }]),
    );
    const storage = (await t.app.inject({ method: 'GET', url: '/api/user/storage', headers: { cookie: member.cookie } })).json() as {
      usedBytes: number;
    };
    const members = (await asAdmin('GET', '/api/admin/members')).json() as Array<Record<string, unknown>>;
    expect(members.map((m) => [m.firstName, m.isAdministrator, m.disabled])).toEqual([
      ['Olive', true, false],
      ['Milo', false, false],
    ]);
    expect(members[1]!.usedBytes).toBe(storage.usedBytes);
    expect(storage.usedBytes).toBeGreaterThan(0);
    expect(members[0]!.usedBytes).toBe(0);
  });

  it('tells whether PUBLIC_URL was set', async () => {
    expect((await asAdmin('GET', '/api/admin/instance')).json()).toMatchObject({
      registration: 'open',
      publicUrlConfigured: false,
      publicUrl: 'http://localhost:5000',
    });
  });

  it('refuses a member the administrator’s routes with 403', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/members'],
      ['GET', '/api/admin/instance'],
      ['GET', '/api/admin/waitlist'],
      ['GET', '/api/admin/invitations'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: member.cookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Only the administrator of this heirloom can do this.');
    }
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/members/${admin.user.id}`,
      headers: { cookie: member.cookie },
      payload: { disabled: true },
    });
    expect(res.statusCode).toBe(403);
  });

  it('does not let the administrator disable their own account', async () => {
    const res = await asAdmin('PATCH', `/api/admin/members/${admin.user.id}`, { disabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot disable your own account.');
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
  });

  it('answers 404 for an account that does not exist', async () => {
    expect((await asAdmin('PATCH', '/api/admin/members/999999', { disabled: true })).statusCode).toBe(404);
  });

  it('disabling ends the account’s sessions on every instance and refuses its sign-in; its public link keeps working', async () => {
    const other = await buildSecondApp(t);
    try {
      const collection = (await postAs(t, member.cookie, '/api/collections', { title: 'For the family' })) as { id: number };
      const link = (await postAs(t, member.cookie, `/api/collections/${collection.id}/links`, { kind: 'public' })) as { url: string };
      const token = link.url.split('/s/')[1]!;
      // the other instance has the session in its cache
      expect((await other.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: member.cookie } })).statusCode).toBe(200);

      const res = await asAdmin('PATCH', `/api/admin/members/${member.user.id}`, { disabled: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: member.user.id, disabled: true });

      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: member.cookie } })).statusCode).toBe(401);
      await expect
        .poll(async () => (await other.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: member.cookie } })).statusCode)
        .toBe(401);

      const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: member.email, password: member.password } });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toBe('This account has been disabled. Please ask the administrator of this heirloom.');
      expect(login.headers['set-cookie']).toBeUndefined();
      // a wrong password says nothing about the account being disabled
      const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: member.email, password: 'Wr0ng-pass!' } });
      expect(wrong.statusCode).toBe(401);

      expect((await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).statusCode).toBe(200);

      const enabled = await asAdmin('PATCH', `/api/admin/members/${member.user.id}`, { disabled: false });
      expect(enabled.json().disabled).toBe(false);
      const back = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: member.email, password: member.password } });
      expect(back.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
