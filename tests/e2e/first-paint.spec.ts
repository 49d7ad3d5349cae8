// Decision 035: the landing page arrives as HTML and is then hydrated; a signed-in page arrives with the user,
// so the app renders it without first asking GET /api/user.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const HERO = 'Your life story, kept safe for the people you love.';

/** Console errors and uncaught exceptions (a hydration mismatch is reported as a console error). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Every request for the current user the page makes. */
function userRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/user') urls.push(req.url());
  });
  return urls;
}

test('the landing page HTML holds the hero and the waitlist forms before any script runs', async ({ page, browser }) => {
  const res = await page.request.get('/');
  expect(res.headers()['content-type']).toContain('text/html');
  const html = await res.text();
  expect(html).toContain(HERO);
  expect(html.match(/Join Waitlist/g)).toHaveLength(3);

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto('/');
  await expect(still.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  await noScript.close();

  const other = await (await page.request.get('/faq')).text();
  expect(other).not.toContain(HERO); // other pages get the plain shell
});

test('the prerendered landing page hydrates: no error, and the waitlist form works', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  await hero.getByLabel('Email address').fill(`hydrated-${Date.now()}@example.com`);
  await hero.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(page.getByText('Success!', { exact: true })).toBeVisible();
  await expect(hero.getByLabel('Email address')).toHaveValue('');
  expect(errors).toEqual([]);
});

test('only the landing page’s islands are React’s: the sections, header and footer stay the HTML sent', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const isReacts = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$')));
  await expect.poll(() => isReacts('[data-landing-island="waitlist-closing"] form')).toBe(true);
  expect(await isReacts('h1')).toBe(false);
  expect(await isReacts('footer p')).toBe(false);
  // the header's and footer's code never comes
  expect(scripts.filter((file) => /\/site-frame-/.test(file))).toEqual([]);
  // the footer's year is today's, whatever the build's was
  await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()} heirloom.`);
});

test('a signed-in page arrives with the user and renders without asking GET /api/user', async ({ page, signIn }) => {
  const user = await signIn();
  const html = await (await page.request.get('/profile')).text();
  expect(html).toContain('id="heirloom-user"');
  expect(html).toContain(user.email);

  const errors = collectErrors(page);
  const asked = userRequests(page);
  await page.goto('/profile');
  await expect(page.getByText(`${user.firstName} ${user.surname}`, { exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to heirloom' })).toBeVisible();
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test("a signed-in visitor's dashboard is drawn by the HTML, then becomes live with no spinner in between", async ({
  page,
  browser,
  signIn,
}) => {
  await signIn();
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const still = await noScript.newPage();
  await still.goto('/dashboard');
  await expect(still.getByRole('heading', { level: 1, name: 'Welcome to heirloom' })).toBeVisible();
  await expect(still.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Story' })).toBeVisible();
  await expect(still).toHaveTitle('Dashboard · heirloom');
  // No control that would do nothing: the search and the menu come with the app, the collapse button waits for it.
  await expect(still.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await expect(still.getByRole('button', { name: 'Collapse navigation' })).toBeDisabled();
  await noScript.close();

  // What the page shows from its first node on: the heading must never leave, and no loading spinner may appear.
  await page.addInitScript(`
    const seen = (window.__firstPaintStates = []);
    const record = () => {
      const state = (document.querySelector('main h1') ? 'heading' : 'no heading') + (document.querySelector('main [aria-label="Loading"]') ? ', spinner' : '');
      if (seen.at(-1) !== state) seen.push(state);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true });
  `);
  const errors = collectErrors(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click(); // there only once the app runs
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  const states = await page.evaluate(() => (window as unknown as { __firstPaintStates: string[] }).__firstPaintStates);
  expect(states.slice(states.indexOf('heading'))).toEqual(['heading']);
  expect(errors).toEqual([]);
});

test('a signed-in visitor on the login page goes on to the dashboard without asking GET /api/user', async ({ page, signIn }) => {
  await signIn();
  const asked = userRequests(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(asked).toEqual([]);
});

test('an anonymous visitor gets no user in the page and is sent to login', async ({ page }) => {
  const html = await (await page.request.get('/dashboard')).text();
  expect(html).not.toContain('id="heirloom-user"');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

/** The GET requests `html` has the browser make with the page (decision 056), as the app will ask them. */
const preloadedRequests = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((m) =>
    m[1]!.replaceAll('&amp;', '&'),
  );

test("each signed-in screen's HTML preloads its code and first requests, and the app uses each answer instead of asking again", async ({
  page,
  signIn,
}) => {
  await signIn();
  // What the app fetches (its api-client), as it names the URL.
  await page.addInitScript(() => {
    const fetched: string[] = [];
    (window as unknown as { __fetched: string[] }).__fetched = fetched;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      fetched.push(typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url);
      return original(input, init);
    };
  });
  const asked = new Map<string, number>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
  });
  const errors = collectErrors(page);
  for (const [screen, heading] of [
    ['/dashboard', 'Welcome to heirloom'],
    ['/photos', 'Photos'],
    ['/people', 'People'],
    ['/memories', 'Memories'],
    ['/vault', 'Vault'],
    ['/family', 'Family'],
    ['/friends', 'Friends'],
  ] as const) {
    const html = await (await page.request.get(screen)).text();
    expect(html, screen).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/[\w.~-]+\.js">/);
    const preloaded = preloadedRequests(html);
    expect(preloaded.length, screen).toBeGreaterThan(0);
    asked.clear();
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The app asked for each (the heading can come with the HTML, and a busy machine may still be running the
    // app's code once the network is idle), and the browser made one request each: the preload's (a second would
    // mean the app asked in a way the preload did not match).
    const fetched = () => page.evaluate(() => (window as unknown as { __fetched: string[] }).__fetched);
    await expect
      .poll(fetched, { message: `${screen}: the app asks for what its HTML preloads` })
      .toEqual(expect.arrayContaining(preloaded));
    await page.waitForLoadState('networkidle');
    for (const url of preloaded) expect(asked.get(url), `${screen}: ${url}`).toBe(1);
  }
  expect(errors).toEqual([]);
});
