import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';

const png = (color: string) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: color } })
    .png()
    .toBuffer();

async function upload(request: APIRequestContext, name: string, color: string): Promise<number> {
  const res = await request.post('/api/photos', { multipart: { photo: { name, mimeType: 'image/png', buffer: await png(color) } } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const pad = (n: number) => String(n).padStart(2, '0');

test("the dashboard brings back a photo taken on today's date in an earlier year, and a birthday today", async ({ page, signIn }) => {
  await signIn();
  // the browser runs on this machine, so its "today" is this process's local day; noon UTC keeps the photo on
  // that day in any zone within ±11 hours
  const now = new Date();
  const monthDay = `${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const year = now.getFullYear() - 3;
  const id = await upload(page.request, 'picnic.png', '#2d6a4f');
  const patch = await page.request.patch(`/api/photos/${id}`, {
    data: { title: 'Picnic', dateTaken: `${year}-${monthDay}T12:00:00.000Z` },
  });
  expect(patch.ok(), await patch.text()).toBeTruthy();
  // 1952 was a leap year: a real day even on 29 February
  const contact = await page.request.post('/api/contacts', {
    data: { firstName: 'Ada', relationship: 'family', birthday: `1952-${monthDay}` },
  });
  expect(contact.status(), await contact.text()).toBe(201);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'On this day' });
  await expect(card).toBeVisible();
  const threeYearsAgo = card.getByRole('region', { name: `3 years ago, ${year}` });
  await expect(threeYearsAgo.getByRole('img', { name: 'Picnic' })).toHaveAttribute('src', /size=thumb/);
  await expect(card.getByRole('link', { name: `Ada turns ${now.getFullYear() - 1952} today` })).toHaveAttribute('href', '/family');

  // the thumbnail opens the viewer; Escape closes it
  await threeYearsAgo.getByRole('button', { name: 'View Picnic' }).click();
  const viewer = page.getByRole('dialog', { name: 'Picnic' });
  await expect(viewer.getByRole('img', { name: 'Picnic' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // on a phone the card fits the screen (no sideways scrolling)
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(threeYearsAgo.getByRole('img', { name: 'Picnic' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // in German the viewer's words come with the viewer (its own catalogue part, fetched when it is first opened)
  const german = await page.request.put('/api/user/language', { data: { language: 'de' } });
  expect(german.ok(), await german.text()).toBeTruthy();
  const viewerWords = page.waitForResponse((res) => /\/de\/app\.on-this-day-viewer\.json$/.test(new URL(res.url()).pathname));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  const inGerman = page.getByRole('region', { name: 'An diesem Tag' }).getByRole('region', { name: `Vor 3 Jahren, ${year}` });
  await inGerman.getByRole('button', { name: /Picnic/ }).click();
  expect((await viewerWords).ok()).toBe(true);
  const details = page.getByRole('dialog', { name: 'Picnic' }).getByRole('region', { name: 'Angaben zum Foto' });
  await expect(details.getByRole('link', { name: 'Original herunterladen' })).toBeVisible();
});

test('the dashboard has no "On this day" when the day holds nothing', async ({ page, signIn }) => {
  await signIn();
  await upload(page.request, 'today.png', '#bc4749'); // taken today (no date): not an earlier year
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/on-this-day' && res.status() === 200);
  await page.goto('/dashboard');
  await answered;
  await expect(page.getByRole('region', { name: 'Recent Photos' }).getByRole('img', { name: 'today.png' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'On this day' })).toHaveCount(0);
});

test("the viewer's arrow keys step through the gallery, with details and the original to download", async ({ page, signIn }) => {
  await signIn();
  const first = await upload(page.request, 'first.png', '#2d6a4f');
  await upload(page.request, 'second.png', '#bc4749');
  await page.goto('/photos');
  // newest upload first
  await page.getByRole('button', { name: 'View second.png' }).click();
  const second = page.getByRole('dialog', { name: 'second.png' });
  await expect(second).toBeVisible();
  await expect(second.getByRole('button', { name: 'Previous photo' })).toHaveCount(0);

  await page.keyboard.press('ArrowRight');
  const firstViewer = page.getByRole('dialog', { name: 'first.png' });
  await expect(firstViewer).toBeVisible();
  await expect(firstViewer.getByRole('img', { name: 'first.png' })).toBeVisible();
  await expect(firstViewer.getByRole('button', { name: 'Next photo' })).toHaveCount(0);
  const details = firstViewer.getByRole('region', { name: 'Photo details' });
  await expect(details.getByText('first.png', { exact: true })).toBeVisible();
  const download = details.getByRole('link', { name: 'Download original' });
  await expect(download).toHaveAttribute('href', `/api/photos/${first}/original`);
  await expect(download).toHaveAttribute('download', 'first.png');

  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'second.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(page.getByRole('dialog', { name: 'first.png' })).toBeVisible();
});
