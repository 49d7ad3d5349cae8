import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

// Settings opens on Account unless the address names a tab; its Privacy tab lists the links that show places
// and revokes them.

async function post<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

test('Settings opens the tab the address names, else Account; its Privacy tab shows the links that show places and revokes one', async ({
  page,
  signIn,
  toasts,
}) => {
  await signIn();
  const collection = await post<{ id: number }>(page.request, '/api/collections', { title: 'Summer 1976' });
  const contact = await post<{ id: number }>(page.request, '/api/contacts', {
    firstName: 'Tom',
    lastName: 'Tyler',
    relationship: 'family',
    email: `tom-${Date.now()}@example.com`,
  });
  await post(page.request, `/api/collections/${collection.id}/links`, { kind: 'public', includePlaces: true });
  await post(page.request, `/api/collections/${collection.id}/links`, { kind: 'personal', contactId: contact.id, includePlaces: false });

  await page.goto('/settings#privacy');
  await expect(page.getByRole('tab', { name: 'Privacy', selected: true })).toBeVisible();
  const panel = page.getByRole('tabpanel', { name: 'Privacy' });
  await expect(panel.getByText(/coming soon/i)).toHaveCount(0);
  await expect(panel.getByText(/unless you tick "Include places" when you make it\./)).toBeVisible();

  // the public link shows places; Tom's personal link does not
  const list = panel.getByRole('list', { name: 'Links that show places' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Public link · Summer 1976');
  await expect(list.getByRole('link', { name: 'Summer 1976' })).toHaveAttribute('href', `/collections/${collection.id}`);

  await list.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke link' });
  await expect(confirm).toContainText('Revoke Public link to Summer 1976? It will no longer open the collection.');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await toasts.expectShown('Link revoked', 'Public link no longer opens Summer 1976.');
  await expect(panel.getByText('None of your links shows places.', { exact: true })).toBeVisible();

  // only the public link is gone
  const links = (await (await page.request.get(`/api/collections/${collection.id}/links`)).json()) as { kind: string }[];
  expect(links.map((link) => link.kind)).toEqual(['personal']);

  // an address without a tab opens Account
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Account', selected: true })).toBeVisible();
});
