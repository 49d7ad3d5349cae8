import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Every Content-Security-Policy violation the page reports, as the browser describes it. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return violations;
}

test("heirloom's own pages and forms trigger no Content-Security-Policy violation", async ({ page, signIn }) => {
  const violations = await watchViolations(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Login' }).click(); // zod validates the form in the browser
  await page.goto('/register');
  await signIn();
  for (const path of ['/dashboard', '/memories', '/photos', '/family', '/vault', '/profile', '/settings', '/story']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/memories');
  await page.getByRole('button', { name: 'Add Memory' }).click();
  const form = page.getByRole('form', { name: 'Create New Memory' });
  await form.getByRole('button', { name: 'Save Memory' }).click(); // zod validates the form in the browser
  await expect(form.getByText('Title is required')).toBeVisible();
  expect(violations).toEqual([]);
});
