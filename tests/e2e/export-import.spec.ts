import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { hostileZip } from '../helpers/hostile-zips';
import { seriousFindings } from './axe';
import { expect, test } from './fixtures';

// Issue 14 through the browser: Settings → Your data exports an account, the download is a real zip, and a
// second account imports that very file through the Import control and then sees the photo and the memory.

const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#386641' } })
    .jpeg()
    .toBuffer();

/** The entry names of a zip on disk, read with yauzl (the archive's central directory). */
function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** axe on the card in its current state: no serious or critical finding. */
async function expectCardAccessible(page: Page, state: string) {
  expect(await seriousFindings(page, '#your-data'), `axe on ${state}`).toEqual([]);
}

async function openYourData(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Account' }).click();
  const card = page.locator('#your-data');
  await expect(card.getByText('Your data', { exact: true })).toBeVisible();
  return card;
}

test('an account exported from Settings is imported by another account, photo and memory included', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn();
  const photo = await page.request.post('/api/photos', {
    multipart: { photo: { name: 'garden.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  expect(photo.status(), await photo.text()).toBe(201);
  const { id: photoId } = (await photo.json()) as { id: number };
  const titled = await page.request.patch(`/api/photos/${photoId}`, { data: { title: 'The vegetable garden' } });
  expect(titled.ok(), await titled.text()).toBeTruthy();
  const memory = await page.request.post('/api/memories', {
    data: {
      title: 'Planting the beans',
      content: 'Grandpa showed us how deep.',
      eventDate: '2011-05-02',
      isPublic: false,
      tags: ['garden'],
      location: null,
    },
  });
  expect(memory.status(), await memory.text()).toBe(201);

  const card = await openYourData(page);
  await expect(card.getByText(/opens in any web browser/)).toBeVisible();
  await card.getByRole('button', { name: 'Export everything' }).click();
  // the job is followed until it is ready; the bar may pass too quickly to see on a tiny library, the link may not
  const download = card.getByRole('link', { name: /^Download \(/ });
  await expect(download.or(card.getByRole('progressbar', { name: 'Export progress' })).first()).toBeVisible();
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(/^Kept until /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Export again' })).toBeVisible();
  await expectCardAccessible(page, 'a ready export');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const archive = test.info().outputPath('export.zip');
  await file.saveAs(archive);
  const entries = await zipEntries(archive);
  expect(entries).toContain('heirloom.json');
  expect(entries).toContain('index.html');
  expect(entries).toContain('manifest.json');
  expect(entries.some((name) => name.startsWith('originals/'))).toBe(true);

  // a second, new account imports that file
  await page.request.post('/api/logout');
  await signIn();
  const importCard = await openYourData(page);
  await importCard.getByLabel('Archives to import (.zip)').setInputFiles({
    name: 'heirloom-export.zip',
    mimeType: 'application/zip',
    buffer: await fs.readFile(archive),
  });
  await importCard.getByRole('button', { name: 'Import', exact: true }).click();
  const report = importCard.getByRole('region', { name: 'Import report' });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report.getByText(/^Import finished on .+ \(heirloom export\)\.$/)).toBeVisible();
  await expect(report.getByRole('list', { name: 'Imported' }).getByText('1 photo', { exact: true })).toBeVisible();
  await expect(report.getByRole('list', { name: 'Imported' }).getByText('1 memory', { exact: true })).toBeVisible();

  await page.goto('/photos');
  const grid = page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' });
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid.getByRole('button', { name: 'Edit title: The vegetable garden' })).toBeVisible();
  await page.goto('/memories');
  await expect(page.getByRole('article', { name: 'Planting the beans' })).toBeVisible();
});

/** Zips entries (path → bytes) with yazl, as Google's Takeout parts are plain zips. */
function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

test('a Google Photos Takeout in two parts is imported although the upload is cut once, and its video is reported', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  const album = 'Takeout/Google Photos/Lake holiday';
  const sidecar = { title: 'IMG_0001.JPG', description: 'The jetty at dawn', photoTakenTime: { timestamp: '1562000000' } };
  const part1 = await zipOf([
    [`${album}/metadata.json`, Buffer.from(JSON.stringify({ title: 'Lake holiday', description: '' }))],
    [`${album}/IMG_0001.JPG`, await jpeg()],
    [`${album}/IMG_0001.JPG.json`, Buffer.from(JSON.stringify(sidecar))],
  ]);
  const part2 = await zipOf([['Takeout/Google Photos/Photos from 2019/VID_0002.mp4', Buffer.from('not really a video, never kept')]]);

  // the first chunk's connection is cut: tus asks the server how far it got and sends the rest
  let cut = 0;
  await page.route('**/api/imports/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH' && cut === 0) {
      cut += 1;
      return route.abort('connectionreset');
    }
    return route.fallback();
  });

  const card = await openYourData(page);
  await card.getByLabel('Archives to import (.zip)').setInputFiles([
    { name: 'takeout-001.zip', mimeType: 'application/zip', buffer: part1 },
    { name: 'takeout-002.zip', mimeType: 'application/zip', buffer: part2 },
  ]);
  await card.getByRole('button', { name: 'Import 2 files' }).click();
  const report = card.getByRole('region', { name: 'Import report' });
  await expect(report).toBeVisible({ timeout: 60_000 });
  expect(cut).toBe(1);
  await expect(report.getByText(/^Import finished on .+ \(Google Photos Takeout\)\.$/)).toBeVisible();
  const imported = report.getByRole('list', { name: 'Imported' });
  await expect(imported.getByText('1 photo', { exact: true })).toBeVisible();
  await expect(imported.getByText('1 collection', { exact: true })).toBeVisible();
  // the video is counted and named with its reason, never dropped silently
  await report.getByText('Not imported: 1').click();
  await expect(report.getByText('Takeout/Google Photos/Photos from 2019/VID_0002.mp4')).toBeVisible();
  await expectCardAccessible(page, 'an import report with its lists open');

  await page.goto('/photos');
  await expect(page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1);
  await page.goto('/collections');
  await expect(page.getByText('Lake holiday')).toBeVisible();
});

test('refused archives show the server’s reason in the card and import nothing', async ({ page, signIn }) => {
  await signIn();
  const card = await openYourData(page);
  const input = card.getByLabel('Archives to import (.zip)');
  const importButton = card.getByRole('button', { name: 'Import', exact: true });

  // not a zip: refused when the import is asked for, before any job
  await input.setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
  await importButton.click();
  await expect(card.getByRole('alert')).toHaveText('This is not a zip archive. Choose an heirloom export or a Google Takeout zip.');

  // a real zip with an entry that climbs out of the archive: the job refuses it whole
  const hostile = await hostileZip([
    { name: 'Takeout/Google Photos/Photos from 2019/IMG_0001.jpg', data: await jpeg() },
    { name: '../evil.jpg', data: await jpeg() },
  ]);
  await input.setInputFiles({ name: 'takeout.zip', mimeType: 'application/zip', buffer: hostile });
  await importButton.click();
  await expect(card.getByRole('alert')).toHaveText(/^The last import failed and nothing from it was kept: .*"\.\.\/evil\.jpg".*outside/, {
    timeout: 30_000,
  });
  await expect(card.getByRole('region', { name: 'Import report' })).toHaveCount(0);
  const photos = await page.request.get('/api/photos');
  expect(await photos.json()).toEqual([]);
});

test('Your data fits a phone screen', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn();
  const card = await openYourData(page);
  const exportButton = card.getByRole('button', { name: 'Export everything' });
  await expect(exportButton).toBeVisible();
  await expect(card.getByLabel('Archives to import (.zip)')).toBeVisible();
  // nothing in the card is wider than the screen
  const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(pageOverflow).toBeLessThanOrEqual(0);
  const box = (await exportButton.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);

  // a link to /settings#your-data opens the Account tab with the card in view
  await page.goto('/dashboard');
  await page.goto('/settings#your-data');
  await expect(page.getByRole('tab', { name: 'Account', selected: true })).toBeVisible();
  await expect(page.locator('#your-data').getByRole('button', { name: 'Export everything' })).toBeInViewport();
});
