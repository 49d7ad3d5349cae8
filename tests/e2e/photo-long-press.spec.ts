import type { Page } from '@playwright/test';
import { uploadDayPhotos } from './day-photos';
import { expect, test } from './fixtures';

// A phone: touch input and a narrow screen (the gallery shows one photo a row).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A finger put down at the middle of `box` and lifted later: a real touch (pointer events, then the gesture). */
async function finger(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const cdp = await page.context().newCDPSession(page);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  return {
    async lift() {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    },
  };
}

test('on a phone a long press on a photo starts Select mode with it, and a tap adds another', async ({ page, signIn }) => {
  await signIn();
  await uploadDayPhotos(page, 3);

  await page.goto('/photos');
  const grid = page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' });
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  const bar = page.getByRole('region', { name: 'Selection' });

  // hold a finger on the photo until Select mode starts, then lift it: the viewer must not open
  const pressed = grid.getByRole('button', { name: 'View day-2.png' });
  await pressed.scrollIntoViewIfNeeded();
  const box = (await pressed.boundingBox())!;
  const held = await finger(page, box);
  await expect(bar.getByText('1 selected')).toBeVisible();
  await held.lift();
  await expect(grid.getByRole('checkbox', { name: 'Select day-2.png' })).toBeChecked();
  await expect(bar.getByText('1 selected')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // a tap on another photo selects it too
  const other = grid.getByRole('checkbox', { name: 'Select day-3.png' });
  await other.scrollIntoViewIfNeeded();
  await other.tap();
  await expect(other).toBeChecked();
  await expect(bar.getByText('2 selected')).toBeVisible();
  await expect(grid.getByRole('checkbox', { name: 'Select day-2.png' })).toBeChecked();
  await expect(grid.getByRole('checkbox', { name: 'Select day-1.png' })).not.toBeChecked();
});
