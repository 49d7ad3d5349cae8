// Signing up a user, the one way every test and benchmark does it: through the real register and login
// routes, either in process (app.inject) or over HTTP against a running server.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const TEST_PASSWORD = 'Corr3ct-Horse!';

/** A valid POST /api/register body with a unique e-mail address. */
export function newUserInput(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    surname: 'Lovelace',
    email: `user-${randomUUID()}@example.com`,
    dateOfBirth: '1960-12-10',
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    ...overrides,
  };
}

export interface SignedUp {
  user: { id: number; email: string };
  /** A Cookie header value: heirloom_session=… */
  cookie: string;
  email: string;
  password: string;
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = list.find((c) => c.startsWith('heirloom_session='));
  if (!found) throw new Error(`No session cookie in response ${res.statusCode}: ${res.body}`);
  return found.split(';')[0]!;
}

/** Registers and logs in a new user through app.inject. */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<SignedUp> {
  const input = newUserInput(overrides);
  const reg = await app.inject({ method: 'POST', url: '/api/register', payload: input });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: input.email, password: input.password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { user: reg.json(), cookie: sessionCookie(login), email: input.email, password: input.password };
}

/** Registers and logs in a new user on a running server (baseUrl like http://127.0.0.1:5000). */
export async function signUpHttp(baseUrl: string, overrides: Record<string, unknown> = {}): Promise<SignedUp> {
  const input = newUserInput(overrides);
  const post = (url: string, body: unknown) =>
    fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const reg = await post('/api/register', input);
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const login = await post('/api/login', { email: input.email, password: input.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('heirloom_session=')) ?? '').split(';')[0]!;
  return { user: (await reg.json()) as SignedUp['user'], cookie, email: input.email, password: input.password };
}
