// The server's HTML for the web app (decision 035): the prerendered landing page at `/`, the plain shell
// elsewhere, and a signed-in visitor's user inside the shell so the app's first render needs no GET /api/user.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

const WORDS = '/assets/messages/0a1b2c3d4e5f/';
const SHELL = `<!doctype html><html><head><title>heirloom</title><meta name="heirloom-catalogues" content="${WORDS}"></head><body><div id="root"></div></body></html>`;
const LANDING = SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Your life story</h1></div>');
const LANDING_DE = LANDING.replace('<html>', '<html lang="de">').replace('Your life story', 'Ihre Lebensgeschichte');
const DASHBOARD = SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Welcome to heirloom</h1></div>');
const DASHBOARD_DE = DASHBOARD.replace('<html>', '<html lang="de">').replace('Welcome to heirloom', 'Willkommen bei heirloom');
const USER_BLOCK = /<script type="application\/json" id="heirloom-user">(.*?)<\/script>/;
// What scripts/prerender.mjs writes for the page table (decision 056), a few pages of it.
const PRELOADS = [
  {
    pattern: '/photos',
    access: 'signed-in',
    scripts: ['/assets/photos-1.js'],
    styles: ['/assets/viewer-1.css'],
    requests: ['/api/photos/page?sortBy=dateTaken&limit=150'],
    part: 'app/routes/photos',
  },
  { pattern: '/collections/:id', access: 'signed-in', scripts: ['/assets/collections-1.js'], styles: [], requests: [] },
  { pattern: '/login', access: 'guest-only', scripts: ['/assets/login-1.js'], styles: [], requests: [] },
];
const PRELOAD = /<link rel="(?:modulepreload|preload)"[^>]*>/g;

describe('web app HTML', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), SHELL);
    fs.writeFileSync(path.join(webRoot, 'landing.html'), LANDING);
    fs.writeFileSync(path.join(webRoot, 'landing.html.br'), brotliCompressSync(LANDING));
    fs.writeFileSync(path.join(webRoot, 'landing.html.gz'), gzipSync(LANDING));
    fs.writeFileSync(path.join(webRoot, 'landing.de.html'), LANDING_DE);
    fs.writeFileSync(path.join(webRoot, 'dashboard.html'), DASHBOARD);
    fs.writeFileSync(path.join(webRoot, 'dashboard.de.html'), DASHBOARD_DE);
    fs.mkdirSync(path.join(webRoot, '.vite'));
    fs.writeFileSync(path.join(webRoot, '.vite', 'page-preloads.json'), JSON.stringify(PRELOADS));
    t = await buildTestApp({}, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends the prerendered landing page at / and the empty shell on other pages', async () => {
    const landing = await t.app.inject({ method: 'GET', url: '/?ref=mail' });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toBe(LANDING);
    expect(landing.headers['cache-control']).toBe('no-cache');

    const faq = await t.app.inject({ method: 'GET', url: '/faq' });
    expect(faq.body).toBe(SHELL);
    expect(faq.headers['cache-control']).toBe('no-cache');
  });

  it('sends the landing page in the reader’s language: their choice (cookie), else their browser’s', async () => {
    const german = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } });
    expect(german.body).toBe(LANDING_DE);
    expect(german.headers.vary).toMatch(/Accept-Language/);
    const chosen = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de', cookie: 'heirloom_language=en' } });
    expect(chosen.body).toBe(LANDING);
    // a language heirloom ships with no prerendered page of its own gets the English one, never an error
    const spanish = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'es' } });
    expect(spanish.body).toBe(LANDING);
  });

  it('sends the landing page pre-compressed to a browser that takes brotli', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(LANDING);
  });

  it('puts no user into the page of an anonymous visitor or of an unknown session', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(anonymous.body).not.toMatch(USER_BLOCK);
    const forged = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: 'heirloom_session=forged' } });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toMatch(USER_BLOCK);
  });

  it('puts the signed-in user into the page, the same as GET /api/user, and keeps it out of caches', async () => {
    const { cookie } = await signUp(t.app, { firstName: '</script><script>alert(1)</script>' });
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toContain('Cookie');
    const block = USER_BLOCK.exec(page.body);
    expect(block).not.toBeNull();
    const apiUser = (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json();
    expect(JSON.parse(block![1]!)).toEqual(apiUser);
    expect(page.body.match(/<\/script/gi)).toHaveLength(1); // the hostile name did not end the element
  });

  it('keeps the landing page the same for everyone, signed in or not', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(res.body).toBe(LANDING);
  });

  it('puts no user into the page after sign-out', async () => {
    const { cookie } = await signUp(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBeLessThan(300);
    const res = await t.app.inject({ method: 'GET', url: '/profile', headers: { cookie } });
    expect(res.body).not.toMatch(USER_BLOCK);
  });

  it("sends a signed-in visitor's /dashboard already drawn, and nobody else's", async () => {
    const { cookie } = await signUp(t.app);
    const drawn = await t.app.inject({ method: 'GET', url: '/dashboard?from=login', headers: { cookie } });
    expect(drawn.body).toContain('<h1>Welcome to heirloom</h1>');
    expect(drawn.body).toMatch(USER_BLOCK);
    expect(drawn.headers['cache-control']).toBe('private, no-store');
    // Another page of the same visitor, and the dashboard of a visitor who is not signed in (sent on to /login).
    const profile = await t.app.inject({ method: 'GET', url: '/profile', headers: { cookie } });
    expect(profile.body).not.toContain('Welcome to heirloom');
    expect(profile.body).toMatch(USER_BLOCK);
    const anonymous = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(anonymous.body).toBe(SHELL);
  });

  it('draws the dashboard in the account’s language, else the browser’s', async () => {
    const { cookie } = await signUp(t.app);
    const browserGerman = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie, 'accept-language': 'de' } });
    expect(browserGerman.body).toContain('<html lang="de">');
    expect(browserGerman.body).toContain('<h1>Willkommen bei heirloom</h1>');
    expect(browserGerman.body).toMatch(USER_BLOCK);
    const chose = await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: { cookie }, payload: { language: 'en' } });
    expect(chose.statusCode).toBe(200);
    const accountEnglish = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie, 'accept-language': 'de' } });
    expect(accountEnglish.body).toContain('<h1>Welcome to heirloom</h1>');
  });

  it('compresses a personal page for a browser that takes it', async () => {
    const { cookie } = await signUp(t.app);
    const plain = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
    const br = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('private, no-store');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/profile', headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toMatch(USER_BLOCK);
  });

  it("puts the links that preload a page's code and first requests into the page its visitor will see", async () => {
    const { cookie } = await signUp(t.app);
    const photos = await t.app.inject({ method: 'GET', url: '/photos/', headers: { cookie } });
    expect(photos.body.match(PRELOAD)).toEqual([
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/photos/page?sortBy=dateTaken&amp;limit=150">',
      '<link rel="modulepreload" crossorigin href="/assets/photos-1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/viewer-1.css">',
    ]);
    expect(photos.body.indexOf('rel="modulepreload"')).toBeLessThan(photos.body.indexOf('</head>'));
    expect(photos.body).toMatch(USER_BLOCK);
    const collection = await t.app.inject({ method: 'GET', url: '/collections/42?tab=links', headers: { cookie } });
    expect(collection.body.match(PRELOAD)).toEqual(['<link rel="modulepreload" crossorigin href="/assets/collections-1.js">']);
    // Pages a visitor is sent away from: nothing to preload.
    expect((await t.app.inject({ method: 'GET', url: '/photos' })).body).toBe(SHELL);
    expect((await t.app.inject({ method: 'GET', url: '/login', headers: { cookie } })).body).not.toMatch(PRELOAD);
    expect((await t.app.inject({ method: 'GET', url: '/collections/42/more', headers: { cookie } })).body).not.toMatch(PRELOAD);
    // A visitor's login page is the same for everyone: compressed once, revalidated like the shell.
    const login = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(login.rawPayload).toString().match(PRELOAD)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/login-1.js">',
    ]);
  });

  it('has the browser fetch the page’s words with it in the reader’s language, none in English (decision 086)', async () => {
    const { cookie } = await signUp(t.app);
    const english = await t.app.inject({ method: 'GET', url: '/photos', headers: { cookie, 'accept-language': 'en' } });
    expect(english.body.match(PRELOAD)?.join('')).not.toContain(WORDS);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: { cookie }, payload: { language: 'de' } })).statusCode,
    ).toBe(200);
    const german = await t.app.inject({ method: 'GET', url: '/photos', headers: { cookie, 'accept-language': 'en' } });
    expect(german.body.match(PRELOAD)).toEqual(
      expect.arrayContaining([
        `<link rel="preload" as="fetch" crossorigin href="${WORDS}de/app.json">`,
        `<link rel="preload" as="fetch" crossorigin href="${WORDS}de/app.routes.photos.json">`,
      ]),
    );
  });

  it('never sends what the server reads from the build (.vite/)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.vite/page-preloads.json' });
    expect(res.body).not.toContain('photos-1.js');
  });

  it('still answers unknown API paths and other methods with JSON 404s', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).json()).toEqual({ message: 'Not found' });
    expect((await t.app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
  });
});
