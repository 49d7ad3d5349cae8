import type { Browser } from '@playwright/test';

/**
 * A page with no network at all, for what opens from file:// (the archive's viewer, the letters' and the sealed
 * copies' openers): offline, any request that is not a file or a blob aborted and remembered as a leak, console
 * errors and uncaught exceptions collected.
 */
export async function offlinePage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  await context.setOffline(true);
  const leaks: string[] = [];
  const errors: string[] = [];
  await context.route('**', (route) => {
    if (route.request().url().startsWith('file:')) return route.continue();
    leaks.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  page.on('request', (req) => {
    if (!/^(file|blob):/.test(req.url())) leaks.push(req.url());
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, leaks, errors };
}
