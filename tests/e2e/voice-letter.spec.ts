// A voice message in a Legacy Plan letter (decision 039): the owner records 3 s with Chromium's fake
// microphone into a letter on /after-life, plain or sealed; once the verifier confirms (no waiting time), the
// heir opens the letter with the key code and plays the recording.
import { randomUUID } from 'node:crypto';
import type { APIResponse, Browser, Locator, Page } from '@playwright/test';
import { heirPublicKey } from '../../src/shared/sealed-letter';
import { expect, readMail } from './fixtures';
import { testWithMicrophone } from './fake-microphone';

const test = testWithMicrophone;

async function ok<T>(response: Promise<APIResponse>, status = 200): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Records 3 s with the fake microphone and adds the recording to the open letter. */
async function recordInto(letter: Locator) {
  const recorder = letter.getByRole('region', { name: 'Voice message' });
  await recorder.getByRole('button', { name: 'Record' }).click();
  await expect(recorder.getByRole('timer', { name: 'Elapsed time' })).toHaveText('0:03', { timeout: 20_000 });
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(recorder.getByLabel('Recording preview')).toBeVisible();
  await recorder.getByRole('button', { name: 'Add to letter' }).click();
  await expect(letter.getByRole('list', { name: 'Recorded voice messages' })).toContainText(
    /Voice message \d{4}-\d{2}-\d{2} \d{2}\.\d{2}\.webm/,
  );
}

/** Plays the letter's recording in the heir's page until time passes. */
async function playIn(received: Locator) {
  const audio = received.locator('audio');
  await expect(audio).toHaveAttribute('aria-label', /^Voice message .*\.webm$/);
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);
}

/**
 * An owner with two verifiers who must agree (no waiting time needs two), the first of whom has already
 * reported, and an heir with a key code; `sealable` uploads its public key.
 */
async function planWithHeir(page: Page, { sealable }: { sealable: boolean }) {
  const run = randomUUID().slice(0, 8);
  const verifierEmail = `martha-${run}@example.com`;
  const heirEmail = `amy-${run}@example.com`;
  const contact = (firstName: string, email: string) =>
    ok<{ id: number }>(page.request.post('/api/contacts', { data: { firstName, lastName: 'Smith', email, relationship: 'family' } }), 201);
  const martha = await contact('Martha', verifierEmail);
  const mickey = await contact('Mickey', `mickey-${run}@example.com`);
  const amy = await contact('Amy', heirEmail);
  await ok(
    page.request.put('/api/legacy/plan', {
      data: { checkInMonths: 6, vetoDays: 0, verifierContactIds: [martha.id, mickey.id], verifiersRequired: 2 },
    }),
  );
  const first = await readMail(`mickey-${run}@example.com`, '/legacy/verify/');
  await ok(page.request.post(`/api/legacy/verify/${first.link.split('/').pop()}`));
  const heir = await ok<{ id: number }>(page.request.post('/api/legacy/heirs', { data: { contactId: amy.id } }), 201);
  const { keyCode } = await ok<{ keyCode: string }>(page.request.post(`/api/legacy/heirs/${heir.id}/key-code`));
  if (sealable)
    await ok(page.request.put(`/api/legacy/heirs/${heir.id}/public-key`, { data: { publicKey: await heirPublicKey(keyCode) } }));
  return { verifierEmail, heirEmail, keyCode };
}

/** The verifier confirms; with no waiting time the letter is released and the heir is told by mail. */
async function release(browser: Browser, ownerName: string, verifierEmail: string, heirEmail: string) {
  const mail = await readMail(verifierEmail, '/legacy/verify/');
  const verifier = await browser.newContext();
  const verifierPage = await verifier.newPage();
  await verifierPage.goto(mail.link);
  await verifierPage.getByRole('button', { name: `Confirm ${ownerName}'s death` }).click();
  await verifierPage.getByRole('alertdialog').getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(verifierPage.getByText('Your confirmation is recorded.')).toBeVisible();
  await verifier.close();
  await readMail(heirEmail, '/legacy');
}

/** The heir, with no account, opens what was released with the key code. */
async function openAsHeir(browser: Browser, ownerName: string, keyCode: string) {
  const context = await browser.newContext();
  const heirPage = await context.newPage();
  await heirPage.goto('/legacy');
  await heirPage.getByLabel('Key code').fill(keyCode);
  await heirPage.getByRole('button', { name: 'Open' }).click();
  await expect(heirPage.getByRole('heading', { level: 1, name: `From ${ownerName}, for Amy Smith` })).toBeVisible();
  return { heirPage, context };
}

async function writeLetter(page: Page, title: string, words: string) {
  await page.goto('/after-life');
  await page.getByRole('listitem', { name: 'Amy Smith' }).getByRole('button', { name: 'Write a letter to Amy Smith' }).click();
  const letter = page.getByRole('dialog', { name: 'A letter to Amy Smith' });
  await letter.getByLabel('Title').fill(title);
  await letter.getByRole('textbox', { name: 'Letter' }).fill(words);
  await recordInto(letter);
  return letter;
}

test('an owner records a voice message into a plain letter, and the heir plays it once it is released', async ({
  page,
  signIn,
  browser,
}) => {
  const owner = await signIn();
  const ownerName = `${owner.firstName} ${owner.surname}`;
  // No public key in the browser: the letter is a plain one, its recording checked by the server.
  const { verifierEmail, heirEmail, keyCode } = await planWithHeir(page, { sealable: false });
  const letter = await writeLetter(page, 'Hear my voice', 'I sang this for you at bedtime.');
  await expect(letter.getByLabel('Seal this letter')).not.toBeChecked();
  await letter.getByRole('button', { name: 'Save letter' }).click();
  await expect(page.getByText('Letter saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Letters to Amy Smith' })).toContainText('1 voice recording');

  await release(browser, ownerName, verifierEmail, heirEmail);
  const { heirPage, context } = await openAsHeir(browser, ownerName, keyCode);
  const received = heirPage.getByRole('article', { name: 'Hear my voice' });
  await expect(received.getByText('I sang this for you at bedtime.')).toBeVisible();
  await playIn(received);
  await context.close();
});

test('a recording sealed into a letter opens and plays in the heir’s browser with the key code', async ({ page, signIn, browser }) => {
  const owner = await signIn();
  const ownerName = `${owner.firstName} ${owner.surname}`;
  const { verifierEmail, heirEmail, keyCode } = await planWithHeir(page, { sealable: true });
  const letter = await writeLetter(page, 'For your ears only', 'Play this when you miss me.');
  await expect(letter.getByLabel('Seal this letter')).toBeChecked();
  await letter.getByRole('button', { name: 'Seal and save' }).click();
  await expect(page.getByText('Letter sealed and saved', { exact: true })).toBeVisible();

  await release(browser, ownerName, verifierEmail, heirEmail);
  const { heirPage, context } = await openAsHeir(browser, ownerName, keyCode);
  const received = heirPage.getByRole('article', { name: 'For your ears only' });
  await expect(received.getByText('Play this when you miss me.')).toBeVisible();
  await playIn(received);
  await context.close();
});
