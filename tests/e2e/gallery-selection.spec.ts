import { uploadDayPhotos } from './day-photos';
import { expect, test } from './fixtures';

test('a range picked with shift-click in the gallery is deleted from the selection bar', async ({ page, signIn, toasts }) => {
  await signIn();
  await uploadDayPhotos(page, 5);

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
  await toasts.expectShown('3 photos deleted.');
  await expect(bar).toBeHidden();
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(grid.getByRole('button', { name: 'View day-5.png' })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'View day-1.png' })).toBeVisible();
  const left = (await (await page.request.get('/api/photos/page')).json()) as { items: { fileName: string }[] };
  expect(left.items.map((p) => p.fileName).sort()).toEqual(['day-1.png', 'day-5.png']);
});

test('photos picked in the gallery are dated roughly at once, and their captions say so', async ({ page, signIn, toasts }) => {
  await signIn();
  await uploadDayPhotos(page, 2);

  await page.goto('/photos');
  const grid = page.getByRole('tabpanel', { name: 'Grid' }).getByRole('list', { name: 'Photos' });
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await grid.getByRole('checkbox', { name: 'Select day-1.png' }).click();
  await grid.getByRole('checkbox', { name: 'Select day-2.png' }).click();
  const bar = page.getByRole('region', { name: 'Selection' });
  await bar.getByRole('button', { name: 'Set date' }).click();

  const dialog = page.getByRole('dialog', { name: 'Set the date taken' });
  await dialog.getByLabel('Date taken').fill('about 1965');
  await expect(dialog.getByText('Shows as: c. 1965')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save date' }).click();
  await toasts.expectShown('2 photos dated.');
  await expect(bar).toBeHidden();
  await expect(grid.getByRole('button', { name: 'Change date: c. 1965' })).toHaveCount(2);
  await expect(grid.getByRole('listitem').first()).toContainText('c. 1965');
});
