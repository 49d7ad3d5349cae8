import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { APIRequestContext, APIResponse, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { checkSymbol, readKeyCode } from '../../src/shared/key-code';
import { LEGACY_MESSAGES } from '../../src/shared/schemas/legacy';
import { heirPublicKey, sealLetter } from '../../src/shared/sealed-letter';
import { readZip } from '../helpers/zip';
import { seriousFindings } from './axe';
import { expect, readMail, test } from './fixtures';
import { offlinePage } from './offline-page';

// Issue: the heir's archive opens letters without heirloom. A released heir's "Download everything" (made
// by the server under test from a plan, letters and a photo seeded through the API) is unpacked and its
// letters/index.html opened from disk (file://) in Chromium with the network cut off: a plain letter is
// read with its photo and its recording, and a sealed letter is opened with the key code in the archive's
// own opener (a wrong code is refused, and nothing else happens).

const PLAIN = 'The roses by the gate were planted the spring you were born.';
const SEALED = 'The garden key is under the blue stone by the gate.';
const RECORDING = 'tests/fixtures/files/recorded-audio.webm';

async function ok<T>(response: Promise<APIResponse>, status = 200): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const picture = (background: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg()
    .toBuffer();

/**
 * An owner's plan with two verifiers and no waiting time, an heir with a key code, a plain letter with a
 * photo and a recording and a sealed one with a picture and a recording inside; both verifiers confirm, so
 * everything is released at once. Returns the heir's key code.
 */
async function releasedToHeir(request: APIRequestContext) {
  const run = randomUUID().slice(0, 8);
  const contact = (firstName: string) =>
    ok<{ id: number }>(
      request.post('/api/contacts', {
        data: { firstName, lastName: 'Smith', email: `${firstName.toLowerCase()}-${run}@example.com`, relationship: 'family' },
      }),
      201,
    );
  const [martha, mickey, amy] = [await contact('Martha'), await contact('Mickey'), await contact('Amy')];
  await ok(
    request.put('/api/legacy/plan', {
      data: { checkInMonths: 6, vetoDays: 0, verifierContactIds: [martha.id, mickey.id], verifiersRequired: 2 },
    }),
  );
  const heir = await ok<{ id: number }>(request.post('/api/legacy/heirs', { data: { contactId: amy.id } }), 201);
  const { keyCode } = await ok<{ keyCode: string }>(request.post(`/api/legacy/heirs/${heir.id}/key-code`));
  const publicKey = await heirPublicKey(keyCode);
  await ok(request.put(`/api/legacy/heirs/${heir.id}/public-key`, { data: { publicKey } }));

  const photo = await ok<{ id: number }>(
    request.post('/api/photos', { multipart: { photo: { name: 'roses.jpg', mimeType: 'image/jpeg', buffer: await picture('#b5446e') } } }),
    201,
  );
  const recording = (await fs.readFile(RECORDING)).toString('base64');
  await ok(
    request.post('/api/legacy/letters', {
      data: {
        heirId: heir.id,
        title: 'The garden',
        body: PLAIN,
        photoIds: [photo.id],
        attachments: [{ name: 'Bedtime song.webm', type: 'audio/webm', data: recording }],
      },
    }),
    201,
  );
  const sealed = await sealLetter(
    {
      body: SEALED,
      attachments: [
        { name: 'gate.jpg', type: 'image/jpeg', data: (await picture('#386641')).toString('base64') },
        { name: 'Goodnight.webm', type: 'audio/webm', data: recording },
      ],
    },
    publicKey,
  );
  await ok(request.post('/api/legacy/letters', { data: { heirId: heir.id, title: 'For when you are grown', sealed } }), 201);

  for (const name of ['mickey', 'martha']) {
    const mail = await readMail(`${name}-${run}@example.com`, '/legacy/verify/');
    await ok(request.post(`/api/legacy/verify/${mail.link.split('/').pop()}`));
  }
  await readMail(`amy-${run}@example.com`, '/legacy');
  return keyCode;
}

/** The heir (no account) opens with the key code, downloads everything, and unpacks it into a fresh folder. */
async function downloadedArchive(browser: Browser, baseURL: string, keyCode: string) {
  const heir = await browser.newContext({ baseURL });
  await expect
    .poll(
      async () => ((await (await heir.request.post('/api/legacy/open', { data: { keyCode } })).json()) as { released: boolean }).released,
    )
    .toBe(true);
  const download = await heir.request.get('/api/legacy/received/download');
  expect(download.status()).toBe(200);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'heirloom-heir-'));
  for (const [name, bytes] of await readZip(await download.body())) {
    if (name.endsWith('/')) continue;
    const target = path.join(dir, name);
    expect(target.startsWith(dir + path.sep), name).toBe(true);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, bytes);
  }
  await heir.close();
  return dir;
}

/** axe on the page as it is: serious and critical findings fail. */
async function expectAccessible(page: Page, screen: string) {
  expect(await seriousFindings(page), `axe on ${screen}`).toEqual([]);
}

async function expectPictureShown(page: Page, name: string) {
  const img = page.getByRole('img', { name });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
}

async function expectPlayable(page: Page, scope: string) {
  const audio = page.locator(`${scope} audio`);
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
}

test('the heir’s archive opens its letters from disk with the network cut: a plain one as it is, a sealed one with the key code', async ({
  page,
  signIn,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signIn();
  const ownerName = `${owner.firstName} ${owner.surname}`;
  const keyCode = await releasedToHeir(page.request);
  const dir = await downloadedArchive(browser, test.info().project.use.baseURL!, keyCode);
  const readme = await fs.readFile(path.join(dir, 'README.txt'), 'utf8');
  expect(readme).toContain('letters/open-sealed.html');

  const { context, page: offline, leaks, errors } = await offlinePage(browser);
  await offline.goto(pathToFileURL(path.join(dir, 'letters', 'index.html')).href);
  await expect(offline.getByRole('heading', { level: 1, name: `Letters from ${ownerName} for Amy Smith` })).toBeVisible();
  await expect(offline.getByText('where you entered')).toHaveCount(0);
  await expectAccessible(offline, 'the letters');

  // A plain letter: its own page, its photo and its recording beside it; the text copy too.
  await offline.getByRole('link', { name: 'The garden', exact: true }).click();
  await expect(offline.getByRole('heading', { level: 1, name: 'The garden' })).toBeVisible();
  await expect(offline.getByText(PLAIN)).toBeVisible();
  await expectPictureShown(offline, 'roses.jpg');
  await expectPlayable(offline, 'article');
  await expectAccessible(offline, 'a plain letter');
  await offline.getByRole('link', { name: 'The letter as plain text' }).click();
  await expect(offline.locator('body')).toContainText(PLAIN);
  await offline.goBack();
  await offline.getByRole('link', { name: 'All letters' }).click();

  // The sealed letter: opened in the archive's opener with the key code.
  const sealed = offline.getByRole('article').filter({ has: offline.getByRole('heading', { name: 'For when you are grown' }) });
  await sealed.getByRole('link', { name: 'open it with your key code' }).click();
  await expect(offline.getByRole('heading', { level: 1, name: `Sealed letters from ${ownerName}` })).toBeVisible();
  const letter = offline.getByRole('article', { name: 'For when you are grown' });
  await expect(letter.getByText(/enter your key code above to open it/)).toBeVisible();

  // Something that is not a key code, then a well-formed code of someone else: refused, nothing opens.
  const field = offline.getByLabel('Key code');
  const open = offline.getByRole('button', { name: 'Open sealed letters' });
  await field.fill('not a code');
  await open.click();
  await expect(offline.getByRole('alert')).toHaveText(LEGACY_MESSAGES.keyCodeInvalid);
  const data = readKeyCode(keyCode)!.slice(0, -1);
  const wrong = data.slice(0, -1) + (data.endsWith('0') ? '1' : '0');
  await field.fill(wrong + checkSymbol(wrong));
  await open.click();
  await expect(offline.getByRole('alert')).toHaveText(
    'This key code does not open these letters. They open only with the code they were sealed for.',
  );
  await expect(letter.getByText(/enter your key code above to open it/)).toBeVisible();
  await expect(letter.getByText(SEALED)).toHaveCount(0);

  // The right code, typed as people do (small letters, no hyphens): the letter, its picture and its recording.
  await field.fill(keyCode.toLowerCase().replace(/-/g, ''));
  await open.click();
  await expect(letter.getByText(SEALED)).toBeVisible();
  await expect(offline.getByRole('alert')).toHaveCount(0);
  await expectPictureShown(offline, 'gate.jpg');
  await expectPlayable(offline, 'article');
  await expectAccessible(offline, 'the opened sealed letter');

  // Saved to the computer as the heir's own files.
  const saving = offline.waitForEvent('download');
  await letter.getByRole('link', { name: 'Save the letter as text' }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe('For when you are grown.txt');
  expect(await fs.readFile((await saved.path())!, 'utf8')).toBe(`For when you are grown\n\n${SEALED}\n`);
  const savingPicture = offline.waitForEvent('download');
  await letter.getByRole('link', { name: 'Save gate.jpg' }).click();
  expect((await sharp(await fs.readFile((await (await savingPicture).path())!)).metadata()).width).toBe(320);

  expect(leaks, 'requests that left the computer').toEqual([]);
  expect(errors, 'console errors').toEqual([]);
  await context.close();
  await fs.rm(dir, { recursive: true, force: true });
});
