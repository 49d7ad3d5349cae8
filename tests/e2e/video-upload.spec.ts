import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Photo } from '@shared/schemas/photos';
import { seriousFindings } from './axe';
import { expect, test } from './fixtures';

// Issue 16, decision 038: a video goes up with tus from the gallery's upload, shows its poster and length in the
// grid, "Preparing video…" while the server makes a playable copy, and plays in the viewer.

const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A test pattern with a tone, made by the test with the ffmpeg npm ci installs. */
function makeVideo(name: string, seconds: number, size: string, codec: string[]): { name: string; mimeType: string; buffer: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-e2e-video-'));
  const out = path.join(dir, name);
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(seconds), ...codec, '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out],
  ]);
  const buffer = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return { name, mimeType: name.endsWith('.mov') ? 'video/quicktime' : 'video/mp4', buffer };
}

const grid = (page: Page) => page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' });

/** Whether a video element has decoded enough to show its current frame (HAVE_CURRENT_DATA or more). */
const readyState = (video: Locator) => video.evaluate((el) => (el as HTMLVideoElement).readyState);

/** The <img> has really been decoded by the browser. */
const isLoaded = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

test('a user uploads an MP4, sees its poster and length in the grid and the list, and plays it', async ({ page, signIn, toasts }) => {
  const clip = makeVideo('birthday.mp4', 3, '320x240', ['-c:v', 'libx264', '-preset', 'ultrafast']);
  await signIn();
  await page.goto('/photos');
  await expect(page.getByText(/^Videos too: MP4, MOV, WebM, M4V, 3GP, MKV, MTS, AVI and MPEG up to \d+MB\.$/)).toBeVisible();

  await page.getByLabel('Photo files').setInputFiles(clip);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('progressbar', { name: 'Upload progress of birthday.mp4' })).toBeVisible();
  await expect(uploads.getByText('Uploaded')).toBeVisible();
  await toasts.expectShown('Video uploaded successfully.');

  // the tile: the poster once made (thumbnails as for photos), the play mark and the length
  const tile = grid(page).getByRole('listitem').filter({ hasText: 'birthday.mp4' });
  await expect(tile.getByText('Video, 0:03', { exact: true })).toBeVisible();
  const poster = tile.getByRole('img', { name: 'birthday.mp4' });
  await expect
    .poll(async () => (await poster.evaluate((el) => el.tagName)) === 'IMG' && (await isLoaded(poster)), { timeout: 30_000 })
    .toBe(true);
  await expect(poster).toHaveAttribute('src', /size=thumb/);
  // an H.264/AAC MP4 plays as it is: nothing to prepare
  await expect(tile.getByText(/Preparing video/)).toHaveCount(0, { timeout: 30_000 });

  expect(await seriousFindings(page, '[role="tabpanel"]')).toEqual([]);

  // the List view gives the length too
  await page.getByRole('tab', { name: 'List' }).click();
  const row = page.getByRole('tabpanel', { name: 'List' }).getByRole('listitem').filter({ hasText: 'birthday.mp4' });
  await expect(row.getByText('Video, 0:03', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Grid' }).click();

  // the viewer plays it: poster first, then frames the browser has decoded
  await tile.getByRole('button', { name: 'View birthday.mp4' }).click();
  const viewer = page.getByRole('dialog', { name: 'birthday.mp4' });
  const video = viewer.locator('video');
  await expect(video).toHaveAttribute('poster', /mobile=true/);
  await expect(video).toHaveAttribute('src', /\/api\/photos\/video\/\d+$/);
  await video.evaluate((el) => (el as HTMLVideoElement).play().catch(() => undefined));
  await expect.poll(() => readyState(video), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect(viewer.getByRole('region', { name: 'Photo details' })).toContainText('0:03');
  expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);
});

test('an iPhone HEVC MOV shows "Preparing video…" on a phone screen, then plays', async ({ page, signIn, toasts }) => {
  // A short clip: the server's H.264 copy of it takes a second or two. Until the tile has been measured, the
  // gallery's answers say the copy is still being made (a short copy can be ready before the gallery first
  // asks); then the server's own answers come through, and the gallery, asking again, shows it ready.
  const clip = makeVideo('IMG_0042.mov', 4, '640x360', [
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-tag:v',
    'hvc1',
    '-x265-params',
    'log-level=error',
  ]);
  let holdPreparing = true;
  const asPreparing = (photo: Photo) => (photo.video ? { ...photo, video: { ...photo.video, playback: 'preparing' } } : photo);
  await page.route(/\/api\/photos\/(page(\?|$)|\d+$)/, async (route) => {
    if (!holdPreparing || route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Photo | { items: Photo[] };
    return route.fulfill({ response, json: 'items' in body ? { ...body, items: body.items.map(asPreparing) } : asPreparing(body) });
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn();
  await page.goto('/photos');
  await page.getByLabel('Photo files').setInputFiles(clip);
  await toasts.expectShown('Video uploaded successfully.');

  const tile = grid(page).getByRole('listitem').filter({ hasText: 'IMG_0042.mov' });
  const preparing = tile.getByText(/^Preparing video…( \d+ %)?$/);
  await expect(preparing).toBeVisible();
  await expect(tile.getByText('Video, 0:04', { exact: true })).toBeVisible();
  // on a phone the overlay and the length stay inside the tile (measured together, while it still prepares)
  const overflow = await tile.locator('.aspect-square').evaluate((square) => {
    const outer = square.getBoundingClientRect();
    const parts = [...square.querySelectorAll('span')].filter((el) => /^(Preparing video…|Video, 0:04)/.test(el.textContent ?? ''));
    return parts.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        text: el.textContent,
        inside: r.left >= outer.left && r.top >= outer.top && r.right <= outer.right + 0.5 && r.bottom <= outer.bottom + 0.5,
      };
    });
  });
  expect(overflow.map((part) => part.text)).toContain('Video, 0:04');
  expect(overflow.filter((part) => !part.inside)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // the gallery asks again until the copy is made: no reload
  holdPreparing = false;
  await expect(preparing).toHaveCount(0, { timeout: 60_000 });
  await tile.getByRole('button', { name: 'View IMG_0042.mov' }).click();
  const video = page.getByRole('dialog', { name: 'IMG_0042.mov' }).locator('video');
  await video.evaluate((el) => (el as HTMLVideoElement).play().catch(() => undefined));
  await expect.poll(() => readyState(video), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a video upload cut off by a reload continues where it stopped when the same file is chosen again', async ({
  page,
  signIn,
  toasts,
}) => {
  test.setTimeout(120_000);
  // about 20 MB of noise (lossless), so the upload takes three 8 MiB requests
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-e2e-video-'));
  const file = path.join(dir, 'garden-party.mp4');
  execFileSync(FFMPEG, [
    ...[
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'nullsrc=size=640x480:rate=25,geq=lum=random(1)*255:cb=128:cr=128',
    ],
    ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', file],
  ]);
  const size = fs.statSync(file).size;
  expect(size).toBeGreaterThan(16 * 1024 * 1024);
  await signIn();
  await page.goto('/photos');

  // the first chunk arrives; every later one fails as on a dropped line (tus retries them), and the page is reloaded
  const offsets: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/photos/video-uploads/'))
      offsets.push(request.headers()['upload-offset'] ?? '');
  });
  let patches = 0;
  await page.route('**/api/photos/video-uploads/*', (route) =>
    route.request().method() === 'PATCH' && ++patches > 1 ? route.abort('connectionreset') : route.continue(),
  );
  const firstChunk = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.status() === 204);
  await page.getByLabel('Photo files').setInputFiles(file);
  await firstChunk;
  await expect(page.getByText(/^Uploading\.\.\. [1-9]\d%$/)).toBeVisible();
  await page.reload();
  await page.unrouteAll();
  const beforeReload = offsets.length;

  // the same file again: the browser remembers the upload, asks the server how far it got, and sends the rest
  const resumed = page.waitForRequest((request) => request.method() === 'HEAD' && request.url().includes('/api/photos/video-uploads/'));
  await page.getByLabel('Photo files').setInputFiles(file);
  await resumed;
  await toasts.expectShown('Video uploaded successfully.');
  // before the reload: the start, then the second chunk tried again and again; after it, the second chunk on
  expect(offsets.slice(0, beforeReload).filter((offset) => offset !== String(8 * 1024 * 1024))).toEqual(['0']);
  expect(offsets.slice(beforeReload)).toEqual([String(8 * 1024 * 1024), String(16 * 1024 * 1024)]);
  await expect(grid(page).getByRole('listitem').filter({ hasText: 'garden-party.mp4' })).toBeVisible();
  fs.rmSync(dir, { recursive: true, force: true });
});
