// The offline pages promise to work from file:// in any modern browser; the browser tests prove it in Chromium,
// this file in Firefox (decision 085). A sealed copy written by the server's bundle writer and the escrow opener
// are saved to a folder, the opener is opened from file:// with no network, the heir's key code and two
// verifier codes are typed: the photo, the memory and both letters appear; a copy with one changed byte is
// reported, naming the file. The export's viewer opens the same heir's files from file:// too.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeReleaseKey } from '@shared/escrow/release-key';
import { keyCodeFromBytes } from '@shared/key-code';
import { heirPublicKey } from '@shared/sealed-letter';
import { escrowOpenerHtml } from '@server/lib/escrow-opener';
import { viewerAssets } from '@server/features/exports/viewer-assets';
import { SAMPLE, sampleCopyFiles, withFlippedByte, writeSampleBundle } from '@tests/helpers/escrow-copy';
import { FIREFOX_PATH, firefoxInstalled, launchFirefox, offlineFirefoxPage } from '@tests/helpers/firefox';

/**
 * Runs `check(arg)` in the page until it gives a truthy value. (Puppeteer's own waiting compiles its check with
 * `new Function` inside the page, which the pages' policy forbids; a protocol call is not the page's script.)
 */
async function until<T extends boolean | number>(page: Page, check: (arg: string) => T, arg: string, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = (await page.evaluate(check, arg)) as T;
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Firefox never showed ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves once the page's text holds `text`. */
const shows = (page: Page, text: string) => until(page, (t) => document.body.innerText.includes(t), text, `“${text}”`);

/** The photo's picture (named by its title, and its date on the timeline) scrolled into view: its natural width, once loaded. */
function photoWidth(page: Page): Promise<number> {
  return until(
    page,
    (title) => {
      const img = [...document.images].find((i) => i.alt.startsWith(title));
      img?.scrollIntoView();
      return img?.complete ? img.naturalWidth : 0;
    },
    SAMPLE.photoTitle,
    'the photo',
  );
}

async function openWithCodes(page: Page, opener: string, bundle: string, keyCode: string, verifierCodes: string[]) {
  await page.goto(pathToFileURL(opener).href);
  const input = await page.$('input#copy-file');
  await input!.uploadFile(bundle);
  await shows(page, 'It opens with your key code and 2 of the 3 verifiers’ codes.');
  // typed key by key, as a person types them: the opener checks each group on its input events
  await page.type('#key-code', keyCode);
  for (const [i, code] of verifierCodes.entries()) await page.type(`#verifier-code-${i + 1}`, code);
  await page.click('button[type="submit"]');
}

// Skipped only where Firefox is not installed on a developer's machine; CI installs it (scripts/test.mjs).
if (!firefoxInstalled) {
  const missing = `Firefox ESR is not at ${FIREFOX_PATH}: install Debian's firefox-esr (or set FIREFOX_PATH) to test the offline pages in Firefox.`;
  if (process.env.CI) throw new Error(missing);
  console.warn(`${missing} Skipped.`);
}

describe.skipIf(!firefoxInstalled)('offline pages in Firefox', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-firefox-'));
  let browser: Browser;
  let files: Map<string, Buffer>;

  beforeAll(async () => {
    browser = await launchFirefox();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the escrow opener opens a sealed copy from file:// with the key code and two verifier codes, and names a changed byte', async () => {
    const keyCode = keyCodeFromBytes(randomBytes(17));
    const release = await makeReleaseKey(2, 3);
    const heir = await heirPublicKey(keyCode);
    files = await sampleCopyFiles(heir);
    const bundle = path.join(dir, 'anna.heirloom-escrow');
    await writeSampleBundle(bundle, { heirPublicKey: heir, release, files });
    const verifierCodes = [release.codes[2]!, release.codes[0]!];
    const changed = path.join(dir, 'changed.heirloom-escrow');
    fs.writeFileSync(changed, await withFlippedByte(bundle, { keyCode, verifierCodes }, SAMPLE.photoPath));
    const opener = path.join(dir, 'open-heirloom-bundle.html');
    fs.writeFileSync(opener, await escrowOpenerHtml());

    const { page, leaks, errors } = await offlineFirefoxPage(browser);
    await openWithCodes(page, opener, bundle, keyCode, verifierCodes);
    await shows(page, 'The copy is open, in this browser only.');
    await shows(page, SAMPLE.sealedBody);
    await shows(page, SAMPLE.plainBody);
    await shows(page, 'The copy is checked: 8 files, none changed or damaged.');
    await shows(page, SAMPLE.memoryTitle);
    expect(await photoWidth(page)).toBe(320);

    await openWithCodes(page, opener, changed, keyCode, verifierCodes);
    await shows(page, `The copy was changed or damaged: file “${SAMPLE.photoPath}”, part 1.`);

    expect(leaks).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('the export’s viewer shows the same files from file://', async () => {
    const archive = path.join(dir, 'archive');
    for (const [name, bytes] of files) {
      fs.mkdirSync(path.dirname(path.join(archive, name)), { recursive: true });
      fs.writeFileSync(path.join(archive, name), bytes);
    }
    const { indexHtml, viewerJs } = await viewerAssets();
    fs.mkdirSync(path.join(archive, 'viewer'));
    fs.writeFileSync(path.join(archive, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(archive, 'viewer', 'viewer.js'), viewerJs);
    fs.writeFileSync(path.join(archive, 'viewer', 'data.js'), `window.HEIRLOOM_EXPORT = ${files.get('heirloom.json')!.toString()};\n`);

    const { page, leaks, errors } = await offlineFirefoxPage(browser);
    await page.goto(pathToFileURL(path.join(archive, 'index.html')).href);
    await shows(page, SAMPLE.memoryTitle);
    expect(await photoWidth(page)).toBe(320);

    expect(leaks).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
