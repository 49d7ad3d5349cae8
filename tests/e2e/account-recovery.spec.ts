import { randomUUID } from 'node:crypto';
import { countMail, expect, readMail, test } from './fixtures';

const FORGOT_MESSAGE = 'If an account exists for that address, we have sent it a link to reset the password. The link is valid for 1 hour.';
const RESET_LINK_USED = 'This reset link has expired or has already been used. Please ask for a new one.';
const VERIFY_LINK_USED = 'This verification link has expired or has already been used. Please ask for a new one.';

test('a user who forgot the password resets it from the mailed link and signs in with the new one', async ({ page, signIn }) => {
  const user = await signIn();
  await page.request.post('/api/logout');
  const before = await countMail(user.email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The URL changes at once, while the login page (with its own Email field) stays until the next page's code
  // has arrived: wait for the new page before typing.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(FORGOT_MESSAGE, { exact: true })).toBeVisible();

  const mail = await readMail(user.email, '/reset-password', before);
  await page.goto(mail.link);
  const newPassword = 'Torchwood-2006!';
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to login' }).click();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Login successful', { exact: true })).toBeVisible();

  // The link works once: opened again, it says so and offers a new one.
  await page.goto(mail.link);
  await page.getByLabel('New Password').fill('Another-pass-1!');
  await page.getByLabel('Confirm Password').fill('Another-pass-1!');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(RESET_LINK_USED, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('asking for a reset link for an unknown address gives the same answer', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(`nobody-${randomUUID()}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(FORGOT_MESSAGE, { exact: true })).toBeVisible();
});

test('a new account gets a verification mail; its link verifies the address', async ({ page, signIn }) => {
  const user = await signIn();
  await page.goto('/profile');
  const card = page.getByRole('heading', { name: 'E-mail address', exact: true }).locator('xpath=ancestor::*[@data-slot="card"]');
  await expect(card.getByText('Not verified', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Resend verification e-mail' })).toBeVisible();

  const mail = await readMail(user.email, '/verify-email');
  await page.goto(mail.link);
  await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Resend verification e-mail' })).toHaveCount(0);

  await page.goto(mail.link);
  await expect(page.getByText(VERIFY_LINK_USED, { exact: true })).toBeVisible();
});

test('a changed address waits for its own link, then replaces the old one', async ({ page, signIn }) => {
  const user = await signIn();
  const newEmail = `e2e-new-${randomUUID()}@example.com`;
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New e-mail address').fill(newEmail);
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Send verification link' }).click();
  await expect(page.getByText('Check your new inbox', { exact: true })).toBeVisible();

  const card = page.getByRole('heading', { name: 'E-mail address', exact: true }).locator('xpath=ancestor::*[@data-slot="card"]');
  await expect(card.getByText('Waiting for verification:')).toBeVisible();
  await expect(card.getByText(newEmail)).toBeVisible();
  await expect(card.getByText(user.email, { exact: true })).toBeVisible(); // still the sign-in address

  const mail = await readMail(newEmail, '/verify-email');
  await page.goto(mail.link);
  await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(card.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByText('Waiting for verification:')).toHaveCount(0);

  // The new address signs in; the old one no longer does.
  await page.request.post('/api/logout');
  expect((await page.request.post('/api/login', { data: { email: newEmail, password: user.password } })).ok()).toBe(true);
  expect((await page.request.post('/api/login', { data: { email: user.email, password: user.password } })).ok()).toBe(false);
});
