import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';

const jpeg = (r: number) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();

async function uploadPhoto(request: APIRequestContext, name: string, r: number) {
  const res = await request.post('/api/photos', { multipart: { photo: { name, mimeType: 'image/jpeg', buffer: await jpeg(r) } } });
  expect(res.status(), await res.text()).toBe(201);
}

test('a collection made from three gallery photos at once and a memory, shared by a public link, then revoked', async ({
  page,
  signIn,
  context,
  toasts,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn();
  for (const [name, r] of [
    ['porch.jpg', 40],
    ['garden.jpg', 120],
    ['kitchen.jpg', 200],
  ] as const)
    await uploadPhoto(page.request, name, r);
  const memory = await page.request.post('/api/memories', {
    data: { title: 'Summer at the lake', content: 'We swam until the sun went down.', eventDate: '2012-07-14', isPublic: false, tags: [] },
  });
  expect(memory.status(), await memory.text()).toBe(201);

  await page.goto('/collections');
  await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
  await expect(page.getByText('No collections yet')).toBeVisible();

  // the gallery's Select mode: three photos at once into a new collection
  await page.goto('/photos');
  const grid = page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' });
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  for (const name of ['porch.jpg', 'garden.jpg', 'kitchen.jpg']) await grid.getByRole('checkbox', { name: `Select ${name}` }).check();
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar.getByText('3 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Add to collection' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add to collection' });
  await addDialog.getByRole('textbox', { name: 'Title of the new collection' }).fill("Grandma's garden");
  await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('3 photos added to "Grandma\'s garden".', { exact: true })).toBeVisible();
  await expect(bar).toBeHidden(); // Select mode ends once the photos are added
  await expect(grid.getByRole('button', { name: 'View porch.jpg' })).toBeVisible();

  // a memory card's button: into the collection just made
  await page.goto('/memories');
  await page.getByRole('button', { name: 'Put memory Summer at the lake in a collection' }).click();
  const memoryDialog = page.getByRole('dialog', { name: 'Add to collection' });
  await memoryDialog.getByRole('radio', { name: /Grandma's garden/ }).check();
  await memoryDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('"Summer at the lake" added to "Grandma\'s garden".', { exact: true })).toBeVisible();

  // the collection's card and page
  await page.goto('/collections');
  const card = page.getByRole('link', { name: /Grandma's garden/ });
  await expect(card).toContainText('3 photos · 1 memory');
  await expect(card).not.toContainText('Shared');
  await card.click();
  await expect(page).toHaveURL(/\/collections\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: "Grandma's garden" })).toBeVisible();
  const photos = page.getByRole('list', { name: 'Photos in this collection' });
  await expect(photos.getByRole('listitem')).toHaveCount(3);
  for (const name of ['porch.jpg', 'garden.jpg', 'kitchen.jpg']) await expect(photos.getByRole('img', { name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Memories in this collection' })).toContainText('Summer at the lake');
  const sharing = page.getByRole('region', { name: 'Sharing' });
  await expect(sharing.getByText('Private: nobody else can see this collection.')).toBeVisible();

  // a public link: made, shown, copied
  await sharing.getByRole('button', { name: 'Public link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Public link' });
  await expect(linkDialog.getByText('Locations and the GPS position in photos are shown only when this is ticked.')).toBeVisible();
  await linkDialog.getByRole('button', { name: 'Create link' }).click();
  const url = (await linkDialog.getByText(/\/s\/[A-Za-z0-9_-]+$/).textContent())!;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{20,}$/);
  await linkDialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(linkDialog.getByRole('status')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await linkDialog.getByRole('button', { name: 'Done' }).click();

  const row = sharing.getByRole('listitem', { name: 'Public link' });
  await expect(row).toContainText('Anyone with the link');
  await expect(row).toContainText('Never');
  const token = new URL(url).pathname.split('/').pop()!;
  expect((await page.request.get(`/api/shared/${token}`)).status()).toBe(200);

  // the items now carry the Shared mark; the card its badge
  await page.goto('/photos');
  await expect(page.getByRole('tabpanel', { name: 'Grid' }).getByText('Shared', { exact: true })).toHaveCount(3);
  await page.goto('/collections');
  await expect(page.getByRole('link', { name: /Grandma's garden/ })).toContainText('Shared');
  await page.getByRole('link', { name: /Grandma's garden/ }).click();

  // revoke, behind the confirmation: the link stops working at once
  await sharing.getByRole('listitem', { name: 'Public link' }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke link' }).getByRole('button', { name: 'Revoke' }).click();
  await toasts.expectShown('Link revoked');
  await expect(sharing.getByText('Private: nobody else can see this collection.')).toBeVisible();
  expect((await page.request.get(`/api/shared/${token}`)).status()).toBe(404);
});

test('at 375px the collection page and the Select bar fit the screen', async ({ page, signIn }) => {
  await signIn();
  await uploadPhoto(page.request, 'porch.jpg', 40);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/photos');
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select porch.jpg' }).check();
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar.getByRole('button', { name: 'Add to collection' })).toBeInViewport();
  await bar.getByRole('button', { name: 'Add to collection' }).click();
  await page.getByRole('textbox', { name: 'Title of the new collection' }).fill('Porch');
  await page.getByRole('dialog', { name: 'Add to collection' }).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('1 photo added to "Porch".', { exact: true })).toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Tab navigation' });
  await tabs.getByRole('link', { name: 'Collections' }).click();
  await page.getByRole('link', { name: /Porch/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Porch' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Collections' })).toHaveAttribute('aria-current', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
