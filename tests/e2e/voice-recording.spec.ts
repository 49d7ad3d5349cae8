import type { Page } from '@playwright/test';
import { seriousFindings } from './axe';
import { expect } from './fixtures';
import { testWithMicrophone } from './fake-microphone';

const test = testWithMicrophone;

const TITLE = 'Grandma reads a poem';

/** axe's serious and critical findings inside the recorder, as it is now. */
async function recorderFindings(page: Page) {
  return seriousFindings(page, 'section[aria-label="Voice message"]');
}

test('a user records a voice message, adds it to a memory and plays it back', async ({ page, signIn, toasts }) => {
  await signIn();
  await page.goto('/memories');
  await page.getByRole('button', { name: 'Add Memory' }).click();
  const form = page.getByRole('form', { name: 'Create New Memory' });
  await form.getByLabel('Title').fill(TITLE);
  await form.getByRole('textbox', { name: 'Content' }).fill('She read it at the kitchen table, as every Sunday.');
  await form.getByRole('tab', { name: 'Attachments' }).click();

  const recorder = form.getByRole('region', { name: 'Voice message' });
  await recorder.getByRole('button', { name: 'Record' }).click();
  await expect(recorder.getByRole('meter', { name: 'Input level' })).toBeVisible();
  // The fake microphone beeps: the meter moves.
  await expect
    .poll(async () => Number(await recorder.getByRole('meter', { name: 'Input level' }).getAttribute('aria-valuenow')))
    .toBeGreaterThan(0);
  await recorder.getByRole('button', { name: 'Pause' }).click();
  await recorder.getByRole('button', { name: 'Resume' }).click();
  await expect(recorder.getByRole('timer', { name: 'Elapsed time' })).toHaveText('0:03', { timeout: 20_000 });
  await recorder.getByRole('button', { name: 'Stop' }).click();

  const preview = recorder.getByLabel('Recording preview');
  await expect(preview).toBeVisible();
  // A MediaRecorder WebM has no duration in its header: the element reports Infinity until it has read it all.
  await expect.poll(() => preview.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(0);
  await expect(recorder.getByRole('button', { name: 'Record again' })).toBeVisible();

  await recorder.getByRole('button', { name: 'Add to memory' }).click();
  const queued = form.getByRole('list', { name: 'Selected files' });
  await expect(queued).toContainText(/Voice message \d{4}-\d{2}-\d{2} \d{2}\.\d{2}\.webm/);
  await expect(recorder.getByRole('button', { name: 'Record' })).toBeVisible();

  await form.getByRole('button', { name: 'Save Memory' }).click();
  await toasts.expectShown('1 attachment(s) uploaded successfully.');
  const card = page.getByRole('article', { name: TITLE });
  const audio = card.locator('audio');
  await expect(audio).toHaveAttribute('aria-label', /^Voice message .*\.webm$/);
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);
});

test('the recorder fits a 375 px wide screen and passes axe while recording and after', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn();
  await page.goto('/memories');
  await page.getByRole('button', { name: 'Add Memory' }).click();
  const form = page.getByRole('form', { name: 'Create New Memory' });
  await form.getByRole('tab', { name: 'Attachments' }).click();
  const recorder = form.getByRole('region', { name: 'Voice message' });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  await recorder.getByRole('button', { name: 'Record' }).click();
  await expect(recorder.getByRole('button', { name: 'Stop' })).toBeVisible();
  expect(await overflow()).toBe(0);
  expect(await recorderFindings(page)).toEqual([]);
  for (const name of ['Pause', 'Stop']) {
    const box = (await recorder.getByRole('button', { name }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(recorder.getByRole('button', { name: 'Add to memory' })).toBeVisible();
  expect(await overflow()).toBe(0);
  expect(await recorderFindings(page)).toEqual([]);
});
