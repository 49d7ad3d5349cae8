import { expect, test } from './fixtures';

test('an anonymous visit to a signed-in page ends on /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/vault');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows the not-found texts', async ({ page }) => {
  await page.goto('/nope');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('the header and footer follow the spec on public and signed-in pages', async ({ page, signIn }) => {
  await page.goto('/faq');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'heirloom' }).first()).toHaveAttribute('href', '/');
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');

  await signIn();
  await page.goto('/story');
  await expect(page.getByRole('link', { name: 'heirloom' }).first()).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('the side navigation collapses and marks the current page', async ({ page, signIn }) => {
  await signIn();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/family');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Family' })).toHaveAttribute('aria-current', 'page');
  expect(Math.round((await nav.boundingBox())!.width)).toBe(240);
  await nav.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect.poll(async () => Math.round((await nav.boundingBox())!.width)).toBe(60);
  await expect(page.getByRole('navigation', { name: 'Tab navigation' })).toBeHidden();
});

test('at 375px the bottom tab bar shows and the side navigation does not', async ({ page, signIn }) => {
  await signIn();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/story');
  const tabs = page.getByRole('navigation', { name: 'Tab navigation' });
  await expect(tabs).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'My Story' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
});

test('My Story stays highlighted on the pages it leads to', async ({ page, signIn }) => {
  await signIn();
  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const path of ['/memories', '/photos', '/view-my-story']) {
    await page.goto(path);
    await expect(nav.getByRole('link', { name: 'My Story' })).toHaveAttribute('aria-current', 'true');
    await expect(nav.getByRole('link', { name: 'My Story' })).toHaveClass(/bg-primary/);
  }
});

test('after life shows the Legacy Plan', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/after-life');
  await expect(page.getByRole('heading', { name: 'After Life' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Where your plan stands' }).getByText(/^Not set up yet/)).toBeVisible();
});
