// Firefox for the offline pages (the escrow opener, the export viewer): Debian's Firefox ESR, headless, driven
// over WebDriver BiDi by puppeteer-core (decision 085). Playwright drives only its own Firefox build, which
// cannot be downloaded here; the browser the pages promise to work in is the stock one.
import fs from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/** Where Debian puts Firefox ESR (FIREFOX_PATH overrides it). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export const firefoxInstalled = fs.existsSync(FIREFOX_PATH);

// Every request that is not a file, a blob or data: would go through a proxy on a port where nothing listens,
// so nothing leaves the machine even if a page tried.
const NO_NETWORK = {
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.socks': '127.0.0.1',
  'network.proxy.socks_port': 9,
  'network.proxy.allow_hijacking_localhost': true,
  'network.proxy.no_proxies_on': '',
};

export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: NO_NETWORK,
  });
}

/**
 * A tab offline, as the pages are opened when heirloom is gone: any request that is not a file or a blob is
 * remembered as a leak, console errors and uncaught exceptions collected.
 */
export async function offlineFirefoxPage(browser: Browser) {
  const page = await browser.newPage();
  await page.setOfflineMode(true);
  await page.setViewport({ width: 375, height: 740 });
  const leaks: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => {
    if (!/^(file|blob|data):/.test(req.url())) leaks.push(req.url());
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err instanceof Error ? err.message : String(err)));
  return { page, leaks, errors };
}
