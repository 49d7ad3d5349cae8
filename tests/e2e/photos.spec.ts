import fs from 'node:fs';
import path from 'node:path';
import type { ElementHandle, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';

const HEIC = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/files/tiny.heic'));

const png = (color: string, width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** True once the <img> has really been decoded by the browser. */
const isLoaded = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

async function dropFiles(page: Page, target: ElementHandle, files: { name: string; type: string; data: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: f.type }));
      }
      return dt;
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: f.data.toString('base64') })),
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText('Drop the photo here')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
}

test('a user uploads two photos, renames, dates, sorts, views and deletes them', async ({ page, signIn, toasts }) => {
  await signIn();
  await page.goto('/photos');
  await expect(page.getByRole('heading', { level: 1, name: 'My Photos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Story' })).toHaveAttribute('href', '/story');
  await expect(page.getByText('No photos found. Upload some photos to get started!')).toBeVisible();
  await expect(page.getByText('Supports JPEG, PNG, GIF, WebP, HEIC/HEIF up to 10MB')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Photo' })).toBeVisible();

  // a wrong type is refused in the browser, with nothing sent
  await page.getByLabel('Photo files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('notes.txt: Only JPEG, PNG, GIF, WebP and HEIC/HEIF photos can be uploaded', { exact: true })).toBeVisible();

  // two photos dropped at once: uploaded one after the other, each with its progress bar
  // the drop zone itself (its prompt text changes while dragging)
  const zone = (await page.getByText('Drag & drop a photo here, or click to select').locator('..').elementHandle())!;
  await dropFiles(page, zone, [
    { name: 'zebra.png', type: 'image/png', data: await png('#2d6a4f') },
    { name: 'apple.png', type: 'image/png', data: await png('#bc4749') },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('progressbar')).toHaveCount(2);
  await expect(uploads.getByText('Uploaded')).toHaveCount(2);
  await toasts.expectShown('Photo uploaded successfully.');

  const grid = page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' });
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  // the newest upload is at the front; grids load thumbnails
  await expect(grid.getByRole('listitem').first().getByRole('button', { name: 'Edit title: apple.png' })).toBeVisible();
  const thumb = grid.getByRole('img', { name: 'zebra.png' });
  await expect(thumb).toHaveAttribute('src', /size=thumb/);
  await expect.poll(() => isLoaded(thumb)).toBe(true);

  // inline title edit: Enter saves, Escape cancels, clicking outside saves
  await grid.getByRole('button', { name: 'Edit title: zebra.png' }).click();
  await page.getByRole('textbox', { name: 'Photo title' }).fill('Lake house');
  await page.getByRole('textbox', { name: 'Photo title' }).press('Enter');
  await expect(grid.getByRole('button', { name: 'Edit title: Lake house' })).toBeVisible();
  await grid.getByRole('button', { name: 'Edit title: Lake house' }).click();
  await page.getByRole('textbox', { name: 'Photo title' }).fill('Not this');
  await page.getByRole('textbox', { name: 'Photo title' }).press('Escape');
  await expect(grid.getByRole('button', { name: 'Edit title: Lake house' })).toBeVisible();
  await grid.getByRole('button', { name: 'Edit title: Lake house' }).click();
  await page.getByRole('textbox', { name: 'Photo title' }).fill('Albatross');
  await page.getByRole('heading', { level: 1, name: 'My Photos' }).click();
  await expect(grid.getByRole('button', { name: 'Edit title: Albatross' })).toBeVisible();
  await expect(page.getByText('Photo title updated.', { exact: true })).toBeVisible();

  // date: the calendar picker, with year and month selection
  const albatross = grid.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Edit title: Albatross' }) });
  await albatross.getByRole('button', { name: /^Change date:/ }).click();
  const picker = page.getByRole('dialog');
  await picker.getByRole('combobox', { name: /year/i }).selectOption('1987');
  await picker.getByRole('combobox', { name: /month/i }).selectOption({ label: 'June' });
  await picker.getByRole('button', { name: /June 15(th)?, 1987/ }).click();
  await expect(picker.getByText('June 15, 1987')).toBeVisible();
  await picker.getByRole('button', { name: 'Apply Date' }).click();
  await expect(albatross.getByRole('button', { name: 'Change date: June 15, 1987' })).toBeVisible();
  await expect(page.getByText('Photo date updated.', { exact: true })).toBeVisible();

  // sort by title on the server; Date Taken puts 1987 last
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Photo Title' }).click();
  await expect(grid.getByRole('listitem').first().getByRole('button', { name: 'Edit title: Albatross' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Date Taken' }).click();
  await expect(grid.getByRole('listitem').first().getByRole('button', { name: 'Edit title: apple.png' })).toBeVisible();

  // the list view, and the viewer with the full image
  await page.getByRole('tab', { name: 'List' }).click();
  const rows = page.getByRole('tabpanel', { name: 'List' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('button', { name: 'View apple.png' }).click();
  const viewer = page.getByRole('dialog', { name: 'apple.png' });
  await expect(viewer).toBeVisible();
  const full = viewer.getByRole('img', { name: 'apple.png' });
  await expect(full).not.toHaveAttribute('src', /size=thumb/);
  await expect.poll(() => full.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(900);
  await page.keyboard.press('Escape');

  // delete, behind the confirmation
  await rows.first().getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete photo' });
  await expect(confirm.getByText('Are you sure you want to delete this photo?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toasts.expectShown('Photo deleted.');
  await expect(rows).toHaveCount(1);

  // the dashboard shows what is left
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Photos' }).getByRole('img', { name: 'Albatross' });
  await expect(recent).toBeVisible();
  await expect.poll(() => isLoaded(recent)).toBe(true);
});

test('a HEIC photo is shown once it has been converted', async ({ page, signIn, toasts }) => {
  await signIn();
  await page.goto('/photos');
  await page.getByLabel('Photo files').setInputFiles({ name: 'IMG_4242.HEIC', mimeType: '', buffer: HEIC });
  await toasts.expectShown('Photo uploaded successfully.');
  const grid = page.getByRole('tabpanel', { name: 'Grid' });
  const thumb = grid.getByRole('img', { name: 'IMG_4242.HEIC' });
  await expect.poll(() => isLoaded(thumb), { timeout: 15_000 }).toBe(true);
  await expect(grid.getByRole('button', { name: 'Change date: December 25, 2021' })).toBeVisible();
  await grid.getByRole('button', { name: 'View IMG_4242.HEIC' }).click();
  const full = page.getByRole('dialog', { name: 'IMG_4242.HEIC' }).getByRole('img');
  await expect.poll(() => full.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBe(160);
});

test('photos that fail to load are retried, reported, and recovered with Fix failed photos', async ({ page, signIn }) => {
  await signIn();
  const res = await page.request.post('/api/photos', {
    multipart: { photo: { name: 'cellar.png', mimeType: 'image/png', buffer: await png('#6c584c', 300, 200) } },
  });
  expect(res.status()).toBe(201);
  let failing = true;
  await page.route('**/api/photos/image/**', (route) => (failing ? route.fulfill({ status: 404, body: 'gone' }) : route.fallback()));
  await page.goto('/photos');
  await expect(page.getByText('Some photos (1) could not be loaded. Click "Fix failed photos" to attempt recovery.')).toBeVisible();
  // spec §2: retried once after 2 seconds with a cache-busting value (failing again here)
  await page.waitForResponse((r) => r.url().includes('/api/photos/image/') && r.url().includes('cachebust='));
  await expect(page.getByRole('img', { name: 'cellar.png could not be loaded' })).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Fix failed photos' }).click();
  await expect(page.getByText('Photos paths fixed. Refreshing gallery...', { exact: true })).toBeVisible();
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  await expect.poll(() => isLoaded(page.getByRole('img', { name: 'cellar.png' }))).toBe(true);
});

test('settings shows library statistics and runs the maintenance tools', async ({ page, signIn }) => {
  await signIn();
  const data = await png('#355070', 64, 64);
  const res = await page.request.post('/api/photos', { multipart: { photo: { name: 'tiny.png', mimeType: 'image/png', buffer: data } } });
  expect(res.status()).toBe(201);
  // Storage Used counts the stored copies too (thumbnail, phone size): read it once they are made
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/photos/page')).json()) as { items: { derivativeStatus: string }[] }).items[0]
          ?.derivativeStatus,
    )
    .toBe('ready');
  const used = ((await (await page.request.get('/api/user/storage')).json()) as { byKind: { photos: number } }).byKind.photos;
  expect(used).toBeGreaterThanOrEqual(data.length);
  await page.goto('/settings#photos');
  await expect(page.getByRole('tab', { name: 'Photo Management', selected: true })).toBeVisible();
  await expect(page.getByText('Photo Library Statistics')).toBeVisible();
  const stat = (label: string) =>
    page
      .locator('dl div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(stat('Total Photos')).toHaveText('1');
  await expect(stat('Storage Used')).toHaveText(used < 1024 ? `${used} Bytes` : `${(used / 1024).toFixed(2)} KB`);
  await expect(stat('Device')).toHaveText('Desktop');
  await expect.poll(() => isLoaded(page.getByRole('img', { name: 'tiny.png' }))).toBe(true);

  await page.getByRole('tab', { name: 'Maintenance Tools' }).click();
  await page.getByRole('button', { name: 'Fix Photo Paths' }).click();
  await expect(page.getByText('Fixed 0 photo paths', { exact: true })).toBeVisible();
  await expect(page.locator('pre')).toHaveText('{\n  "fixedCount": 0\n}');
  await page.getByRole('button', { name: 'Clean Orphaned Records' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clean Up' }).click();
  await expect(page.getByText('Cleaned up 0 orphaned records', { exact: true })).toBeVisible();
  await expect(page.locator('pre')).toHaveText('{\n  "cleanedCount": 0\n}');

  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Privacy' }).getByText('Places in shares', { exact: true })).toBeVisible();
});
