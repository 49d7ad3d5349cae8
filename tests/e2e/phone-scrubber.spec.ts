import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { seedPhotoCopies } from '../helpers/e2e-photo-seed';
import { expect, test } from './fixtures';

// On a phone the month scrubber sits in a strip of its own at the right edge: it never covers a photo card.

type PageAnswer = { items: { derivativeStatus: string }[] };

async function uploadTemplate(page: Page) {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6b705c' } })
    .jpeg()
    .toBuffer();
  const res = await page.request.post('/api/photos', {
    multipart: { photo: { name: 'template.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  expect((await page.request.patch(`/api/photos/${id}`, { data: { dateTaken: '2024-12-20T12:00:00Z' } })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get('/api/photos/page')).json()) as PageAnswer).items[0]?.derivativeStatus)
    .toBe('ready');
  return id;
}

const grid = (page: Page) => page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of every card in the grid now drawn that overlap the scrubber's box. */
async function cardsUnder(page: Page, scrubber: Box) {
  const cards = await grid(page).getByRole('listitem').all();
  const hits: string[] = [];
  for (const card of cards) {
    const box = await card.boundingBox();
    if (box && overlaps(box, scrubber)) hits.push((await card.textContent()) ?? '');
  }
  return { count: cards.length, hits };
}

test('on a phone the scrubber covers no photo card, and dragging it still jumps to a year', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn();
  await seedPhotoCopies(await uploadTemplate(page), 299, 2000, 2024);
  await page.goto('/photos');
  await expect(grid(page).getByText('December 2024', { exact: true })).toBeVisible({ timeout: 30_000 });

  const scrubber = page.getByRole('slider', { name: 'Jump to a month' });
  // the top of the page shows the upload card: the scrubber belongs to the gallery and waits below it
  const upload = (await page.locator('[data-slot="card"]').filter({ hasText: 'Upload Photos' }).boundingBox())!;
  expect(overlaps(upload, (await scrubber.boundingBox())!)).toBe(false);
  // scrolled down to the gallery, where cards fill the screen beside the scrubber, which spans the screen
  await grid(page).evaluate((list) => window.scrollBy(0, list.getBoundingClientRect().top - 140));
  await expect.poll(async () => (await scrubber.boundingBox())?.height).toBeGreaterThan(500);
  const box = (await scrubber.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  const before = await cardsUnder(page, box);
  expect(before.count).toBeGreaterThan(1);
  expect(before.hits).toEqual([]);
  // nor the gallery card's edge
  const gallery = (await page.locator('[data-slot="card"]').filter({ hasText: 'Photo Gallery' }).boundingBox())!;
  expect(box.x + box.width).toBeLessThan(gallery.x + gallery.width);

  await page.mouse.move(box.x + box.width / 2, box.y + 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 1, { steps: 8 });
  await page.mouse.up();
  await expect(scrubber).toHaveAttribute('aria-valuetext', /2000$/);
  await expect(
    grid(page)
      .getByText(/^\w+ 2000$/)
      .first(),
  ).toBeVisible();
  expect((await cardsUnder(page, (await scrubber.boundingBox())!)).hits).toEqual([]);
});
