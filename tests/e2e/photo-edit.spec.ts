import fs from 'node:fs/promises';
import sharp from 'sharp';
import { expect, test } from './fixtures';

const png = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: '#386641' } })
    .png()
    .toBuffer();

test('the owner describes, tags and places a photo in the viewer, and downloads the original as uploaded', async ({ page, signIn }) => {
  await signIn();
  const bytes = await png();
  const res = await page.request.post('/api/photos', {
    multipart: { photo: { name: 'harbour.png', mimeType: 'image/png', buffer: bytes } },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto('/photos');
  await page.getByRole('button', { name: 'View harbour.png' }).click();
  const viewer = page.getByRole('dialog', { name: 'harbour.png' });
  const details = viewer.getByRole('region', { name: 'Photo details' });

  await details.getByRole('button', { name: 'Edit details' }).click();
  await details.getByLabel('Description').fill('Boats at dawn, the day we left');
  await details.getByLabel('Tags').fill('sea, Holiday, sea');
  await details.getByLabel('Place').fill('Honfleur');
  await details.getByRole('button', { name: 'Save details' }).click();

  await expect(page.getByText('Photo details updated.', { exact: true })).toBeVisible();
  await expect(details.getByText('Boats at dawn, the day we left')).toBeVisible();
  await expect(details.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['sea', 'Holiday']);
  await expect(details.getByText('Honfleur')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await details.getByRole('link', { name: 'Download original' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('harbour.png');
  expect((await fs.readFile(await download.path())).equals(bytes)).toBe(true);

  // the edits were saved: a fresh load of the gallery shows them, and search finds the photo by its place
  await page.goto('/photos');
  await page.getByRole('button', { name: 'View harbour.png' }).click();
  await expect(page.getByRole('dialog', { name: 'harbour.png' }).getByText('Boats at dawn, the day we left')).toBeVisible();
  const found = await page.request.get('/api/search?q=honfleur&kind=photo');
  expect(JSON.stringify(await found.json())).toContain('harbour.png');
});

test('on a phone the details form fits the screen', async ({ page, signIn }) => {
  await signIn();
  await page.setViewportSize({ width: 375, height: 812 });
  const res = await page.request.post('/api/photos', {
    multipart: { photo: { name: 'phone.png', mimeType: 'image/png', buffer: await png() } },
  });
  expect(res.status()).toBe(201);
  await page.goto('/photos');
  await page.getByRole('button', { name: 'View phone.png' }).click();
  const details = page.getByRole('dialog', { name: 'phone.png' }).getByRole('region', { name: 'Photo details' });
  await details.getByRole('button', { name: 'Edit details' }).click();
  await details.getByLabel('Tags').fill('a'.repeat(120));
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText(/A tag must be at most/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
