import sharp from 'sharp';
import { expect, test } from './fixtures';

test('Settings shows the storage an account uses, split by kind, against its quota', async ({ page, signIn }) => {
  await signIn();
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6c584c' } })
    .png()
    .toBuffer();
  const upload = await page.request.post('/api/photos', {
    multipart: { photo: { name: 'cellar.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Account' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Account' });
  await expect(panel.getByRole('heading', { name: 'Storage' })).toBeVisible();
  await expect(panel.getByText(/^\d+(\.\d\d)? (Bytes|KB|MB) of 10\.00 GB used$/)).toBeVisible();
  await expect(panel.getByRole('img', { name: /of 10\.00 GB used$/ })).toBeVisible();
  await expect(panel.getByText('Photos', { exact: true })).toBeVisible();
  await expect(panel.getByText('Photos', { exact: true }).locator('xpath=following-sibling::dd')).not.toHaveText('0 Bytes');
  await expect(panel.getByText('Vault', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('0 Bytes');
});
