import type { Locator } from '@playwright/test';
import type { Photo } from '../../src/shared/schemas/photos';
import { expect, test } from './fixtures';
import { h264Mp4, playsFrames, uploadVideo } from './video-helpers';

// Issue 16, decision 038: a video is a photo everywhere photos appear. It is chosen in a collection's "Add items"
// with its length on it, shows its poster and length in the collection and plays there, and search finds it
// with its length and opens it in the gallery's viewer, where it plays; the timeline plays it in place too.

/** The <img> has really been decoded by the browser. */
const isLoaded = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

test('a video goes into a collection with its length, plays there, is found by search and played, and plays in the timeline', async ({
  page,
  signIn,
}) => {
  await signIn();
  const video = await uploadVideo(page.request, 'regatta.mp4', h264Mp4(3));
  const titled = await page.request.patch(`/api/photos/${video.id}`, { data: { title: 'Harbour regatta' } });
  expect(titled.ok(), await titled.text()).toBeTruthy();
  // its poster made and playable as it is
  await expect
    .poll(
      async () => {
        const photo = (await (await page.request.get(`/api/photos/${video.id}`)).json()) as Photo;
        return `${photo.derivativeStatus} ${photo.video?.playback}`;
      },
      { timeout: 30_000 },
    )
    .toBe('ready ready');
  const collection = await page.request.post('/api/collections', { data: { title: 'Days at sea' } });
  const { id } = (await collection.json()) as { id: number };

  // chosen in "Add items", where the picker marks it as a video with its length
  await page.goto(`/collections/${id}`);
  await page.getByRole('button', { name: 'Add items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add items' });
  const choice = dialog.getByRole('list', { name: 'Gallery photos' }).getByRole('listitem').filter({ hasText: 'Harbour regatta' });
  await expect(choice.getByText('Video, 0:03', { exact: true })).toBeVisible();
  await choice.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Add selected (1)' }).click();
  await expect(dialog).toBeHidden();

  // in the collection: the poster, the play mark and the length; a click plays it in place
  const tile = page.getByRole('list', { name: 'Photos in this collection' }).getByRole('listitem').filter({ hasText: 'Harbour regatta' });
  const play = tile.getByRole('button', { name: 'Play Harbour regatta' });
  await expect(play.getByText('Video, 0:03', { exact: true })).toBeVisible();
  const poster = tile.getByRole('img', { name: 'Harbour regatta' });
  await expect.poll(() => isLoaded(poster), { timeout: 20_000 }).toBe(true);
  await play.click();
  const inCollection = tile.locator('video');
  await expect(inCollection).toHaveAttribute('src', `/api/photos/video/${video.id}`);
  await playsFrames(inCollection);

  // search finds it, with its length, and opens it in the gallery's viewer, where it plays
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: /search memories/i }).fill('regatta');
  const option = page.getByRole('listbox', { name: 'Search results' }).getByRole('group', { name: 'Photos' }).getByRole('option');
  await expect(option).toHaveText(/^Video, 0:03Harbour regatta/); // then the snippet (its file name)
  await expect.poll(() => isLoaded(option.locator('img')), { timeout: 20_000 }).toBe(true);
  await option.click();
  await expect(page).toHaveURL(`/photos?photo=${video.id}`);
  const viewer = page.getByRole('dialog', { name: 'Harbour regatta' }).locator('video');
  await expect(viewer).toHaveAttribute('src', `/api/photos/video/${video.id}`);
  await playsFrames(viewer);

  // the story's timeline: the newest year is open, the video's entry shows its poster and length and plays in place
  await page.goto('/view-my-story');
  const entry = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Harbour regatta' }) });
  const playEntry = entry.getByRole('button', { name: 'Play Harbour regatta' });
  await expect(playEntry.getByText('Video, 0:03', { exact: true })).toBeVisible();
  await expect.poll(() => isLoaded(entry.getByRole('img', { name: 'Harbour regatta' })), { timeout: 20_000 }).toBe(true);
  await playEntry.click();
  await playsFrames(entry.locator('video'));
});
