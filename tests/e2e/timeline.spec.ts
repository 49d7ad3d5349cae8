import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';

// Fixtures go through the real API: memories with their event dates, a photo re-dated through PATCH, a
// vault document (dated by its upload, so it lands in the current year).
async function jpeg() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
}

async function createMemory(request: APIRequestContext, title: string, content: string, eventDate: string) {
  const res = await request.post('/api/memories', { data: { title, content, eventDate, isPublic: false, tags: [], location: null } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function createPhoto(request: APIRequestContext, title: string, dateTaken: string) {
  const res = await request.post('/api/photos', {
    multipart: { photo: { name: 'moving.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const patched = await request.patch(`/api/photos/${id}`, { data: { title, dateTaken } });
  expect(patched.ok(), await patched.text()).toBeTruthy();
  return id;
}

async function createDocument(request: APIRequestContext, name: string, description: string) {
  const res = await request.post('/api/vault', {
    multipart: {
      file: { name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') },
      description,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('the timeline shows photos, memories and documents under the right years, filters and re-sorts', async ({ page, signIn }) => {
  await signIn();
  const thisYear = new Date().getFullYear();
  await createMemory(page.request, 'Graduation Day', 'We threw our caps\ninto the rain.', '2015-06-20');
  const house = await createMemory(page.request, 'First House', 'The keys were heavier than expected.', '2019-09-01');
  const attached = await page.request.post(`/api/memories/${house.id}/attachments`, {
    multipart: { attachments: { name: 'porch.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  expect(attached.ok(), await attached.text()).toBeTruthy();
  await createPhoto(page.request, 'Moving Day', '2019-08-10T12:00:00.000Z');
  const documentId = await createDocument(page.request, 'deed.pdf', 'Deed to the house');

  await page.goto('/view-my-story');
  await expect(page.getByRole('link', { name: 'Back to Story' })).toHaveAttribute('href', '/story');
  await expect(page.getByRole('button', { name: 'All Content' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Photos (1)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Memories (2)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Documents (1)' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Newest to Oldest' })).toBeChecked();

  // Newest first; only the first year is open.
  const years = page.getByRole('heading', { level: 2 }).filter({ hasText: /^\d{4} \(/ });
  await expect(years).toHaveText([`${thisYear} (1 item)`, '2019 (2 items)', '2015 (1 item)']);
  const view = page.getByRole('link', { name: 'View Document' });
  await expect(view).toHaveAttribute('href', `/api/vault/${documentId}`);
  await expect(view).toHaveAttribute('target', '_blank');
  await expect(page.getByText('Deed to the house')).toBeVisible();
  await expect(page.getByText('Moving Day')).toHaveCount(0);

  // Opening 2019 loads its entries: photo, memory with its attachment.
  await page.getByRole('button', { name: '2019 (2 items)' }).click();
  await expect(page.getByRole('heading', { name: 'Moving Day' })).toBeVisible();
  await expect(page.getByText('August 10, 2019')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Moving Day' })).toHaveAttribute('src', /\/api\/photos\/image\/\d+\?size=thumb$/);
  await expect(page.getByRole('img', { name: 'Moving Day' })).toHaveAttribute('loading', 'lazy');
  await expect(page.getByRole('heading', { name: 'First House' })).toBeVisible();
  await expect(page.getByText('September 1, 2019')).toBeVisible();
  await expect(page.getByText('Attachments (1)')).toBeVisible();
  await expect(page.getByRole('img', { name: 'porch.jpg' })).toBeVisible();

  // Filters.
  await page.getByRole('button', { name: 'Photos (1)' }).click();
  await expect(years).toHaveText(['2019 (1 item)']);
  await expect(page.getByRole('heading', { name: 'Moving Day' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'First House' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Memories (2)' }).click();
  await expect(years).toHaveText(['2019 (1 item)', '2015 (1 item)']);
  await expect(page.getByRole('heading', { name: 'First House' })).toBeVisible();
  await page.getByRole('button', { name: 'Documents (1)' }).click();
  await expect(years).toHaveText([`${thisYear} (1 item)`]);
  await page.getByRole('button', { name: 'All Content' }).click();

  // Re-sort: oldest first, and the (new) first year is the one open.
  await page.getByRole('switch', { name: 'Newest to Oldest' }).click();
  await expect(page.getByRole('switch', { name: 'Oldest to Newest' })).not.toBeChecked();
  await expect(years).toHaveText(['2015 (1 item)', '2019 (2 items)', `${thisYear} (1 item)`]);
  await expect(page.getByRole('heading', { name: 'Graduation Day' })).toBeVisible();
  await expect(page.getByText('June 20, 2015')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'First House' })).toHaveCount(0);
});

test('an empty story offers to start, and the timeline says how to fill it', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/story');
  await expect(page.getByRole('heading', { name: 'Build Your Story Timeline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Build Your Timeline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Memories' })).toHaveAttribute('href', '/memories');
  await expect(page.getByRole('link', { name: 'Photos Gallery' })).toHaveAttribute('href', '/photos');
  await expect(page.getByRole('link', { name: 'Add First Memory' })).toHaveAttribute('href', '/memories');
  await page.getByRole('link', { name: 'Start Timeline' }).click();

  await expect(page).toHaveURL(/\/view-my-story$/);
  await expect(page.getByRole('heading', { name: 'No content found' })).toBeVisible();
  await expect(page.getByText('Add photos, memories, and documents to build your story timeline.')).toBeVisible();
  await page.getByRole('button', { name: 'Photos (0)' }).click();
  await expect(page.getByText('No photo content available. Try selecting a different filter.')).toBeVisible();

  await createMemory(page.request, 'A first memory', 'It begins.', '2001-01-01');
  await page.goto('/story');
  await expect(page.getByRole('heading', { name: 'Your Life Timeline' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'View Timeline' }).last().click();
  await expect(page.getByRole('heading', { name: 'A first memory' })).toBeVisible();
});

test('a failed load shows the error and a way to try again', async ({ page, signIn }) => {
  await signIn();
  await page.route('**/api/timeline/summary**', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}' }));
  await page.goto('/view-my-story');
  await expect(page.getByText('Error loading timeline: Failed to fetch timeline: 500')).toBeVisible();
  await page.unroute('**/api/timeline/summary**');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'No content found' })).toBeVisible();
});

test('a long year loads one page of entries and lazy images until the reader scrolls', async ({ page, signIn }) => {
  await signIn();
  const buffer = await jpeg();
  const ids: number[] = [];
  for (let batch = 0; batch < 7; batch += 1) {
    const created = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await page.request.post('/api/photos', {
          multipart: { photo: { name: `p${batch}-${i}.jpg`, mimeType: 'image/jpeg', buffer } },
        });
        expect(res.status(), await res.text()).toBe(201);
        return ((await res.json()) as { id: number }).id;
      }),
    );
    ids.push(...created);
  }
  const images: string[] = [];
  const pages: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/photos/image/')) images.push(req.url());
    if (req.url().includes('/api/timeline/period')) pages.push(req.url());
  });

  await page.goto('/view-my-story');
  const thisYear = new Date().getFullYear();
  await expect(page.getByRole('button', { name: `${thisYear} (70 items)` })).toBeVisible();
  const entries = page.getByRole('heading', { level: 3, name: 'Untitled Photo' });
  await expect(entries).toHaveCount(30);
  await page.waitForLoadState('networkidle');
  expect(pages).toHaveLength(1);
  expect(images.length).toBeGreaterThan(0);
  expect(images.length).toBeLessThanOrEqual(30);

  // Scrolling to the end of the list brings the next page.
  await page.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
  await expect(entries).toHaveCount(60);
  await page.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
  await expect(entries).toHaveCount(70);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});
