import type { Browser, Page } from '@playwright/test';
import { paths } from '../../src/web/app/paths';
import { seriousFindings } from './axe';
import { expect, newTestUser, test } from './fixtures';
import { openInApp, reactHasTheScreen, watchRequests } from './in-app';

// heirloom in the reader's language (issue 33, decision 081): chosen by the browser, the menu and the account;
// the main screens in German and in the pseudo-language, with no English left and nothing clipped, also turned
// right to left.

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const PSEUDO = 'en-XA';

/** The screens of the main journeys, public and signed in. */
const PUBLIC_SCREENS = [paths.home, paths.faq, paths.login, paths.register, paths.forgotPassword];
const SIGNED_IN_SCREENS = [
  paths.dashboard,
  paths.story,
  paths.photos,
  paths.memories,
  paths.people,
  paths.family,
  paths.familyTree,
  paths.friends,
  paths.vault,
  paths.collections,
  paths.afterLife,
  paths.interviews,
  paths.settings,
];

async function register(page: Page, user = newTestUser()) {
  const reg = await page.request.post('/api/register', { data: { ...user, dateOfBirth: '1980-04-01', confirmPassword: user.password } });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(login.ok()).toBeTruthy();
  return user;
}

/** A page in `language`, as a browser that chose it before (the menu keeps the choice in localStorage). */
async function speaking(browser: Browser, language: string, locale = 'en-US') {
  const context = await browser.newContext({ locale });
  await context.addInitScript((l) => localStorage.setItem('heirloom.language', l), language);
  return context.newPage();
}

/**
 * Visible words the pseudo-language would have accented: English left in the page. Words that are the user's
 * own (their name, address), the product's name, and language names in the menu are no translation's to make.
 */
function untranslatedWords(page: Page, own: string[]) {
  return page.evaluate((ownWords) => {
    // 'Ctrl' is a key's name on the keyboard (the search's shortcut), printed as the key says; GEDCOM a file format's
    const skip = new Set(['heirloom', 'English', 'Deutsch', 'Español', 'Français', 'Ctrl', 'GEDCOM', ...ownWords]);
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, option, [translate="no"], [data-user-content]')) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden' || style.display === 'none' || parent.getClientRects().length === 0) continue;
      for (const word of node.textContent?.match(/[A-Za-z]{3,}/g) ?? []) if (!skip.has(word)) found.add(word);
    }
    // attributes a reader meets too
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(attr) ?? '';
        if (/^\S+\.\S+$|^\S*:\/\/\S*$/.test(value)) continue; // an example address (https://…, ping.example.com) is no sentence
        for (const word of value.match(/[A-Za-z]{3,}/g) ?? []) if (!skip.has(word)) found.add(`${attr}:${word}`);
      }
    }
    return [...found];
  }, own);
}

/** The page scrolls sideways, or a control's or heading's text runs out of its box (not an intended ellipsis). */
function overflows(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      found.push(`page is ${document.documentElement.scrollWidth}px wide in ${window.innerWidth}px`);
    }
    // inside a row that scrolls sideways (tabs) or a view panned by hand (the family tree), a control may lie
    // beyond the edge until scrolled or panned to
    const inScroller = (el: HTMLElement) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (['auto', 'scroll'].includes(style.overflowX) || style.touchAction === 'none') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>('button, a, label, h1, h2, h3, [role="tab"], th')) {
      if (el.getClientRects().length === 0 || el.closest('.sr-only') || inScroller(el)) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis' || style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      if (el.scrollWidth > el.clientWidth + 2 && style.overflowX === 'hidden') found.push(`clipped: ${el.outerHTML.slice(0, 120)}`);
      const rect = el.getBoundingClientRect();
      if (rect.right > window.innerWidth + 1 || rect.left < -1) found.push(`off the screen: ${el.outerHTML.slice(0, 120)}`);
    }
    return found;
  });
}

test('a German browser gets German; the menu switches to Spanish and the choice is kept', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(paths.home);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page).toHaveTitle('heirloom — Ihre Lebensgeschichte, bewahrt für die Menschen, die Sie lieben');
  // picked at once, maybe before React has taken the drawn page over: the choice still counts
  await page.getByLabel('Sprache').selectOption('es');
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(/la historia de su vida/);
  await page.goto(paths.faq);
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await context.close();
});

test('on the landing page the menu works from the keyboard: the arrows pass languages by, Enter brings the page back in the one chosen, the menu focused', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(paths.home);
  await reactHasTheForms(page); // the page's script is there
  const menu = page.getByRole('combobox', { name: 'Language' });
  await menu.focus();
  await page.keyboard.press('ArrowDown'); // English → Deutsch: a step, not yet a choice
  await expect(menu).toHaveValue('de');
  await page.waitForTimeout(300);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.keyboard.press('ArrowDown'); // → Español
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  expect(await page.evaluate(() => localStorage.getItem('heirloom.language'))).toBe('es');
  await context.close();
});

test('a visitor who chose German in this browser gets the landing page drawn in German, reloaded once', async ({ browser }) => {
  const page = await speaking(browser, 'de');
  const documents: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documents.push(req.url());
  });
  await page.goto(paths.home);
  await reactHasTheForms(page);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Ihre Lebensgeschichte, sicher bewahrt für die Menschen, die Sie lieben.',
  );
  expect(documents).toHaveLength(2); // the page as first sent, then once more with the cookie set
  // the forms, React's, speak German too
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  await hero.getByLabel('E-Mail-Adresse').fill(`german-${Date.now()}@example.com`);
  await hero.getByRole('button', { name: 'Auf die Warteliste' }).click();
  await expect(page.getByText('Geschafft!', { exact: true })).toBeVisible();
  await page.context().close();
});

test('the account keeps its language: chosen in Settings, it follows the owner to another browser', async ({ page, browser }) => {
  const user = await register(page);
  await page.goto(paths.settings);
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Langue' })).toBeVisible();
  await expect.poll(async () => (await (await page.request.get('/api/user')).json()).language).toBe('fr');

  const elsewhere = await browser.newContext({ locale: 'en-US' });
  const other = await elsewhere.newPage();
  const login = await other.request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(login.ok()).toBeTruthy();
  await other.goto(paths.settings);
  await expect(other.locator('html')).toHaveAttribute('lang', 'fr');
  await elsewhere.close();
});

test('a form’s own checks speak the page’s language', async ({ browser }) => {
  const page = await speaking(browser, 'de');
  await page.goto(paths.register);
  await page
    .getByRole('button')
    .filter({ hasText: /Registrieren|Konto/ })
    .first()
    .click();
  await expect(page.getByText('Bitte geben Sie Ihren Vornamen ein')).toBeVisible();
  await page.context().close();
});

/**
 * Waits until React has the landing page's forms: only its islands are React's (decision 035), unless it is drawn
 * whole in a language the server has no page in (the pseudo-language).
 */
async function reactHasTheForms(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector('#hero-title')?.closest('section')?.querySelector('form');
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactFiber$'));
  });
}

/**
 * Walks the public screens, then signs up and walks the signed-in ones, each screen opened once (inside the app
 * after the first, as its links do) and handed to `check`.
 */
async function walkScreens(page: Page, user: ReturnType<typeof newTestUser>, check: (path: string) => Promise<void>) {
  const watch = watchRequests(page);
  let inApp = false;
  for (const path of PUBLIC_SCREENS) {
    await page.setViewportSize(DESKTOP);
    if (inApp) await openInApp(page, watch, path);
    else {
      await page.goto(path);
      if (path === paths.home) await reactHasTheForms(page);
      else await reactHasTheScreen(page);
      await page.waitForLoadState('networkidle');
      inApp = path !== paths.home; // the landing page is a bundle of its own, without the app's router
    }
    await check(path);
  }
  await register(page, user);
  for (const [index, path] of SIGNED_IN_SCREENS.entries()) {
    await page.setViewportSize(DESKTOP);
    if (index > 0) await openInApp(page, watch, path);
    else {
      await page.goto(path);
      await reactHasTheScreen(page);
      await page.waitForLoadState('networkidle');
    }
    await check(path);
  }
}

async function atWidth(page: Page, viewport: typeof PHONE, dir: 'ltr' | 'rtl') {
  await page.setViewportSize(viewport);
  await page.evaluate((d) => (document.documentElement.dir = d), dir);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() => document.fonts.ready);
}

test('the main screens in the pseudo-language: nothing left in English, nothing clipped at 375 and 1280 px, also right to left', async ({
  browser,
}) => {
  test.slow();
  const page = await speaking(browser, PSEUDO);
  const problems: string[] = [];
  const user = newTestUser();
  const own = [user.firstName, user.surname];
  await walkScreens(page, user, async (path) => {
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
    for (const word of await untranslatedWords(page, own)) problems.push(`${path}: untranslated "${word}"`);
    for (const viewport of [DESKTOP, PHONE]) {
      for (const dir of ['ltr', 'rtl'] as const) {
        await atWidth(page, viewport, dir);
        for (const found of await overflows(page)) problems.push(`${path} at ${viewport.width}px ${dir}: ${found}`);
      }
    }
    await atWidth(page, DESKTOP, 'ltr');
  });
  expect(problems).toEqual([]);
  await page.context().close();
});

test('the main screens in German on a phone: axe passes with lang="de", nothing clipped', async ({ browser }) => {
  test.slow();
  const page = await speaking(browser, 'de');
  const problems: string[] = [];
  await walkScreens(page, newTestUser(), async (path) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await atWidth(page, PHONE, 'ltr');
    for (const found of await overflows(page)) problems.push(`${path} at ${PHONE.width}px: ${found}`);
    for (const finding of await seriousFindings(page)) problems.push(`${path}: axe ${finding}`);
  });
  expect(problems).toEqual([]);
  await page.context().close();
});
