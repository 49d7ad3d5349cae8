import type { Browser, Page } from '@playwright/test';
import { paths } from '../../src/web/app/paths';
import { seriousFindings } from './axe';
import { expect, newTestUser, test } from './fixtures';

// heirloom in the reader's language (issue 33, decision 081): chosen by the browser, the menu and the account;
// the main screens in German and in the pseudo-language, with no English left and nothing clipped, also turned
// right to left.

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** The screens of the main journeys, public and signed in. */
const PUBLIC_SCREENS = [paths.home, paths.faq, paths.login, paths.register, paths.forgotPassword];
const SIGNED_IN_SCREENS = [
  paths.dashboard,
  paths.story,
  paths.photos,
  paths.memories,
  paths.people,
  paths.family,
  paths.friends,
  paths.vault,
  paths.collections,
  paths.afterLife,
  paths.settings,
];

async function register(page: Page) {
  const user = newTestUser();
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

async function settled(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Visible words the pseudo-language would have accented: English left in the page. Words that are the user's
 * own (their name, address), the product's name, and language names in the menu are no translation's to make.
 */
function untranslatedWords(page: Page, own: string[]) {
  return page.evaluate((ownWords) => {
    // 'Ctrl' is a key's name on the keyboard (the search's shortcut), printed as the key says
    const skip = new Set(['heirloom', 'English', 'Deutsch', 'Español', 'Français', 'Ctrl', ...ownWords]);
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
    // inside a row that scrolls sideways (tabs), a control may lie beyond the edge until scrolled to
    const inScroller = (el: HTMLElement) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
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
  await page.waitForLoadState('networkidle'); // the page is drawn before React takes its menu over
  await page.getByLabel('Sprache').selectOption('es');
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.goto(paths.faq);
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await context.close();
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

for (const [language, label] of [
  ['en-XA', 'the pseudo-language'],
  ['de', 'German'],
] as const) {
  test(`the main screens in ${label}: nothing left in English, nothing clipped at 375 and 1280 px, axe passes`, async ({ browser }) => {
    test.slow();
    const page = await speaking(browser, language);
    const user = await register(page);
    const own = [user.firstName, user.surname];
    const problems: string[] = [];
    for (const path of [...PUBLIC_SCREENS, ...SIGNED_IN_SCREENS]) {
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await settled(page, path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        for (const found of await overflows(page)) problems.push(`${path} at ${viewport.width}px: ${found}`);
        if (language === 'en-XA' && viewport === DESKTOP) {
          for (const word of await untranslatedWords(page, own)) problems.push(`${path}: untranslated "${word}"`);
        }
        if (language === 'de' && viewport === PHONE) {
          for (const finding of await seriousFindings(page)) problems.push(`${path}: axe ${finding}`);
        }
      }
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
}

test('turned right to left, the main screens keep everything on the screen at 375 and 1280 px', async ({ browser }) => {
  test.slow();
  const page = await speaking(browser, 'en-XA');
  await register(page);
  const problems: string[] = [];
  for (const path of [...PUBLIC_SCREENS, ...SIGNED_IN_SCREENS]) {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await settled(page, path);
      await page.evaluate(() => (document.documentElement.dir = 'rtl'));
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      for (const found of await overflows(page)) problems.push(`${path} at ${viewport.width}px: ${found}`);
    }
  }
  expect(problems).toEqual([]);
  await page.context().close();
});
