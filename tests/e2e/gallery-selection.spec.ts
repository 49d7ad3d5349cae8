import sharp from 'sharp';
import { expect, test } from './fixtures';

test('a range picked with shift-click in the gallery is deleted from the selection bar', async ({ page, signIn }) => {
  await signIn();
  // five photos of one month, a day apart (newest first in the gallery: day 5 … day 1)
  for (let i = 0; i < 5; i++) {
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: `#${(i + 2) * 11}3040` } })
      .png()
      .toBuffer();
    const res = await page.request.post('/api/photos', {
      multipart: { photo: { name: `day-${i + 1}.png`, mimeType: 'image/png', buffer: png } },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect((await page.request.patch(`/api/photos/${id}`, { data: { dateTaken: `2024-06-0${i + 1}T12:00:00Z` } })).ok()).toBe(true);
  }

  await page.goto('/photos');
  const grid = page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' });
  await expect(grid.getByRole('listitem')).toHaveCount(5);
  await expect(grid.getByText('June 2024', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await grid.getByRole('checkbox', { name: 'Select day-4.png' }).click();
  await grid.getByRole('checkbox', { name: 'Select day-2.png' }).click({ modifiers: ['Shift'] });
  await expect(grid.getByRole('checkbox', { name: 'Select day-3.png' })).toBeChecked();
  await expect(grid.getByRole('checkbox', { name: 'Select day-5.png' })).not.toBeChecked();
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar.getByText('3 selected')).toBeVisible();

  await bar.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete 3 photos' }).click();
  await expect(page.getByText('3 photos deleted.', { exact: true })).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(grid.getByRole('button', { name: 'View day-5.png' })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'View day-1.png' })).toBeVisible();
  const left = (await (await page.request.get('/api/photos/page')).json()) as { items: { fileName: string }[] };
  expect(left.items.map((p) => p.fileName).sort()).toEqual(['day-1.png', 'day-5.png']);
});
