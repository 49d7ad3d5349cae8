import { seriousFindings } from './axe';
import { expect, test } from './fixtures';

const pad = (n: number) => String(n).padStart(2, '0');

test("the dashboard lists the coming week's family dates, and Settings switches their weekly mail on", async ({ page, signIn, toasts }) => {
  await signIn();
  // the browser runs on this machine: its "tomorrow" is this process's local tomorrow; 1952 was a leap year
  const now = new Date();
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const birthday = `1952-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`;
  const contact = await page.request.post('/api/contacts', { data: { firstName: 'Sam', relationship: 'friend', birthday } });
  expect(contact.status(), await contact.text()).toBe(201);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Dates that matter' });
  await expect(card.getByText(`Sam turns ${tomorrow.getFullYear() - 1952} tomorrow`)).toBeVisible();
  await expect(card.getByRole('link', { name: 'See your family' })).toHaveAttribute('href', '/family');
  expect(await seriousFindings(page, 'section[aria-labelledby="family-dates-title"]')).toEqual([]);

  await page.goto('/settings');
  const digest = page.getByRole('switch', { name: 'E-mail me the dates of the coming week' });
  await expect(digest).not.toBeChecked();
  await digest.click();
  await toasts.expectShown('Weekly family dates are on');
  await expect(digest).toBeChecked();
  const settings = await page.request.get('/api/family-dates/settings');
  expect(((await settings.json()) as { digest: boolean; timeZone: string }).digest).toBe(true);

  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail me the dates of the coming week' })).toBeChecked();
  expect(await seriousFindings(page)).toEqual([]);
});
