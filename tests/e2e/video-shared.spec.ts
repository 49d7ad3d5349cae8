import type { Photo } from '../../src/shared/schemas/photos';
import { expect, test } from './fixtures';
import { h264Mp4, uploadVideo } from './video-helpers';

// Decision 038: a video in a shared collection plays in the link's viewer, for a visitor with no account, on a phone.

const PHONE = { width: 375, height: 812 };

test('a shared video carries its length and plays in the link viewer on a phone', async ({ page, signIn, browser, baseURL }) => {
  await signIn();
  const video = await uploadVideo(page.request, 'lake.mp4', h264Mp4(3));
  // ready to play once its poster and preview are made
  await expect
    .poll(async () => ((await (await page.request.get(`/api/photos/${video.id}`)).json()) as Photo).video?.playback, { timeout: 30_000 })
    .toBe('ready');

  const collection = await page.request.post('/api/collections', { data: { title: 'The lake' } });
  const { id } = (await collection.json()) as { id: number };
  expect((await page.request.post(`/api/collections/${id}/items`, { data: { photoIds: [video.id] } })).ok()).toBeTruthy();
  const link = await page.request.post(`/api/collections/${id}/links`, { data: { kind: 'public' } });
  expect(link.status(), await link.text()).toBe(201);
  const linkPath = new URL(((await link.json()) as { url: string }).url).pathname;

  const context = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  const view = await context.newPage();
  await view.goto(linkPath);
  await expect(view.getByRole('heading', { level: 1, name: 'The lake' })).toBeVisible();
  await expect(view.getByRole('listitem').filter({ has: view.getByRole('button', { name: 'View lake.mp4' }) })).toContainText(
    'Video, 0:03',
  );

  await view.getByRole('button', { name: 'View lake.mp4' }).click();
  const player = view.getByRole('dialog').locator('video');
  await expect(player).toHaveAttribute('poster', /\/api\/shared\//);
  await player.evaluate((el) => (el as HTMLVideoElement).play().catch(() => undefined));
  await expect.poll(() => player.evaluate((el) => (el as HTMLVideoElement).readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const box = (await player.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await context.close();
});
