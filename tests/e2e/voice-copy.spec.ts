// A recording's M4A copy (decision 040): the memory card offers the original and the copy as two sources, and the
// copy the server made is AAC in MP4 that a browser decodes (what Safari before 18.4 falls back to).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

const recording = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/files/recorded-audio.webm'));
const TITLE = 'Grandpa hums a tune';

test('a WebM recording is played from its original or its M4A copy, whichever the browser can', async ({ page, signIn }) => {
  await signIn();
  const created = await page.request.post('/api/memories', {
    data: { title: TITLE, content: 'On the porch, after dinner.', eventDate: '2026-11-28', isPublic: false, tags: [] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const attached = await page.request.post(`/api/memories/${id}/attachments`, {
    multipart: { attachments: { name: 'Voice message 2026-11-28 09.12.webm', mimeType: 'audio/webm', buffer: recording } },
  });
  expect(attached.status()).toBe(201);
  const [attachment] = (await attached.json()) as Array<{ filePath: string }>;
  const copyUrl = `${attachment!.filePath}?format=m4a`;
  // the copy is made in the background, seconds after the upload
  await expect
    .poll(async () => {
      const list = (await (await page.request.get(`/api/memories/${id}/attachments`)).json()) as Array<{ playableUrl?: string | null }>;
      return list[0]?.playableUrl;
    })
    .toBe(copyUrl);

  await page.goto('/memories');
  const audio = page.getByRole('article', { name: TITLE }).locator('audio');
  await expect(audio).toHaveAttribute('aria-label', 'Voice message 2026-11-28 09.12.webm');
  const sources = await audio
    .locator('source')
    .evaluateAll((elements) => elements.map((s) => [s.getAttribute('src'), s.getAttribute('type')]));
  expect(sources).toEqual([
    [attachment!.filePath, 'audio/webm'],
    [copyUrl, 'audio/mp4'],
  ]);
  // Chromium plays WebM: it keeps the original
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);
  expect(
    await audio.evaluate((element: HTMLAudioElement) => new URL(element.currentSrc).pathname + new URL(element.currentSrc).search),
  ).toBe(attachment!.filePath);

  // the copy on its own decodes too (it is what a browser without WebM takes)
  const copyState = await page.evaluate(async (url) => {
    const player = new Audio();
    const canPlay = player.canPlayType('audio/mp4');
    player.src = url;
    await new Promise<void>((resolve, reject) => {
      player.oncanplay = () => resolve();
      player.onerror = () => reject(new Error(`the copy did not load: ${player.error?.code}`));
    });
    return { canPlay, readyState: player.readyState, duration: player.duration };
  }, copyUrl);
  expect(copyState.canPlay).not.toBe('');
  expect(copyState.readyState).toBeGreaterThanOrEqual(2);
  expect(copyState.duration).toBeGreaterThan(0.5);
});
