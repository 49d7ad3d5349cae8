import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeReleaseKey } from '../../src/shared/escrow/release-key';
import { keyCodeFromBytes } from '../../src/shared/key-code';
import { heirPublicKey } from '../../src/shared/sealed-letter';
import { escrowOpenerHtml } from '../../src/server/lib/escrow-opener';
import { SAMPLE, sampleCopyFiles, writeSampleBundle } from '../helpers/escrow-copy';
import { barcodeDetectorWhereMissing, cameraUse, qrCodeVideo, recordCameraStreams, withFakeCamera } from './fake-camera';
import { expect, test } from './fixtures';
import { offlinePage } from './offline-page';

// Issue 32: a verifier code is scanned from the QR code on the verifier's sheet with the camera. The opener is
// opened from file:// with the network cut, in a Chromium whose camera films the QR code of one verifier code
// (drawn as the sheet draws it); Scan fills that code's field, the other is typed, and the copy opens.

test('the opener scans a verifier code from its QR code with the camera, and the copy opens', async ({ playwright, launchOptions }) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'escrow-qr-camera-'));
  const keyCode = keyCodeFromBytes(randomBytes(17));
  const release = await makeReleaseKey(2, 3);
  const heir = await heirPublicKey(keyCode);
  const bundle = path.join(dir, 'anna.heirloom-escrow');
  await writeSampleBundle(bundle, { heirPublicKey: heir, release, files: await sampleCopyFiles(heir) });
  const opener = path.join(dir, 'open-heirloom-bundle.html');
  await fs.writeFile(opener, await escrowOpenerHtml());
  const scanned = release.codes[1]!;
  const browser = await playwright.chromium.launch(withFakeCamera(launchOptions, await qrCodeVideo(scanned, dir)));
  try {
    const { context, page, leaks, errors } = await offlinePage(browser, { width: 375, height: 740 });
    await barcodeDetectorWhereMissing(context);
    await recordCameraStreams(context);
    await page.goto(pathToFileURL(opener).href);
    await page.getByLabel('The sealed copy').setInputFiles(bundle);
    await expect(page.getByText('It opens with your key code and 2 of the 3 verifiers’ codes.')).toBeVisible();
    await page.getByLabel('Your key code').fill(keyCode);

    // pressed twice, as an impatient thumb does: one scan, and no camera left on behind it
    await page.getByRole('button', { name: 'Scan the QR code of verifier code 1' }).dblclick();
    const first = page.getByLabel('Verifier code 1', { exact: true });
    await expect(first).toHaveValue(scanned);
    await expect(page.locator('#verifier-code-1-state')).toHaveText('✓ All nine groups are right.');
    // the camera is given back once the code is read
    await expect(page.getByLabel('Camera')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Stop scanning' })).toHaveCount(0);
    await expect.poll(() => cameraUse(page)).toEqual({ streams: 2, live: 0 });

    await page.getByLabel('Verifier code 2', { exact: true }).fill(release.codes[2]!);
    await page.getByRole('button', { name: 'Open the copy' }).click();
    await expect(page.getByText('The copy is open, in this browser only.')).toBeVisible();
    await expect(page.getByText(SAMPLE.sealedBody)).toBeVisible();
    expect(leaks).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});
