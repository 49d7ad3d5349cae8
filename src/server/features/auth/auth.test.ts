import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, newUserInput, sessionCookie, signUp, type TestApp } from '@tests/helpers/server';

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/register', payload });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ surname: '  ' }, 'Surname is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: 'Sh0rt!', confirmPassword: 'Sh0rt!' }, 'Password must be at least 8 characters'],
    [{ password: 'lowercase1!', confirmPassword: 'lowercase1!' }, 'Password must include at least one uppercase letter'],
    [{ password: 'NoNumbers!!', confirmPassword: 'NoNumbers!!' }, 'Password must include at least one number'],
    [{ password: 'NoSpecial123', confirmPassword: 'NoSpecial123' }, 'Password must include at least one special character'],
    [{ confirmPassword: 'Different-1!' }, "Passwords don't match"],
    [{ gender: 'robot' }, undefined],
    [{ dateOfBirth: '1850-01-01' }, 'Please enter a valid date'],
  ])('refuses %o with the spec message', async (override, message) => {
    const res = await register(newUserInput(override));
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it('reports a mismatched confirmation on confirmPassword', async () => {
    const res = await register(newUserInput({ confirmPassword: 'Different-1!' }));
    expect(res.json().issues).toContainEqual({ path: '/confirmPassword', message: "Passwords don't match" });
  });

  it('registers a user without ever returning the password hash', async () => {
    const input = newUserInput();
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: input.email, firstName: 'Ada', isWaitlisted: false });
    expect(res.body).not.toContain('argon2');
    expect(res.json()).not.toHaveProperty('password');
  });

  it('answers a taken email (any case) with 409, not 500', async () => {
    const input = newUserInput();
    await register(input);
    const res = await register({ ...input, email: input.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists');
  });

  it('sets an HttpOnly SameSite session cookie on login and a new one each time', async () => {
    const input = newUserInput();
    await register(input);
    const login = () => t.app.inject({ method: 'POST', url: '/api/login', payload: { email: input.email, password: input.password } });
    const first = await login();
    expect(first.statusCode).toBe(200);
    const raw = String(first.headers['set-cookie']);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    const second = await login();
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const { email } = await signUp(t.app);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Wrong-pass1!' } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.com', password: 'Wrong-pass1!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('validates login input with the spec messages', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x', password: 'a' } });
    expect(bad.json().message).toBe('Invalid email address');
    const empty = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.co', password: '' } });
    expect(empty.json().message).toBe('Password is required');
  });

  it('returns the current user, and 401 when anonymous', async () => {
    const { cookie, email } = await signUp(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
    const anon = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(anon.statusCode).toBe(401);
  });

  it('revokes the session server-side on logout: replaying the old cookie gets 401', async () => {
    const { cookie } = await signUp(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });
});

describe('per-IP rate limit on credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 with a clear message past the limit', async () => {
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: `x${i}@example.com`, password: 'whatever' } });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    expect(last!.json()).toEqual({ message: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' });
    // the 15-minute window, in seconds, from the one error handler
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('limits reset-link requests per IP, whatever the addresses', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: `y${i}@example.com` } });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([202, 202, 202, 429]);
  });
});
