import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Request, Route } from '@playwright/test';
import { expect, test } from './fixtures';

// Leaving /photos while a video uploads asks first; the upload goes on for who stays, stops for who leaves, and
// continues where it stopped when the same file is picked again (tus keeps its place in the browser).

const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const CHUNK = 8 * 1024 * 1024; // lib/resumable-upload.ts sends 8 MiB a request

/** A real MP4 of three chunks and more (noise compresses badly), written to disk so a second pick is the same file. */
function makeLargeVideo(): string {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-e2e-leave-')), 'holiday.mp4');
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', '2', '-vf', 'noise=alls=60:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '2'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out],
  ]);
  expect(fs.statSync(out).size).toBeGreaterThan(2 * CHUNK);
  return out;
}

const offsetOf = (request: Request) => Number(request.headers()['upload-offset']);

test('a video upload asks before the page is left: Stay keeps it going, Leave stops it, the same file picked again continues', async ({
  page,
  signIn,
  toasts,
}) => {
  test.setTimeout(120_000);
  const video = makeLargeVideo();
  await signIn();
  await page.goto('/photos');

  // every chunk after the first waits here until the test lets it through
  const held: Route[] = [];
  await page.route('**/api/photos/video-uploads/*', (route) => {
    if (route.request().method() === 'PATCH' && offsetOf(route.request()) > 0) held.push(route);
    else void route.continue();
  });
  const nextHeld = async () => {
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    return held.shift()!;
  };

  await page.getByLabel('Photo files').setInputFiles(video);
  const second = await nextHeld();
  expect(offsetOf(second.request())).toBe(CHUNK);
  const row = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'holiday.mp4' });
  await expect(row).toContainText(/Uploading\.\.\. \d+%/);

  const vault = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Vault' });
  await vault.click();
  const ask = page.getByRole('alertdialog', { name: 'Leave while uploading?' });
  await expect(ask).toContainText(
    'A video is still uploading. If you leave, it stops; pick the same file again later and it continues where it stopped.',
  );
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/photos$/);
  // closing the tab asks through the browser; dismissed, the page stays
  const unloadAsk = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await unloadAsk;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);

  // it goes on: the second chunk arrives and the third is sent
  await second.continue();
  const third = await nextHeld();
  expect(offsetOf(third.request())).toBe(2 * CHUNK);
  await expect(row).toContainText(/Uploading\.\.\. \d+%/);

  await vault.click();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/vault$/);
  await third.abort().catch(() => undefined); // the page has dropped it already
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // picked again: the browser asks the server how far it got (HEAD) and sends only the rest
  const tusRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/photos/video-uploads')) {
      tusRequests.push(`${request.method()} ${request.method() === 'PATCH' ? offsetOf(request) : ''}`.trim());
    }
  });
  await page.goto('/photos');
  await page.getByLabel('Photo files').setInputFiles(video);
  await toasts.expectShown('Video uploaded successfully.');
  expect(tusRequests[0]).toBe('HEAD');
  expect(tusRequests).not.toContain('POST');
  // nothing the server already had is sent again (the third chunk may or may not have reached it before Leave)
  const offsets = tusRequests.filter((r) => r.startsWith('PATCH')).map((r) => Number(r.slice('PATCH '.length)));
  expect(offsets.every((offset) => offset >= 2 * CHUNK)).toBe(true);
  await expect(page.getByRole('tabpanel', { name: 'Grid' }).getByRole('listitem').filter({ hasText: 'holiday.mp4' })).toHaveCount(1);
});
