// Long lists (decision 034): the memories, vault and contacts screens load a page at a time and keep only the
// items near the viewport in the DOM; a search result's link opens its item even when its page is not loaded.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { idOf, seedContacts, seedDocuments, seedMemories } from './lists-seed';

// The machines running these are shared: a first page may take a while to come, however short it is.
const FIRST_LOAD = { timeout: 30_000 };

/** The highest number in the names of `items` ('Memory 150' → 150): how far down the list the DOM is. */
const furthest = (items: Locator) =>
  items.evaluateAll((elements) => {
    let max = 0;
    for (const element of elements) {
      const labelledBy = element.getAttribute('aria-labelledby');
      const name = element.getAttribute('aria-label') ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : '') ?? '';
      max = Math.max(max, Number(/\d+/.exec(name)?.[0] ?? 0));
    }
    return max;
  });

/**
 * Scrolls to the bottom until the DOM holds an item numbered beyond `beyond` (each scroll may load the next page).
 * The jump is instant: the page scrolls smoothly (styles.css), and the list's corrections as it measures the rows
 * it reaches cut a smooth jump short, so a long list would take a dozen jumps a page on a busy machine.
 */
async function scrollBeyond(page: Page, items: Locator, beyond: number) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
        return furthest(items);
      },
      { timeout: 30_000, intervals: [300, 500, 1000] },
    )
    .toBeGreaterThan(beyond);
}

test('2,000 memories: the first show with a bounded number of cards, scrolling loads more, and a search link opens an old one', async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  await seedMemories(user.email, 2_000);

  await page.goto('/memories');
  const list = page.getByRole('region', { name: 'Your memories' });
  await expect(list.getByRole('article', { name: 'Memory 1', exact: true })).toBeVisible(FIRST_LOAD);
  const cards = list.getByRole('article');
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(40);

  // Memories beyond the first page (100 a page) come by scrolling, and the DOM stays bounded.
  await scrollBeyond(page, cards, 100);
  expect(await cards.count()).toBeLessThanOrEqual(40);
  await expect(list.getByRole('article', { name: 'Memory 1', exact: true })).toHaveCount(0);

  // A search result's link to the oldest memory, far beyond the loaded pages.
  const oldest = await idOf(user.email, 'memories', 'Memory 2000');
  await page.goto(`/memories?memory=${oldest}`);
  const opened = page.getByRole('region', { name: 'Opened memory' });
  await expect(opened.getByRole('article', { name: 'Memory 2000', exact: true })).toBeVisible(FIRST_LOAD);
  await expect(opened.getByText('What happened on day 2000.')).toBeVisible();
  await opened.getByRole('button', { name: 'Close' }).click();
  await expect(opened).toHaveCount(0);
  await expect(page).toHaveURL(/\/memories$/);
});

test('a year chosen under "Browse your memories" pages past 100 memories to its last, and only that year', async ({ page, signIn }) => {
  test.slow(); // four pages of a heavy list, on machines that are shared
  const user = await signIn();
  // One a day back from 2025-01-01: Memory 1–366 are 2024 (a leap year), Memory 367–450 are 2023.
  await seedMemories(user.email, 450);

  await page.goto('/memories');
  const list = page.getByRole('region', { name: 'Your memories' });
  await expect(list.getByRole('article', { name: 'Memory 1', exact: true })).toBeVisible(FIRST_LOAD);
  await page.getByRole('button', { name: 'Browse your memories' }).click();
  await page.getByRole('button', { name: '2024 (366)' }).click(FIRST_LOAD);
  await expect(list.getByText('Showing 2024 (366)')).toBeVisible();
  await expect(list.getByRole('article', { name: 'Memory 1', exact: true })).toBeVisible(FIRST_LOAD);

  // The year's memories come 100 at a time: each page is waited for in turn, up to the year's last in the fourth.
  const cards = list.getByRole('article');
  for (const beyond of [100, 200, 300, 365]) await scrollBeyond(page, cards, beyond);
  await expect(list.getByRole('article', { name: 'Memory 366', exact: true })).toBeVisible();
  await expect(list.getByRole('status')).toHaveCount(0); // no further page on its way
  await expect(list.getByRole('article', { name: 'Memory 367', exact: true })).toHaveCount(0);
  expect(await furthest(cards)).toBe(366);
  expect(await cards.count()).toBeLessThanOrEqual(40);
});

test('a memory deleted from its opened card leaves the list and the link closes', async ({ page, signIn }) => {
  const user = await signIn();
  await seedMemories(user.email, 3);
  const id = await idOf(user.email, 'memories', 'Memory 2');
  await page.goto(`/memories?memory=${id}`);
  const opened = page.getByRole('region', { name: 'Opened memory' });
  await opened.getByRole('button', { name: 'Delete memory Memory 2' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Memory Deleted', { exact: true })).toBeVisible(FIRST_LOAD);
  await expect(opened).toHaveCount(0);
  const list = page.getByRole('region', { name: 'Your memories' });
  await expect(list.getByRole('article')).toHaveCount(2);
  await expect(list.getByRole('article', { name: 'Memory 2', exact: true })).toHaveCount(0);
});

test('a link to a memory that is not there says it cannot be found, and the list still shows', async ({ page, signIn }) => {
  const user = await signIn();
  await seedMemories(user.email, 1);
  await page.goto('/memories?memory=2147483647');
  await expect(
    page.getByRole('region', { name: 'Opened memory' }).getByText('This memory could not be found. It may have been deleted.'),
  ).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('region', { name: 'Your memories' }).getByRole('article', { name: 'Memory 1', exact: true })).toBeVisible();
});

test('1,000 documents: a bounded list that grows by scrolling, and a search link opens the oldest', async ({ page, signIn }) => {
  const user = await signIn();
  await seedDocuments(user.email, 1_000);

  await page.goto('/vault');
  const files = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Download' }) });
  await expect(page.getByRole('listitem', { name: 'Document 1.pdf', exact: true })).toBeVisible(FIRST_LOAD);
  expect(await files.count()).toBeLessThanOrEqual(60);
  await scrollBeyond(page, files, 100);
  expect(await files.count()).toBeLessThanOrEqual(60);

  const oldest = await idOf(user.email, 'vault_files', 'Document 1000.pdf');
  await page.goto(`/vault?document=${oldest}`);
  const opened = page.getByRole('region', { name: 'Opened document' });
  await expect(opened.getByRole('listitem', { name: 'Document 1000.pdf', exact: true })).toBeVisible(FIRST_LOAD);
  await expect(opened.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/vault/${oldest}`);
});

test('a search link to a friend opens that contact on /friends, beyond the loaded page', async ({ page, signIn, toasts }) => {
  const user = await signIn();
  await seedContacts(user.email, 250, 'friend');

  await page.goto('/friends');
  const list = page.getByRole('region', { name: 'Friends' });
  await expect(list.getByRole('article', { name: 'Person 0001 Seed' })).toBeVisible(FIRST_LOAD);
  expect(await list.getByRole('article').count()).toBeLessThanOrEqual(60);

  const last = await idOf(user.email, 'contacts', 'Person 0250');
  await page.goto(`/friends?contact=${last}`);
  const opened = page.getByRole('region', { name: 'Opened contact' });
  await expect(opened.getByRole('article', { name: 'Person 0250 Seed' })).toBeVisible(FIRST_LOAD);

  // Its edit opens the spec's dialog and the change shows in place.
  await opened.getByRole('button', { name: 'Edit contact' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Last Name').fill('Renamed');
  await dialog.getByRole('button', { name: 'Update Contact' }).click();
  await toasts.expectShown('Contact updated successfully');
  await expect(opened.getByRole('article', { name: 'Person 0250 Renamed' })).toBeVisible();
});

test('the Legacy Plan picks among 250 family members a page at a time, and Add heir finds one beyond them by search', async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  await seedContacts(user.email, 250, 'family');
  const last = await idOf(user.email, 'contacts', 'Person 0250');
  expect((await page.request.patch(`/api/contacts/${last}`, { data: { email: 'last@example.com' } })).ok()).toBe(true);

  await page.goto('/after-life');
  const plan = page.getByRole('region', { name: 'Check-ins and verifiers' });
  await expect(plan.getByRole('checkbox', { name: /Person 0060 Seed/ })).toBeAttached(FIRST_LOAD);
  await expect(plan.getByRole('checkbox')).toHaveCount(60);
  await expect(plan.getByRole('checkbox', { name: /Person 0001 Seed/ })).toBeDisabled(); // no e-mail address
  await plan.getByRole('button', { name: 'Show more' }).click();
  await expect(plan.getByRole('checkbox')).toHaveCount(120);

  await page.getByRole('button', { name: 'Add heir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add heir' });
  const found = dialog.getByRole('radio', { name: /Person 0250 Seed/ });
  await expect(dialog.getByRole('radio', { name: /Person 0001 Seed/ })).toBeAttached(FIRST_LOAD);
  await expect(found).toHaveCount(0); // beyond the pages read
  await dialog.getByLabel('Find a contact').fill('Person 0250');
  await expect(found).toBeEnabled(FIRST_LOAD);
  await expect(dialog.getByText('last@example.com')).toBeVisible();
  await found.check();
  await dialog.getByRole('button', { name: 'Add heir' }).click();
  await expect(page.getByText('Heir added', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Person 0250 Seed' })).toBeVisible();
});
