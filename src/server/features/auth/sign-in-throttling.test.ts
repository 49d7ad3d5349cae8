// Password guessing against a real app: the attacker is slowed, the owner is never locked out, guesses sent
// together are all counted, and the routes that ask for the password again share the limits. The clock is
// the only thing faked (Date), so the waits the server asks for are passed without sleeping.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signUp, TEST_PASSWORD, type TestApp } from '@tests/helpers/server';

const WRONG = 'Wrong-pass1!';

describe('sign-in throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const login = (email: string, password: string, address: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { email, password } });
  const waitOut = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
  const retryAfter = (res: Awaited<ReturnType<typeof login>>) => Number(res.headers['retry-after']);

  it('lets the owner in from a fresh address after at most 30 s while 50 wrong guesses come from 10 others', async () => {
    const { email } = await signUp(t.app);
    const statuses: number[] = [];
    const waits: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await login(email, WRONG, `10.0.0.${(i % 10) + 1}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        waits.push(retryAfter(res));
        waitOut(retryAfter(res)); // a patient attacker waits each delay out and guesses again
      }
    }
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 30]);
    expect(Math.max(...waits)).toBe(30);

    const first = await login(email, TEST_PASSWORD, '203.0.113.50');
    expect(first.statusCode).toBe(429);
    expect(retryAfter(first)).toBeLessThanOrEqual(30);
    expect(first.json().message).toBe(`Too many failed attempts for this account. Please wait ${retryAfter(first)} seconds and try again.`);
    waitOut(retryAfter(first));
    expect((await login(email, TEST_PASSWORD, '203.0.113.50')).statusCode).toBe(200);
  });

  it('lets the owner in at once from an address they signed in from before, in the middle of the attack', async () => {
    const { email } = await signUp(t.app);
    expect((await login(email, TEST_PASSWORD, '192.168.1.10')).statusCode).toBe(200);
    for (let i = 0; i < 50; i++) await login(email, WRONG, `10.0.1.${(i % 10) + 1}`);
    expect((await login(email, TEST_PASSWORD, '203.0.113.51')).statusCode).toBe(429);
    expect((await login(email, TEST_PASSWORD, '192.168.1.10')).statusCode).toBe(200);
  });

  it('counts 20 wrong guesses sent together from one address as 20: 10 checked, 10 refused, that address locked', async () => {
    const { email } = await signUp(t.app);
    const all = await Promise.all(Array.from({ length: 20 }, () => login(email, WRONG, '10.0.2.1')));
    const statuses = all.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const locked = await login(email, TEST_PASSWORD, '10.0.2.1');
    expect(locked.statusCode).toBe(429);
    expect(retryAfter(locked)).toBe(15 * 60);
    expect(locked.json().message).toBe(
      'Too many failed attempts for this account from your network. Please wait 15 minutes and try again.',
    );
    waitOut(1);
    expect((await login(email, TEST_PASSWORD, '10.0.2.2')).statusCode).toBe(200); // elsewhere, after the 1 s delay
  });

  it('counts 20 wrong guesses sent together from 20 addresses: only 10 are checked', async () => {
    const { email } = await signUp(t.app);
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, WRONG, `10.0.3.${i + 1}`)));
    const statuses = all.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const res of all.filter((r) => r.statusCode === 429)) expect(retryAfter(res)).toBe(1);
  });

  it('answers an unknown address exactly like a known one, throttled or not', async () => {
    const { email } = await signUp(t.app);
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers = async (address: string) => {
      const out: string[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await login(address, WRONG, `10.0.4.${i + 1}`);
        out.push(`${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${res.body}`);
      }
      return out;
    };
    const known = await answers(email);
    expect(await answers(unknown)).toEqual(known);
    expect(known[0]).toBe('401 - {"message":"Invalid email or password"}');
    expect(known[11]).toMatch(/^429 1 /);
  });

  it('limits wrong passwords on the password, address and deletion routes like signing in, and counts them together', async () => {
    const user = await signUp(t.app);
    const attacker = '198.51.100.7'; // a stolen session used from elsewhere
    const tries = [
      {
        method: 'POST' as const,
        url: '/api/user/password',
        payload: { currentPassword: WRONG, newPassword: 'New-pass-123!', confirmPassword: 'New-pass-123!' },
      },
      { method: 'POST' as const, url: '/api/user/email', payload: { email: 'elsewhere@example.com', password: WRONG } },
      { method: 'DELETE' as const, url: '/api/user', payload: { password: WRONG } },
    ];
    for (let i = 0; i < 5; i++) expect((await login(user.email, WRONG, `10.0.5.${i + 1}`)).statusCode).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ ...tries[i % 3]!, remoteAddress: attacker, headers: { cookie: user.cookie } });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(retryAfter(res)).toBe(1);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);

    // The owner's own signed-in address (the tests sign up from 127.0.0.1) is spared the account-wide delay.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie: user.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'New-pass-123!', confirmPassword: 'New-pass-123!' },
    });
    expect(own.statusCode).toBe(200);
  });
});
