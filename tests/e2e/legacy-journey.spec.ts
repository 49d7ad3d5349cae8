// The Legacy Plan from beginning to end, as the people in it live it: the owner sets up a plan with two heirs
// and two verifiers on /after-life, prints a Legacy Kit and seals a letter; with no waiting time, both
// verifiers confirm from their mails; the heir opens the letter with the key code on a phone. The other heir's
// code opens none of it.
import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, readMail, test } from './fixtures';

const LETTER = 'The fig tree was planted the year you were born. Look after it.';

async function keyCodeFor(page: Page, heirName: string, { printKit }: { printKit: boolean }) {
  const heir = page.getByRole('listitem', { name: heirName });
  await heir.getByRole('button', { name: 'Make key code' }).click();
  const dialog = page.getByRole('dialog', { name: `${heirName}’s key code` });
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeEnabled(); // the public key is uploaded
  const code = (await dialog.getByRole('group', { name: 'Key code' }).locator('span').allTextContents()).join('-');
  if (printKit) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download Legacy Kit (PDF)' }).click(),
    ]);
    expect((await fs.readFile((await download.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
  await dialog.getByRole('button', { name: 'Done' }).click();
  return code;
}

/** A verifier confirms from their mail's link on a phone, after reading `expected` (what confirming does) on the page and in the dialog. */
async function confirmAsVerifier(browser: Browser, email: string, expected: string) {
  const mail = await readMail(email, '/legacy/verify/');
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(mail.link);
  await expect(page.getByText(expected)).toBeVisible();
  await page.getByRole('button', { name: /^Confirm .+'s death$/ }).click();
  await expect(page.getByRole('alertdialog').getByText(expected)).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(page.getByText('Your confirmation is recorded.')).toBeVisible();
  await context.close();
}

async function openWithCode(page: Page, code: string) {
  await page.goto('/legacy');
  await page.getByLabel('Key code').fill(code);
  await page.getByRole('button', { name: 'Open' }).click();
}

test('two heirs, two verifiers, a kit and a sealed letter; both verifiers confirm and the heir reads the letter on a phone', async ({
  page,
  signIn,
  browser,
}) => {
  test.slow(); // a plan, two key codes, a kit, a sealed letter and four browsers
  const owner = await signIn();
  const ownerName = `${owner.firstName} ${owner.surname}`;
  const email = (who: string) => `${who}-${randomUUID()}@example.com`;
  const people = { Martha: email('martha'), Mickey: email('mickey'), Amy: email('amy'), Rory: email('rory') };
  for (const [firstName, address] of Object.entries(people)) {
    const res = await page.request.post('/api/contacts', { data: { firstName, lastName: 'Pond', email: address, relationship: 'family' } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/after-life');
  const plan = page.getByRole('region', { name: 'Check-ins and verifiers' });
  await plan.getByLabel('Check in every (months)').fill('6');
  // no waiting time is offered only once two must agree
  await expect(plan.getByRole('radio', { name: 'None', exact: true })).toBeDisabled();
  await plan.getByRole('checkbox', { name: /Martha Pond/ }).check();
  await plan.getByRole('checkbox', { name: /Mickey Pond/ }).check();
  await plan.getByLabel('How many must confirm').fill('2');
  await plan.getByRole('radio', { name: 'None', exact: true }).check();
  await plan.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText('Plan saved', { exact: true })).toBeVisible();

  for (const heirName of ['Amy Pond', 'Rory Pond']) {
    await page.getByRole('button', { name: 'Add heir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add heir' });
    await dialog.getByRole('radio', { name: new RegExp(heirName) }).check();
    await dialog.getByRole('button', { name: 'Add heir' }).click();
    await expect(page.getByRole('listitem', { name: heirName })).toBeVisible();
  }
  const amyCode = await keyCodeFor(page, 'Amy Pond', { printKit: true });
  const roryCode = await keyCodeFor(page, 'Rory Pond', { printKit: false });

  const amy = page.getByRole('listitem', { name: 'Amy Pond' });
  await amy.getByRole('button', { name: 'Write a letter to Amy Pond' }).click();
  const letter = page.getByRole('dialog', { name: 'A letter to Amy Pond' });
  await expect(letter.getByLabel('Seal this letter')).toBeChecked();
  await letter.getByLabel('Title').fill('For Amy');
  await letter.getByRole('textbox', { name: 'Letter' }).fill(LETTER);
  await letter.getByRole('button', { name: 'Seal and save' }).click();
  await expect(page.getByText('Letter sealed and saved', { exact: true })).toBeVisible();

  // the heir's phone, before anything is released: the neutral answer
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const heirPage = await phone.newPage();
  await openWithCode(heirPage, amyCode);
  await expect(heirPage.getByRole('status')).toHaveText('Nothing has been released to this code yet');

  // one verifier of two is not enough
  await confirmAsVerifier(
    browser,
    people.Martha,
    `${ownerName} is e-mailed at once and can cancel. Nothing is handed on until 2 of the people ${ownerName} chose have confirmed (0 so far); then it is handed on at once, with no waiting time.`,
  );
  await openWithCode(heirPage, amyCode);
  await expect(heirPage.getByRole('status')).toHaveText('Nothing has been released to this code yet');

  // the second confirms: with no waiting time, the release follows and each heir is told
  await confirmAsVerifier(
    browser,
    people.Mickey,
    `Your confirmation is the last one needed: what ${ownerName} left is handed on to their heirs at once, with no waiting time, and can no longer be cancelled.`,
  );
  const heirMail = await readMail(people.Amy, '/legacy');
  expect(heirMail.text).not.toContain(amyCode);

  await heirPage.goto(heirMail.link);
  await heirPage.getByLabel('Key code').fill(amyCode);
  await heirPage.getByRole('button', { name: 'Open' }).click();
  await expect(heirPage.getByRole('heading', { level: 1, name: `From ${ownerName}, for Amy Pond` })).toBeVisible();
  await expect(heirPage.getByRole('article', { name: 'For Amy' }).getByText(LETTER)).toBeVisible();
  expect(await heirPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.close();

  // Rory's code opens nothing of Amy's: nothing was released to Rory
  const other = await browser.newContext();
  const roryPage = await other.newPage();
  await openWithCode(roryPage, roryCode);
  await expect(roryPage.getByRole('status')).toHaveText('Nothing has been released to this code yet');
  await expect(roryPage.getByText(LETTER)).toHaveCount(0);
  await other.close();
});
