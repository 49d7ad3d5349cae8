import { expect, newTestUser, test } from './fixtures';

test('a visitor registers, logs in, stays signed in across a reload, and logs out', async ({ page, toasts }) => {
  const user = newTestUser();
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Surname').fill(user.surname);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Date of Birth').fill('1975-06-15');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await toasts.expectShown('Registration successful!');

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await toasts.expectShown('Login successful');
  await expect(page.getByRole('heading', { name: 'Welcome to heirloom' })).toBeVisible();
  await expect(page.getByText('No photos yet. Start adding some memories!')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to heirloom' })).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await toasts.expectShown('Logged out successfully');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('registration shows the spec validation messages', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email').fill('nope');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Surname is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
});

test('a wrong password shows the login failure toast', async ({ page, signIn, toasts }) => {
  const user = await signIn();
  await page.request.post('/api/logout');
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1!');
  await page.getByRole('button', { name: 'Login' }).click();
  await toasts.expectShown('Login failed', 'Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('the password field has a show/hide toggle and the login page links to the waitlist', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('link', { name: 'Join Waitlist' }).click();
  await expect(page).toHaveURL(/\/$/);
});
