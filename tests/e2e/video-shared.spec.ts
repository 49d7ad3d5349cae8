import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { Photo } from '../../src/shared/schemas/photos';
import { expect, test } from './fixtures';

// Decision 038: a video in a shared collection plays in the link's viewer, for a visitor with no account, on a phone.

const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const PHONE = { width: 375, height: 812 };

function h264Mp4(seconds: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-e2e-video-'));
  const out = path.join(dir, 'clip.mp4');
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out],
  ]);
  const bytes = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** tus 1.0 as the gallery's upload speaks it (one PATCH), then the finished upload made a video. */
async function uploadVideo(request: APIRequestContext, name: string, bytes: Buffer): Promise<Photo> {
  const tus = { 'Tus-Resumable': '1.0.0' };
  const created = await request.post('/api/photos/video-uploads', {
    headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers()['location']!;
  const patched = await request.patch(location, {
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status(), await patched.text()).toBe(204);
  const uploadId = new URL(location, 'http://x').pathname.split('/').pop();
  const video = await request.post('/api/photos/videos', { data: { uploadId } });
  expect(video.status(), await video.text()).toBe(201);
  return (await video.json()) as Photo;
}

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
