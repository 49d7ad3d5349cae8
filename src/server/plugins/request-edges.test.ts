// Requests refused before any route runs: a Host header that is not exactly one host (and port), and a path
// parameter longer than any heirloom takes, both answered in the one error contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@tests/helpers/server';

describe('requests refused before any route', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const health = (host: string) => t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });

  it('reads the whole Host header: anything after the host but a port is refused', async () => {
    for (const host of [
      '[::1]evil.example',
      '[::1]:5000evil.example',
      '[::1].evil.example',
      'localhost:5000:80',
      'localhost:evil',
      '[nothost]',
      'local host',
    ]) {
      const res = await health(host);
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toEqual({ message: expect.any(String), code: 'BAD_HOST' });
    }
    for (const host of ['[::1]', '[::1]:5000', 'localhost', 'LOCALHOST:5000', 'localhost.', '127.0.0.1:5000']) {
      expect((await health(host)).statusCode, host).toBeLessThan(400);
    }
    expect((await health('evil.example')).statusCode).toBe(421);
  });

  it('answers a path parameter over the length limit with 414 in the error contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/photos/image/${'1'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'The address is too long', code: 'FST_ERR_MAX_PARAM_LENGTH' });
  });
});
