import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { makeReleaseKey } from '../../src/shared/escrow/release-key';
import { keyCodeFromBytes } from '../../src/shared/key-code';
import { heirPublicKey } from '../../src/shared/sealed-letter';
import { escrowOpenerHtml } from '../../src/server/lib/escrow-opener';
import { SAMPLE, sampleCopyFiles, withFlippedByte, writeSampleBundle } from '../helpers/escrow-copy';
import { seriousFindings } from './axe';
import { expect, test } from './fixtures';
import { offlinePage } from './offline-page';

// Issue 32: a sealed copy opens with no heirloom running. The opener (one HTML file) and a copy written by the
// server's bundle writer are saved to a folder and the opener is opened from file:// with the network cut: the
// key code and two of the three verifier codes show the photo, the memory and the sealed letter; one verifier
// code, or another heir's key code, opens nothing and the page says why; a copy with one changed byte is
// reported, naming the file.

async function typeCodes(page: Page, keyCode: string, verifierCodes: string[]) {
  await page.getByLabel('Your key code').fill(keyCode);
  for (const [i, code] of verifierCodes.entries()) await page.getByLabel(`Verifier code ${i + 1}`, { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Open the copy' }).click();
}

test('a sealed copy opens from file:// with the key code and two verifier codes, and says why when it does not', async ({ browser }) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'escrow-opener-e2e-'));
  const keyCode = keyCodeFromBytes(randomBytes(17));
  const release = await makeReleaseKey(2, 3);
  const heir = await heirPublicKey(keyCode);
  const bundle = path.join(dir, 'anna.heirloom-escrow');
  await writeSampleBundle(bundle, { heirPublicKey: heir, release, files: await sampleCopyFiles(heir) });
  const changed = path.join(dir, 'changed.heirloom-escrow');
  await fs.writeFile(changed, await withFlippedByte(bundle, { keyCode, verifierCodes: release.codes.slice(0, 2) }, SAMPLE.photoPath));
  const opener = path.join(dir, 'open-heirloom-bundle.html');
  await fs.writeFile(opener, await escrowOpenerHtml());

  const { context, page, leaks, errors } = await offlinePage(browser, { width: 375, height: 740 });
  await page.goto(pathToFileURL(opener).href);
  await expect(page.getByRole('heading', { level: 1, name: 'Open a sealed copy from heirloom' })).toBeVisible();
  await page.getByLabel('The sealed copy').setInputFiles(bundle);
  await expect(page.getByText('It opens with your key code and 2 of the 3 verifiers’ codes.')).toBeVisible();
  expect(await seriousFindings(page), 'axe on the opener').toEqual([]);

  // each group is checked as it is typed
  const typo = release.codes[0]!.replace(/^(.{7})(.)/, (_, head: string, c: string) => head + (c === 'A' ? 'B' : 'A'));
  await page.getByLabel('Verifier code 1', { exact: true }).fill(typo);
  await expect(page.getByText("Group 2 has a typo: check it against the verifier's sheet.")).toBeVisible();

  const alert = page.locator('#open-error');
  await typeCodes(page, keyCode, [release.codes[0]!, '']);
  await expect(alert).toHaveText('2 verifier codes are needed; 1 was given.');
  await typeCodes(page, keyCodeFromBytes(randomBytes(17)), [release.codes[0]!, release.codes[2]!]);
  await expect(alert).toContainText('This key code is not the one this copy was sealed for.');
  await expect(page.getByText(SAMPLE.memoryTitle)).toHaveCount(0);

  await typeCodes(page, keyCode, [release.codes[2]!, release.codes[0]!]);
  await expect(page.getByText('The copy is open, in this browser only.')).toBeVisible();
  await expect(page.getByText(SAMPLE.sealedBody)).toBeVisible();
  await expect(page.getByText(SAMPLE.plainBody)).toBeVisible();
  await expect(page.getByText(/The copy is checked: 8 files, none changed or damaged\./)).toBeVisible();
  await page.getByRole('link', { name: SAMPLE.memoryTitle }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: SAMPLE.memoryTitle })).toBeVisible();
  await expect(page.getByText(SAMPLE.memoryText)).toBeVisible();
  const photo = page.getByRole('img', { name: SAMPLE.photoTitle }).first();
  await expect.poll(() => photo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
  expect(await seriousFindings(page), 'axe on the opened copy').toEqual([]);

  // the same codes on a copy with one byte changed in the photo: the page names the file and its part
  await page.reload();
  await page.getByLabel('The sealed copy').setInputFiles(changed);
  await expect(page.getByText(/It opens with your key code/)).toBeVisible();
  await typeCodes(page, keyCode, [release.codes[2]!, release.codes[0]!]);
  await expect(page.getByRole('alert').filter({ hasText: 'The copy was changed or damaged' })).toContainText(
    `The copy was changed or damaged: file “${SAMPLE.photoPath}”, part 1.`,
  );

  expect(leaks).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
  await fs.rm(dir, { recursive: true, force: true });
});
