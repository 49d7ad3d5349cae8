// Two app instances on one database (decision 043): what one of them changes, the other stops serving from
// its cache within a second: revoked sessions and changed photos. B's cache is warmed before every change.
// Wrong passwords count the same whichever instance they reach.
import sharp from 'sharp';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondApp, buildTestApp, multipart, signUp, TEST_PASSWORD, type TestApp } from '@tests/helpers/server';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await buildTestApp({}, { severalInstances: true });
  b = await buildSecondApp(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const currentUser = (t: TestApp, cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

/** Asks every 20 ms for up to a second; the time it took, or a failure if the answer never came. */
async function withinOneSecond(check: () => Promise<boolean>) {
  const started = Date.now();
  while (Date.now() - started < 1000) {
    if (await check()) return Date.now() - started;
    await sleep(20);
  }
  throw new Error('still served after 1 s');
}

/** Signed in on A, and B has the session in its cache (two answers: the second comes from memory). */
async function signedInOnBoth() {
  const user = await signUp(a.app);
  for (let i = 0; i < 2; i++) expect((await currentUser(b, user.cookie)).statusCode).toBe(200);
  return user;
}

describe('sessions across instances', () => {
  it('gives each instance its own id, both alive', async () => {
    expect(a.app.instances.id).not.toBe(b.app.instances.id);
    const live = await a.app.instances.liveInstances();
    expect(live.has(a.app.instances.id) && live.has(b.app.instances.id)).toBe(true);
  });

  it('"sign out everywhere" on A: B refuses the cookie within 1 s', async () => {
    const { cookie } = await signedInOnBoth();
    const res = await a.app.inject({ method: 'POST', url: '/api/user/logout-all', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    await withinOneSecond(async () => (await currentUser(b, cookie)).statusCode === 401);
  });

  it('signing out on A: B refuses that cookie within 1 s', async () => {
    const { cookie } = await signedInOnBoth();
    expect((await a.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBeLessThan(300);
    await withinOneSecond(async () => (await currentUser(b, cookie)).statusCode === 401);
  });

  it("a password change on A signs the other devices out on B within 1 s, and keeps A's own session", async () => {
    const { email, password } = await signUp(a.app);
    const login = await b.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    const other = String(login.headers['set-cookie']).split(';')[0]!;
    const mine = (await a.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).headers['set-cookie'];
    const cookie = String(mine).split(';')[0]!;
    expect((await currentUser(b, other)).statusCode).toBe(200);
    expect((await currentUser(b, cookie)).statusCode).toBe(200);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'An0ther-Horse!', confirmPassword: 'An0ther-Horse!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await withinOneSecond(async () => (await currentUser(b, other)).statusCode === 401);
    expect((await currentUser(b, cookie)).statusCode).toBe(200);
  });

  it('deleting the account on A: B refuses its cookie within 1 s', async () => {
    const { cookie } = await signedInOnBoth();
    const res = await a.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie }, payload: { password: TEST_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    await withinOneSecond(async () => (await currentUser(b, cookie)).statusCode === 401);
  });

  it('a profile change on A shows on B at once', async () => {
    const { cookie } = await signedInOnBoth();
    const res = await a.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { cookie }, payload: { firstName: 'Renamed' } });
    expect(res.statusCode, res.body).toBe(200);
    await withinOneSecond(async () => (await currentUser(b, cookie)).json<{ firstName: string }>().firstName === 'Renamed');
  });
});

describe('photos across instances', () => {
  it('a photo deleted through A is 404 through B at once, though B had just served it', async () => {
    const { cookie } = await signUp(a.app);
    const content = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    const form = multipart([{ name: 'photo', filename: 'one.jpg', content, contentType: 'image/jpeg' }]);
    const created = await a.app.inject({ method: 'POST', url: '/api/photos', headers: { cookie, ...form.headers }, payload: form.payload });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const image = () => b.app.inject({ method: 'GET', url: `/api/photos/image/${id}`, headers: { cookie } });
    for (let i = 0; i < 2; i++) expect((await image()).statusCode).toBe(200); // the second answer from B's cache

    expect((await a.app.inject({ method: 'DELETE', url: `/api/photos/${id}`, headers: { cookie } })).statusCode).toBeLessThan(300);
    await withinOneSecond(async () => (await image()).statusCode === 404);
  });
});

describe('sign-in throttle across instances', () => {
  it('counts wrong passwords sent to A and to B together', async () => {
    const { email } = await signUp(a.app);
    for (let i = 0; i < 10; i++) {
      const to = i % 2 ? b : a;
      const res = await to.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.1.0.${i + 1}`,
        payload: { email, password: 'Wrong-pass1!' },
      });
      expect(res.statusCode).toBe(401);
    }
    const eleventh = await b.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.1.1.1',
      payload: { email, password: 'Wrong-pass1!' },
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBe('1');
  });
});
