import fs from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, readMail, test } from './fixtures';

// The owner's side of the Legacy Plan on /after-life: a plan with two verifiers, an heir with a key code and
// a printed kit, a sealed letter that never leaves the browser readable, and a time-capsule release.

async function addContact(request: APIRequestContext, firstName: string, email: string | null) {
  const res = await request.post('/api/contacts', { data: { firstName, lastName: 'Smith', email, relationship: 'family' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

const LETTER = 'The garden key is under the blue stone by the gate.';

test('an owner sets up a plan, an heir with a key code and kit, a sealed letter and a dated release', async ({ page, signIn }) => {
  await signIn();
  await addContact(page.request, 'Martha', 'martha@example.com');
  await addContact(page.request, 'Mickey', 'mickey@example.com');
  await addContact(page.request, 'Jackie', null);
  await addContact(page.request, 'Amy', 'amy@example.com');
  const collection = await page.request.post('/api/collections', { data: { title: 'Summers in Cardiff' } });
  expect(collection.status()).toBe(201);

  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) bodies.push(request.postData() ?? '');
  });

  await page.goto('/after-life');
  await expect(page.getByRole('heading', { level: 1, name: 'After Life' })).toBeVisible();

  // Check-ins and verifiers
  const plan = page.getByRole('region', { name: 'Check-ins and verifiers' });
  await plan.getByLabel('Check in every (months)').fill('6');
  await plan.getByLabel('7 days').check();
  await expect(plan.getByRole('checkbox', { name: /Jackie Smith/ })).toBeDisabled();
  await expect(plan.getByText('No e-mail address: add one on their contact card first')).toBeVisible();
  await plan.getByRole('checkbox', { name: /Martha Smith/ }).check();
  await plan.getByRole('checkbox', { name: /Mickey Smith/ }).check();
  await plan.getByLabel('How many must confirm').fill('2');
  await expect(plan.getByText(/When 2 of them confirm, you still have 7 days to cancel before your heirs are told\./)).toBeVisible();
  await plan.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText('Plan saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Where your plan stands' }).getByText(/^Active — next check-in mail on /)).toBeVisible();

  // An heir
  await page.getByRole('button', { name: 'Add heir' }).click();
  const addHeir = page.getByRole('dialog', { name: 'Add heir' });
  await addHeir.getByRole('radio', { name: /Amy Smith/ }).check();
  await addHeir.getByLabel('Date of birth (optional)').fill('2010-05-03');
  await addHeir.getByRole('button', { name: 'Add heir' }).click();
  await expect(page.getByText('Heir added', { exact: true })).toBeVisible();
  const heir = page.getByRole('listitem', { name: 'Amy Smith' });
  await expect(heir.getByText('No key code yet')).toBeVisible();

  // Its key code, shown once, and the Legacy Kit
  await heir.getByRole('button', { name: 'Make key code' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Amy Smith’s key code' });
  await expect(codeDialog.getByText('Write it down or print the Legacy Kit now — heirloom cannot show it again.')).toBeVisible();
  const code = (await codeDialog.getByRole('group', { name: 'Key code' }).locator('span').allTextContents()).join('-');
  expect(code).toMatch(/^([0-9A-Z*~$=]{4}-){6}[0-9A-Z*~$=]{3}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    codeDialog.getByRole('button', { name: 'Download Legacy Kit (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Legacy Kit - Amy Smith.pdf');
  const kit = await fs.readFile(await download.path());
  expect(kit.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await codeDialog.getByRole('button', { name: 'Done' }).click();
  await expect(codeDialog).toBeHidden();
  await expect(heir.getByText(/^Key code made /)).toBeVisible();
  await expect(page.getByText(code.split('-')[0]!, { exact: true })).toHaveCount(0);

  // A sealed letter
  await heir.getByRole('button', { name: 'Write a letter to Amy Smith' }).click();
  const letter = page.getByRole('dialog', { name: 'A letter to Amy Smith' });
  await expect(letter.getByLabel('Seal this letter')).toBeChecked();
  await letter.getByLabel('Title').fill('For when you are grown');
  await letter.getByRole('textbox', { name: 'Letter' }).fill(LETTER);
  await letter.getByLabel('Attachments (optional)').setInputFiles({
    name: 'voice-note.webm',
    mimeType: 'audio/webm',
    buffer: Buffer.from('a recording'),
  });
  await letter.getByRole('button', { name: 'Seal and save' }).click();
  await expect(page.getByText('Letter sealed and saved', { exact: true })).toBeVisible();
  const letters = heir.getByRole('list', { name: 'Letters to Amy Smith' });
  await expect(letters.getByText('For when you are grown')).toBeVisible();
  await expect(letters.getByText(/Sealed/)).toBeVisible();
  expect(bodies.join('\n')).not.toContain('garden key');
  expect(bodies.join('\n')).not.toContain('voice-note');
  expect(bodies.join('\n')).not.toContain(code);

  // A time capsule: the collection on a date
  await heir.getByRole('button', { name: 'Add something for Amy Smith' }).click();
  const release = page.getByRole('dialog', { name: 'Add something for Amy Smith' });
  await release.getByRole('combobox', { name: 'What' }).selectOption('collection');
  await release.getByRole('combobox', { name: 'Collection', exact: true }).selectOption({ label: 'Summers in Cardiff' });
  await release.getByRole('radio', { name: 'On a date' }).check();
  await release.getByLabel('Release on').fill('2040-06-01');
  await release.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Amy Smith will receive it.', { exact: true })).toBeVisible();
  const receives = heir.getByRole('list', { name: 'What Amy Smith receives' });
  await expect(receives.getByText('Summers in Cardiff')).toBeVisible();
  await expect(receives.getByText('On 1 June 2040')).toBeVisible();

  // A letter goes after death unless the owner chooses otherwise: this one at 18 instead
  const letterRelease = receives.getByRole('listitem').filter({ hasText: 'For when you are grown' });
  await expect(letterRelease.getByText('After my death')).toBeVisible();
  await letterRelease.getByRole('button', { name: 'Remove For when you are grown' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(letterRelease).toHaveCount(0);
  await heir.getByRole('button', { name: 'Add something for Amy Smith' }).click();
  await release.getByRole('combobox', { name: 'What' }).selectOption('letter');
  await release.getByRole('combobox', { name: 'Letter', exact: true }).selectOption({ label: 'For when you are grown' });
  await release.getByRole('radio', { name: 'At an age' }).check();
  await release.getByRole('spinbutton', { name: 'Age' }).fill('18');
  await expect(release.getByText('On 3 May 2028')).toBeVisible();
  await release.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(receives.getByText('At age 18 (on 3 May 2028)')).toBeVisible();

  // The dry run
  await heir.getByRole('button', { name: 'Preview as Amy Smith' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview as Amy Smith' });
  await expect(preview.getByRole('list', { name: 'Released later' }).getByText('Summers in Cardiff')).toBeVisible();
  await page.keyboard.press('Escape');

  // A new key code replaces the old one; the letter sealed with the old one says so
  await heir.getByRole('button', { name: 'Make a new key code' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make a new key code' }).click();
  await expect(codeDialog.getByRole('button', { name: 'Done' })).toBeEnabled();
  const newCode = (await codeDialog.getByRole('group', { name: 'Key code' }).locator('span').allTextContents()).join('-');
  expect(newCode).not.toBe(code);
  await codeDialog.getByRole('button', { name: 'Done' }).click();
  await expect(letters.getByText('Sealed with an old key code: Amy Smith’s new code cannot open it. Write it again.')).toBeVisible();

  // The log
  await page.getByText('Audit log').click();
  await expect(page.getByText('The log’s chain is intact')).toBeVisible();
  await expect(page.getByText('Verifier named and told by e-mail').first()).toBeVisible();
});

test('the plan reads well on a phone', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn();
  await page.goto('/after-life');
  await expect(page.getByRole('region', { name: 'Where your plan stands' })).toBeVisible();
  await expect(page.getByText('No heirs yet')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a verifier’s report starts the waiting time, and the owner cancels the release', async ({ page, signIn }) => {
  await signIn();
  const email = `verifier-${randomUUID()}@example.com`;
  const verifier = await addContact(page.request, 'Wilfred', email);
  const plan = { checkInMonths: 12, vetoDays: 14, verifierContactIds: [verifier.id], verifiersRequired: 1 };
  expect((await page.request.put('/api/legacy/plan', { data: plan })).ok()).toBe(true);
  const mail = await readMail(email, '/legacy/verify/');
  const token = mail.link.split('/').pop()!;
  expect((await page.request.post(`/api/legacy/verify/${token}`)).ok()).toBe(true);

  await page.goto('/after-life');
  const status = page.getByRole('region', { name: 'Where your plan stands' });
  await expect(status.getByText(/^Release pending — it happens on .+ unless you cancel$/)).toBeVisible();
  await status.getByRole('button', { name: 'Cancel the release' }).click();
  await expect(page.getByText('Release cancelled', { exact: true })).toBeVisible();
  await expect(status.getByText(/^Active — next check-in mail on /)).toBeVisible();
  await expect(status.getByRole('button', { name: 'Cancel the release' })).toHaveCount(0);

  await page.getByText('Audit log').click();
  await expect(page.getByText('A verifier confirmed')).toBeVisible();
  await expect(page.getByText('You cancelled the release')).toBeVisible();
});
