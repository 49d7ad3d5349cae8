// The whole sharing journey as two people live it: the owner gathers three gallery photos and a memory into
// a collection and shares it with a contact; the contact opens the e-mailed link on a phone, with no account,
// sees exactly those items and downloads them all; the owner revokes, and the link is refused.
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { readZip } from '../helpers/zip';
import { expect, readMail, test } from './fixtures';

async function uploadPhoto(request: APIRequestContext, name: string, shade: number) {
  const buffer = await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: shade, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
  const res = await request.post('/api/photos', { multipart: { photo: { name, mimeType: 'image/jpeg', buffer } } });
  expect(res.status(), await res.text()).toBe(201);
}

test('a collection shared with a contact by e-mail, opened on a phone without an account, then revoked', async ({
  page,
  signIn,
  browser,
  baseURL,
  toasts,
}) => {
  await signIn();
  for (const [name, shade] of [
    ['porch.jpg', 40],
    ['garden.jpg', 120],
    ['kitchen.jpg', 200],
    ['not-shared.jpg', 250],
  ] as const)
    await uploadPhoto(page.request, name, shade);
  for (const title of ['Summer at the lake', 'A private memory']) {
    const res = await page.request.post('/api/memories', {
      data: { title, content: 'We swam until the sun went down.', eventDate: '2012-07-14', isPublic: false, tags: [] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const recipientEmail = `grandson-${Date.now()}@example.com`;
  const contact = await page.request.post('/api/contacts', {
    data: { firstName: 'Tom', lastName: 'Tyler', relationship: 'family', email: recipientEmail },
  });
  expect(contact.status(), await contact.text()).toBe(201);

  // three gallery photos at once, into a new collection
  await page.goto('/photos');
  const grid = page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' });
  await expect(grid.getByRole('listitem')).toHaveCount(4);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  for (const name of ['porch.jpg', 'garden.jpg', 'kitchen.jpg']) await grid.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Add to collection' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add to collection' });
  await addDialog.getByRole('textbox', { name: 'Title of the new collection' }).fill('Summer 1985');
  await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('3 photos added to "Summer 1985".', { exact: true })).toBeVisible();

  // and a memory
  await page.goto('/memories');
  await page.getByRole('button', { name: 'Put memory Summer at the lake in a collection' }).click();
  const memoryDialog = page.getByRole('dialog', { name: 'Add to collection' });
  await memoryDialog.getByRole('radio', { name: /Summer 1985/ }).check();
  await memoryDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('"Summer at the lake" added to "Summer 1985".', { exact: true })).toBeVisible();

  // shared with the contact from the collection's Sharing panel
  await page.goto('/collections');
  await page.getByRole('link', { name: /Summer 1985/ }).click();
  const sharing = page.getByRole('region', { name: 'Sharing' });
  await sharing.getByRole('button', { name: 'Add people' }).click();
  const peopleDialog = page.getByRole('dialog', { name: 'Add people' });
  await peopleDialog.getByRole('radio', { name: /Tom Tyler/ }).check();
  await peopleDialog.getByRole('button', { name: 'Send link' }).click();
  await expect(peopleDialog.getByText(`The link is on its way to ${recipientEmail}.`, { exact: false })).toBeVisible();
  await peopleDialog.getByRole('button', { name: 'Done' }).click();

  // the e-mail the contact receives
  const mail = await readMail(recipientEmail, '/s/');
  expect(mail.subject).toBe("Rose Tyler shared 'Summer 1985' with you");

  // the contact opens it on a phone, in a browser that has never signed in
  const visitor = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const phone = await visitor.newPage();
  await phone.goto(mail.link);
  await expect(phone.getByRole('heading', { level: 1, name: 'Summer 1985' })).toBeVisible();
  await expect(phone.getByText('Shared by Rose Tyler')).toBeVisible();
  const shownPhotos = phone.getByRole('region', { name: 'Photos' }).getByRole('img');
  await expect(shownPhotos).toHaveCount(3);
  for (const name of ['porch.jpg', 'garden.jpg', 'kitchen.jpg']) await expect(phone.getByRole('img', { name })).toBeVisible();
  await expect(phone.getByRole('img', { name: 'not-shared.jpg' })).toHaveCount(0);
  await expect(phone.getByText('Summer at the lake')).toBeVisible();
  await expect(phone.getByText('A private memory')).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Download all: a zip of exactly the shared originals
  const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('link', { name: 'Download all' }).click()]);
  expect(download.suggestedFilename()).toBe('Summer 1985.zip');
  const zip = await (await import('node:fs/promises')).readFile((await download.path())!);
  const names = [...(await readZip(zip)).keys()];
  expect(names.filter((n) => n.startsWith('originals/photos/'))).toHaveLength(3);
  expect(names.join('\n')).not.toContain('not-shared');

  // the owner revokes; the contact's next request is refused
  await sharing
    .getByRole('listitem', { name: /Tom Tyler/ })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await page.getByRole('alertdialog', { name: 'Revoke link' }).getByRole('button', { name: 'Revoke' }).click();
  await toasts.expectShown('Link revoked');
  await phone.reload();
  await expect(phone.getByRole('heading', { level: 1, name: 'This link does not work any more.' })).toBeVisible();
  expect((await visitor.request.get(`/api${mail.link.replace('/s/', '/shared/')}`)).status()).toBe(404);
  await visitor.close();
});
