// /api/legacy/heartbeat (decision 071): a real monitor on loopback is called when the URL is set and every hour;
// a failed call is shown, never fatal; an address of the server's own network is refused unless the operator
// allows it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Heartbeat } from '@shared/schemas/heartbeat';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import type { SignedUp } from '@tests/helpers/users';

const hits: Array<{ path: string; agent: string | undefined }> = [];
const monitor = http.createServer((req, res) => {
  hits.push({ path: req.url ?? '', agent: req.headers['user-agent'] });
  if (req.url === '/moved') return res.writeHead(302, { location: '/ok' }).end();
  if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
  res.writeHead(req.url === '/broken' ? 500 : 200).end('OK');
});
let base: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => monitor.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(monitor.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => monitor.close(resolve)));

const put = (t: TestApp, who: SignedUp | undefined, url: string | null) =>
  t.app.inject({ method: 'PUT', url: '/api/legacy/heartbeat', headers: who ? { cookie: who.cookie } : {}, payload: { url } });
const get = async (t: TestApp, who: SignedUp) =>
  (await t.app.inject({ method: 'GET', url: '/api/legacy/heartbeat', headers: { cookie: who.cookie } })).json<Heartbeat>();

describe('with an operator who allows addresses of the home network', () => {
  let t: TestApp;
  let owner: SignedUp;
  let other: SignedUp;
  beforeAll(async () => {
    t = await buildTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
    owner = await signUp(t.app);
    other = await signUp(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it('calls the monitor once when the URL is set, then every hour, and shows when it last answered', async () => {
    hits.length = 0;
    const res = await put(t, owner, `${base}/ping/abc`);
    expect(res.statusCode).toBe(200);
    const set = res.json<Heartbeat>();
    expect(set).toMatchObject({ url: `${base}/ping/abc`, lastError: null });
    expect(set.lastOkAt).toBe(set.lastCallAt);
    expect(hits).toEqual([{ path: '/ping/abc', agent: 'heirloom heartbeat' }]);

    await t.app.services.heartbeat.callAll();
    expect(hits.map((h) => h.path)).toEqual(['/ping/abc', '/ping/abc']);
    expect(await get(t, owner)).toMatchObject({ url: `${base}/ping/abc`, lastError: null });
    expect(await get(t, other)).toEqual({ url: null, lastCallAt: null, lastOkAt: null, lastError: null });
  });

  it('follows a redirect, and says why a call failed without refusing the address', async () => {
    expect((await put(t, owner, `${base}/moved`)).json<Heartbeat>()).toMatchObject({ lastError: null });
    expect(hits.slice(-2).map((h) => h.path)).toEqual(['/moved', '/ok']);

    const broken = (await put(t, owner, `${base}/broken`)).json<Heartbeat>();
    expect(broken).toMatchObject({ url: `${base}/broken`, lastOkAt: null, lastError: 'The monitor answered with status 500' });
    expect((await put(t, owner, `${base}/loop`)).json<Heartbeat>().lastError).toBe('It redirected too many times');

    const nobody = http.createServer();
    await new Promise<void>((resolve) => nobody.listen(0, '127.0.0.1', resolve));
    const port = (nobody.address() as AddressInfo).port;
    await new Promise((resolve) => nobody.close(resolve));
    const gone = await put(t, owner, `http://127.0.0.1:${port}/`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json<Heartbeat>().lastError).toBe('Nothing answered at that address');
  });

  it('keeps why a call failed in the words of a German owner, and refuses an address in German', async () => {
    const german = await signUp(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: { cookie: german.cookie }, payload: { language: 'de' } });
    expect((await put(t, german, `${base}/broken`)).json<Heartbeat>().lastError).toBe('Der Monitor hat mit Status 500 geantwortet');
    expect((await put(t, german, `${base}/loop`)).json<Heartbeat>().lastError).toBe('Sie hat zu oft weitergeleitet');
    await t.app.services.heartbeat.callAll();
    expect((await get(t, german)).lastError).toBe('Sie hat zu oft weitergeleitet');
    const refused = await put(t, german, 'ftp://example.com/ping');
    expect(refused.json()).toMatchObject({ code: 'INVALID_URL', message: 'Die Adresse muss mit https:// oder http:// beginnen' });
    await put(t, german, null);
  });

  it('refuses what is not a web address, and forgets the URL when it is removed', async () => {
    for (const url of ['ftp://example.com/ping', 'not an address', 'javascript:alert(1)']) {
      const res = await put(t, owner, url);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/address/);
    }
    expect((await put(t, owner, null)).json()).toEqual({ url: null, lastCallAt: null, lastOkAt: null, lastError: null });
    hits.length = 0;
    await t.app.services.heartbeat.callAll();
    expect(hits).toEqual([]);
    expect((await put(t, undefined, `${base}/ping`)).statusCode).toBe(401);
  });
});

describe('by default', () => {
  let t: TestApp;
  let owner: SignedUp;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it("refuses an address of the server's own network, by name or by number, and calls nothing", async () => {
    hits.length = 0;
    const port = (monitor.address() as AddressInfo).port;
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '10.0.0.7', '169.254.169.254', '[fd00::1]']) {
      const res = await put(t, owner, `http://${host}:${port}/ping`);
      expect(res.statusCode, host).toBe(400);
      expect(res.json()).toMatchObject({ code: 'OUTBOUND_PRIVATE_ADDRESS', message: expect.stringContaining("this server's own network") });
    }
    expect(hits).toEqual([]);
    expect((await get(t, owner)).url).toBeNull();
  });
});
