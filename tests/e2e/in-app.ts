// Moving between screens inside the running app, as its own links do: no reload, so what a test put into the
// page (axe) stays there, and a screen costs its own requests only.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface RequestWatch {
  inFlight: number;
  changedAt: number;
}

/** Requests the page has sent and not yet had answered, and when that last changed. */
export function watchRequests(page: Page): RequestWatch {
  const watch = { inFlight: 0, changedAt: Date.now() };
  const change = (by: number) => () => {
    watch.inFlight += by;
    watch.changedAt = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return watch;
}

/**
 * Opens `path` in the app already loaded, as its own links do (history.pushState, then the popstate the router
 * listens to). Waits for the screen's h1 to replace the last screen's and for its requests to be answered
 * (nothing asked for 300 ms, as a screen that loads data in steps asks again).
 */
export async function openInApp(page: Page, watch: RequestWatch, path: string) {
  const left = await page.evaluateHandle(() => document.querySelector('h1'));
  const leftText = await left.evaluate((h1) => h1?.textContent ?? null);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(
    ([old, oldText]) => {
      const h1 = document.querySelector('h1');
      return h1 !== null && h1.checkVisibility() && (h1 !== old || h1.textContent !== oldText);
    },
    [left, leftText] as const,
  );
  await expect.poll(() => watch.inFlight === 0 && Date.now() - watch.changedAt >= 300, { intervals: [100] }).toBe(true);
}

/**
 * Waits until React has the screen: a page the server sends already drawn (the landing page, a signed-in
 * dashboard) is plain HTML until the app takes it over, and its h1 then becomes one of React's (a fiber on it).
 */
export async function reactHasTheScreen(page: Page) {
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber$'));
  });
}
