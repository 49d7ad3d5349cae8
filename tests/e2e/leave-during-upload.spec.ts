import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Request, Route } from '@playwright/test';
import { expect, test } from './fixtures';

// Decision 088: the gallery's uploads go on while the owner moves around the app (nothing asks before a link is
// followed), a line in the layout tells how far they are, closing the tab asks through the browser, and a video
// cut short by a reload continues where it stopped when the same file is picked again (tus keeps its place).

const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const CHUNK = 8 * 1024 * 1024; // lib/resumable-upload.ts sends 8 MiB a request

/** A real MP4 of three chunks and more (noise compresses badly), written to disk so a second pick is the same file. */
function makeLargeVideo(name: string): string {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-e2e-leave-')), name);
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

test('a video upload goes on across the pages of the app, and after a reload continues where it stopped', async ({
  page,
  signIn,
  toasts,
}) => {
  test.setTimeout(180_000);
  const holiday = makeLargeVideo('holiday.mp4');
  const garden = makeLargeVideo('garden.mp4');
  await signIn();
  await page.goto('/photos');

  // while `holding`, every chunk after the first waits here until the test lets it through
  let holding = true;
  const held: Route[] = [];
  await page.route('**/api/photos/video-uploads/*', (route) => {
    if (holding && route.request().method() === 'PATCH' && offsetOf(route.request()) > 0) held.push(route);
    else void route.continue();
  });
  const nextHeld = async () => {
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    return held.shift()!;
  };
  const uploads = page.getByRole('list', { name: 'Uploads' });
  const grid = page.getByRole('tabpanel', { name: 'Grid' });

  await page.getByLabel('Photo files').setInputFiles(holiday);
  const second = await nextHeld();
  expect(offsetOf(second.request())).toBe(CHUNK);
  const row = uploads.getByRole('listitem').filter({ hasText: 'holiday.mp4' });
  await expect(row).toContainText(/Uploading\.\.\. \d+%/);

  // another page of the app: nothing asks, and the layout tells how far the uploads are
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Vault' }).click();
  await expect(page).toHaveURL(/\/vault$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const indicator = page.getByRole('status').getByRole('link', { name: 'Uploading 1 of 1…' });
  await expect(indicator).toBeVisible();

  // it goes on there: the second chunk arrives and the third is sent
  await second.continue();
  const third = await nextHeld();
  expect(offsetOf(third.request())).toBe(2 * CHUNK);

  // back in the gallery by the indicator: the same row, still going
  await indicator.click();
  await expect(page).toHaveURL(/\/photos$/);
  await expect(indicator).toBeHidden();
  await expect(row).toContainText(/Uploading\.\.\. \d+%/);

  // closing the tab asks through the browser; dismissed, the page stays
  const unloadAsk = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await unloadAsk;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);

  // the chunks let through, it finishes and shows in the gallery
  holding = false;
  await third.continue();
  for (const route of held.splice(0)) await route.continue();
  await toasts.expectShown('Video uploaded successfully.');
  await expect(row).toContainText('Uploaded');
  await expect(grid.getByRole('listitem').filter({ hasText: 'holiday.mp4' })).toHaveCount(1);

  // a reload cuts the next one short (the browser's question, if it asks, is answered Leave) ...
  holding = true;
  await page.getByLabel('Photo files').setInputFiles(garden);
  const gardenSecond = await nextHeld();
  await gardenSecond.continue();
  const gardenThird = await nextHeld();
  expect(offsetOf(gardenThird.request())).toBe(2 * CHUNK);
  page.on('dialog', (question) => void question.accept());
  await page.reload();
  await gardenThird.abort().catch(() => undefined); // the page has dropped it already
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // ... and picked again, the browser asks the server how far it got (HEAD) and sends only the rest
  const tusRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/photos/video-uploads')) {
      tusRequests.push(`${request.method()} ${request.method() === 'PATCH' ? offsetOf(request) : ''}`.trim());
    }
  });
  await page.getByLabel('Photo files').setInputFiles(garden);
  await toasts.expectShown('Video uploaded successfully.');
  expect(tusRequests[0]).toBe('HEAD');
  expect(tusRequests).not.toContain('POST');
  // nothing the server already had is sent again (the third chunk may or may not have reached it before the reload)
  const offsets = tusRequests.filter((r) => r.startsWith('PATCH')).map((r) => Number(r.slice('PATCH '.length)));
  expect(offsets.every((offset) => offset >= 2 * CHUNK)).toBe(true);
  await expect(grid.getByRole('listitem').filter({ hasText: 'garden.mp4' })).toHaveCount(1);
});
