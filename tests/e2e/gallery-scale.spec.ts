import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { seedPhotoCopies } from '../helpers/e2e-photo-seed';
import { expect, test } from './fixtures';

type PageAnswer = { items: { id: number; title: string | null; derivativeStatus: string }[] };

/** One real photo through the API, dated `dateTaken`, with its thumbnail made; returns its id. */
async function uploadTemplate(page: Page, dateTaken: string) {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6b705c' } })
    .jpeg()
    .toBuffer();
  const res = await page.request.post('/api/photos', {
    multipart: { photo: { name: 'template.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  expect((await page.request.patch(`/api/photos/${id}`, { data: { dateTaken } })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get('/api/photos/page')).json()) as PageAnswer).items[0]?.derivativeStatus)
    .toBe('ready');
  return id;
}

const grid = (page: Page) => page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' });

/** Scrolls the gallery up under the header: the scrubber spans the part of the gallery on screen. */
async function showGallery(page: Page) {
  await grid(page).evaluate((list) => window.scrollBy(0, list.getBoundingClientRect().top - 140));
  await expect.poll(async () => (await page.getByRole('slider', { name: 'Jump to a month' }).boundingBox())?.height).toBeGreaterThan(200);
}

test.describe('a library of 5,000 photos from 1990 to 2024', () => {
  let templateId = 0;

  test.beforeEach(async ({ page, signIn }) => {
    await signIn();
    templateId = await uploadTemplate(page, '2024-12-20T12:00:00Z');
    await seedPhotoCopies(templateId, 4999, 1990, 2024);
  });

  test('the scrubber jumps from 2024 to 1990 and back, with only the rows near the screen in the page', async ({ page }) => {
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/photos/page') pageRequests.push(request.url());
    });
    await page.goto('/photos');
    // the first visit of a fresh library may wait for the server's first queries
    await expect(grid(page).getByText('December 2024', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(grid(page).getByRole('button', { name: 'View Seeded 4999' })).toBeVisible();
    // thumbnails only for the rows near the screen, not 5,000
    const thumbs = grid(page).locator('img');
    expect(await thumbs.count()).toBeGreaterThan(0);
    expect(await thumbs.count()).toBeLessThanOrEqual(60);
    await expect(thumbs.first()).toHaveAttribute('src', /size=thumb/);

    // drag the scrubber from the top (2024) to the bottom (1990)
    const scrubber = page.getByRole('slider', { name: 'Jump to a month' });
    await expect(scrubber).toHaveAttribute('aria-valuetext', 'December 2024');
    await showGallery(page);
    const box = (await scrubber.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 1, { steps: 5 });
    await page.mouse.up();
    await expect(grid(page).getByText('January 1990', { exact: true })).toBeVisible();
    const oldest = grid(page).getByRole('img', { name: 'Seeded 1', exact: true });
    await expect(oldest).toBeVisible();
    await expect.poll(() => oldest.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(scrubber).toHaveAttribute('aria-valuetext', 'January 1990');
    // the jump started a page chain at 1990: the 34 years between were never loaded
    expect(pageRequests.filter((url) => url.includes('from=')).length).toBeGreaterThanOrEqual(1);
    expect(pageRequests.length).toBeLessThanOrEqual(4);
    expect(await thumbs.count()).toBeLessThanOrEqual(60);

    // the keyboard: Home goes back to the newest month, Page Down a year back
    await scrubber.press('Home');
    await expect(grid(page).getByText('December 2024', { exact: true })).toBeVisible();
    await scrubber.press('PageDown');
    await expect(grid(page).getByText('December 2023', { exact: true })).toBeVisible();
    await expect(scrubber).toHaveAttribute('aria-valuetext', 'December 2023');
  });

  test('the viewer is named by the URL: the arrow key steps to the next photo and Back closes it where the gallery was', async ({
    page,
  }) => {
    await page.goto('/photos');
    const scrubber = page.getByRole('slider', { name: 'Jump to a month' });
    await expect(scrubber).toHaveAttribute('aria-valuetext', 'December 2024');
    // somewhere down the library
    await scrubber.press('PageDown');
    await scrubber.press('PageDown');
    await expect(grid(page).getByText('December 2022', { exact: true })).toBeVisible();
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const scrolled = await page.evaluate(() => window.scrollY);

    // a photo well inside the screen, and the one after it in the gallery's order
    const labels = await grid(page)
      .getByRole('button', { name: /^View / })
      .evaluateAll((buttons) =>
        buttons.map((b) => ({ label: b.getAttribute('aria-label')!.replace(/^View /, ''), top: b.getBoundingClientRect().top })),
      );
    const at = labels.findIndex((l) => l.top > 200 && l.top < 600);
    const name = labels[at]!.label;
    const nextName = labels[at + 1]!.label;
    await grid(page)
      .getByRole('button', { name: `View ${name}`, exact: true })
      .click();
    const viewer = page.getByRole('dialog', { name });
    await expect(viewer).toBeVisible();
    const opened = new URL(page.url()).searchParams.get('photo');
    expect(opened).toMatch(/^\d+$/);

    await page.keyboard.press('ArrowRight');
    await expect(viewer).toBeHidden();
    await expect(page.getByRole('dialog')).toBeVisible();
    const stepped = new URL(page.url()).searchParams.get('photo');
    expect(stepped).not.toBe(opened);
    await expect(page.getByRole('dialog', { name: nextName })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(new URL(page.url()).searchParams.has('photo')).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/photos');
    await expect(grid(page).getByRole('button', { name: `View ${name}` })).toBeInViewport();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);
  });

  test('a link to a photo far from the first page opens it, and closing it stays on the gallery', async ({ page }) => {
    const answer = await page.request.get('/api/photos/page?sortBy=dateTaken&from=1990-01-31T23:59:59Z&limit=200');
    const oldest = ((await answer.json()) as PageAnswer).items.find((p) => p.title === 'Seeded 1')!;
    await page.goto(`/photos?photo=${oldest.id}`);
    const viewer = page.getByRole('dialog', { name: 'Seeded 1' });
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/photos');
    expect(new URL(page.url()).searchParams.has('photo')).toBe(false);
    await expect(grid(page).getByText('December 2024', { exact: true })).toBeVisible();
  });
});

test('on a phone the compact scrubber jumps too, and the grid has one photo a row', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn();
  const templateId = await uploadTemplate(page, '2024-12-20T12:00:00Z');
  await seedPhotoCopies(templateId, 999, 1990, 2024);
  await page.goto('/photos');
  await expect(grid(page).getByText('December 2024', { exact: true })).toBeVisible({ timeout: 30_000 });
  const scrubber = page.getByRole('slider', { name: 'Jump to a month' });
  await showGallery(page);
  const box = (await scrubber.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await scrubber.click({ position: { x: box.width / 2, y: box.height - 1 } });
  await expect(grid(page).getByText('January 1990', { exact: true })).toBeVisible();
  await expect(grid(page).getByRole('img', { name: 'Seeded 1', exact: true })).toBeVisible();
  const tiles = await grid(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.slice(0, 2).map((i) => i.getBoundingClientRect().top));
  expect(tiles[1]).toBeGreaterThan(tiles[0]!);
});
