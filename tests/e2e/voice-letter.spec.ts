// A voice message in a Legacy Plan letter (decision 039): the owner records 3 s with Chromium's fake
// microphone into a letter on /after-life; once the verifier confirms (no waiting time), the heir opens the
// letter with the key code and plays the recording.
import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { expect, readMail, test as base } from './fixtures';

// Chromium's fake microphone (a beep) and no permission prompt; the flags join the project's launch options.
const test = base.extend<object, object>({
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
      }),
    { scope: 'worker' },
  ],
});
test.use({ permissions: ['microphone'] });

async function ok<T>(response: Promise<APIResponse>, status = 200): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

test('an owner records a voice message into a letter, and the heir plays it once it is released', async ({ page, signIn, browser }) => {
  const owner = await signIn();
  const ownerName = `${owner.firstName} ${owner.surname}`;
  const run = randomUUID().slice(0, 8);
  const verifierEmail = `martha-${run}@example.com`;
  const contact = (firstName: string, email: string) =>
    ok<{ id: number }>(page.request.post('/api/contacts', { data: { firstName, lastName: 'Smith', email, relationship: 'family' } }), 201);
  const martha = await contact('Martha', verifierEmail);
  const heirEmail = `amy-${run}@example.com`;
  const amy = await contact('Amy', heirEmail);
  await ok(
    page.request.put('/api/legacy/plan', {
      data: { checkInMonths: 6, vetoDays: 0, verifierContactIds: [martha.id], verifiersRequired: 1 },
    }),
  );
  const heir = await ok<{ id: number }>(page.request.post('/api/legacy/heirs', { data: { contactId: amy.id } }), 201);
  // A key code without its public key in the browser: the letter is a plain one, its recording checked by the server.
  const { keyCode } = await ok<{ keyCode: string }>(page.request.post(`/api/legacy/heirs/${heir.id}/key-code`));

  await page.goto('/after-life');
  await page.getByRole('listitem', { name: 'Amy Smith' }).getByRole('button', { name: 'Write a letter to Amy Smith' }).click();
  const letter = page.getByRole('dialog', { name: 'A letter to Amy Smith' });
  await letter.getByLabel('Title').fill('Hear my voice');
  await letter.getByRole('textbox', { name: 'Letter' }).fill('I sang this for you at bedtime.');

  const recorder = letter.getByRole('region', { name: 'Voice message' });
  await recorder.getByRole('button', { name: 'Record' }).click();
  await expect(recorder.getByRole('timer', { name: 'Elapsed time' })).toHaveText('0:03', { timeout: 20_000 });
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(recorder.getByLabel('Recording preview')).toBeVisible();
  await recorder.getByRole('button', { name: 'Add to letter' }).click();
  await expect(letter.getByRole('list', { name: 'Recorded voice messages' })).toContainText(
    /Voice message \d{4}-\d{2}-\d{2} \d{2}\.\d{2}\.webm/,
  );
  await letter.getByRole('button', { name: 'Save letter' }).click();
  await expect(page.getByText('Letter saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Letters to Amy Smith' })).toContainText('1 voice recording');

  // The verifier confirms; with no waiting time the letter is released.
  const mail = await readMail(verifierEmail, '/legacy/verify/');
  const verifier = await browser.newContext();
  const verifierPage = await verifier.newPage();
  await verifierPage.goto(mail.link);
  await verifierPage.getByRole('button', { name: `Confirm ${ownerName}'s death` }).click();
  await verifierPage.getByRole('alertdialog').getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(verifierPage.getByText('Your confirmation is recorded.')).toBeVisible();
  await verifier.close();

  // The heir is told by mail once the letter is released; with no account, they open it and play the recording.
  await readMail(heirEmail, '/legacy');
  const heirContext = await browser.newContext();
  const heirPage = await heirContext.newPage();
  await heirPage.goto('/legacy');
  await heirPage.getByLabel('Key code').fill(keyCode);
  await heirPage.getByRole('button', { name: 'Open' }).click();
  await expect(heirPage.getByRole('heading', { level: 1, name: `From ${ownerName}, for Amy Smith` })).toBeVisible();
  const received = heirPage.getByRole('article', { name: 'Hear my voice' });
  await expect(received.getByText('I sang this for you at bedtime.')).toBeVisible();
  const audio = received.locator('audio');
  await expect(audio).toHaveAttribute('aria-label', /^Voice message .*\.webm$/);
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);
  await heirContext.close();
});
