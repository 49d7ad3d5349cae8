import sharp from 'sharp';
import { expect, test } from './fixtures';

test('a user edits their profile and uploads a picture', async ({ page, signIn, toasts }) => {
  const user = await signIn();
  await page.goto('/profile');

  // View mode: the fields are filled in and disabled.
  const firstName = page.getByLabel('First Name');
  await expect(firstName).toHaveValue(user.firstName);
  await expect(firstName).toBeDisabled();
  await expect(page.getByLabel('Date of Birth')).toHaveValue('1980-04-01');
  await expect(page.getByRole('combobox', { name: 'Gender' })).toHaveText('Other');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  // Cancel puts back what was there.
  await page.getByRole('button', { name: 'Edit' }).click();
  await firstName.fill('Someone else');
  await page.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(firstName).toHaveValue(user.firstName);
  await expect(firstName).toBeDisabled();

  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(firstName).toBeEnabled();
  await firstName.fill('Martha');
  await page.getByLabel('Surname').fill('Jones');
  await page.getByLabel('City of Birth').fill('London');
  await page.getByLabel('Mobile Number').fill('07700 900123');
  await page.getByLabel('Address').fill('Chiswick, London');
  await page.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();
  await toasts.expectShown('Your profile has been updated successfully.');
  await expect(firstName).toBeDisabled();

  // The initials follow the new name; no picture yet.
  const avatarButton = page.getByRole('button', { name: 'Change profile picture' });
  await expect(avatarButton).toHaveText('MJ');

  // A picture over 5 MB is refused before any upload.
  await page.getByLabel('Profile picture file').setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('File too large', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select an image smaller than 5MB.', { exact: true })).toBeVisible();

  // A real picture: clicking the avatar opens the file chooser.
  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await avatarButton.click();
  await (await chooser).setFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
  await expect(page.getByText('Profile picture updated', { exact: true })).toBeVisible();
  const img = avatarButton.getByRole('img', { name: 'Martha Jones' });
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('src', /^\/api\/user\/profile-picture\?v=/);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);

  // Everything survives a reload.
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Martha');
  await expect(page.getByLabel('City of Birth')).toHaveValue('London');
  await expect(page.getByRole('combobox', { name: 'Gender' })).toHaveText('Female');
  await expect(page.getByRole('button', { name: 'Change profile picture' }).getByRole('img')).toBeVisible();
});

test('a wrong file type is refused with the server message', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/profile');
  await page.getByLabel('Profile picture file').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.4 not an image'),
  });
  await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select a JPEG, PNG, GIF or WebP image.', { exact: true })).toBeVisible();
});

test('a user changes their password and signs in with the new one', async ({ page, signIn }) => {
  const user = await signIn();
  const newPassword = 'Allons-y-2007!';
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Account' }).click();

  await page.getByLabel('Current Password').fill('Wrong-password-1!');
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your current password is incorrect.', { exact: true })).toBeVisible();

  await page.getByLabel('Current Password').fill(user.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  // Log out, then in again with the new password.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a user deletes their account after confirming with their password', async ({ page, signIn }) => {
  const user = await signIn();
  expect(
    (await page.request.post('/api/contacts', { data: { firstName: 'Kept', lastName: 'Nowhere', relationship: 'friend' } })).status(),
  ).toBe(201);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Account' }).click();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Password').fill('Wrong-password-1!');
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page.getByText('The password is incorrect.', { exact: true })).toBeVisible();

  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  expect((await page.request.get('/api/user')).status()).toBe(401);
  const login = await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(401);
});
