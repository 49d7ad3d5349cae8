import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, newTestUser, readMail, test } from './fixtures';

// A share link opened as its recipient opens it: a fresh browser with no account and no session, on a phone.

const PHONE = { width: 375, height: 812 };

async function jpeg(r: number) {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: { r, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
}

async function uploadPhoto(request: APIRequestContext, name: string, shade: number) {
  const res = await request.post('/api/photos', { multipart: { photo: { name, mimeType: 'image/jpeg', buffer: await jpeg(shade) } } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function createMemory(request: APIRequestContext, title: string) {
  const res = await request.post('/api/memories', {
    data: { title, content: 'We swam until the sun went down.\nThen we sang.', eventDate: '2012-07-14', isPublic: false, tags: ['summer'] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function uploadDocument(request: APIRequestContext, name: string) {
  const res = await request.post('/api/vault', {
    multipart: { file: { name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }, description: 'Deed to the house' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A collection of two photos, one memory and one document; the owner keeps one more of each outside it. */
async function seedCollection(request: APIRequestContext) {
  const [porch, garden] = [await uploadPhoto(request, 'porch.jpg', 120), await uploadPhoto(request, 'garden.jpg', 30)];
  await uploadPhoto(request, 'not-shared.jpg', 200);
  const memory = await createMemory(request, 'Summer at the lake');
  await createMemory(request, 'A private memory');
  const document = await uploadDocument(request, 'deed.pdf');
  await uploadDocument(request, 'private.pdf');

  const created = await request.post('/api/collections', { data: { title: 'Summers at the lake', description: 'Every July.' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const added = await request.post(`/api/collections/${id}/items`, {
    data: { photoIds: [porch, garden], memoryIds: [memory], documentIds: [document] },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  return id;
}

async function createLink(request: APIRequestContext, collectionId: number, extra: { password?: string } = {}) {
  const res = await request.post(`/api/collections/${collectionId}/links`, { data: { kind: 'public', ...extra } });
  expect(res.status(), await res.text()).toBe(201);
  const { id, url } = (await res.json()) as { id: number; url: string };
  return { id, path: new URL(url).pathname };
}

/** A recipient's browser: nothing shared with the owner's, on a phone. */
async function recipient(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (req) => requests.push(new URL(req.url()).pathname));
  return { context, page, requests };
}

async function expectLoaded(page: Page, name: string) {
  const image = page.getByRole('img', { name, exact: true }).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
}

test('a public link shows exactly what was shared to a visitor with no account, on a phone', async ({ page, signIn, browser, baseURL }) => {
  test.slow();
  await signIn();
  const collectionId = await seedCollection(page.request);
  const link = await createLink(page.request, collectionId);

  const visitor = await recipient(browser, baseURL);
  const view = visitor.page;
  await view.goto(link.path);
  await expect(view.getByRole('heading', { level: 1, name: 'Summers at the lake' })).toBeVisible();
  await expect(view).toHaveURL(link.path); // no detour to /login
  await expect(view.getByText('Shared by Rose Tyler')).toBeVisible();
  await expect(view.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  // exactly the shared items
  await expect(view.getByRole('button', { name: /^View / })).toHaveCount(2);
  await expect(view.getByRole('button', { name: 'View porch.jpg' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'View garden.jpg' })).toBeVisible();
  await expect(view.getByRole('article', { name: 'Summer at the lake' })).toBeVisible();
  await expect(view.getByText('A private memory')).toHaveCount(0);
  await expect(view.getByText('deed.pdf')).toBeVisible();
  await expect(view.getByText('private.pdf')).toHaveCount(0);
  await expectLoaded(view, 'porch.jpg');

  // nothing on the page needs a session
  expect(visitor.requests.filter((path) => path.startsWith('/api/') && !path.startsWith('/api/shared/'))).toEqual([]);
  // and the page fits the phone's width
  expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // the viewer: the display copy, next and previous, the original to download
  await view.getByRole('button', { name: 'View porch.jpg' }).click();
  const viewer = view.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: 'porch.jpg' })).toBeVisible();
  await expectLoaded(view, 'porch.jpg');
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(viewer.getByRole('heading', { name: 'garden.jpg' })).toBeVisible();
  await view.keyboard.press('ArrowLeft');
  await expect(viewer.getByRole('heading', { name: 'porch.jpg' })).toBeVisible();
  const original = await viewer.getByRole('link', { name: 'Download' }).getAttribute('href');
  const download = await visitor.context.request.get(original!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toMatch(/^image\/jpeg/);
  await view.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'View porch.jpg' })).toBeFocused();

  // Download all answers a zip
  const zipUrl = await view.getByRole('link', { name: 'Download all' }).getAttribute('href');
  const zip = await visitor.context.request.get(zipUrl!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toMatch(/zip/);
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');

  await visitor.context.close();
});

test('a link with a password asks for it, refuses a wrong one and opens with the right one', async ({ page, signIn, browser, baseURL }) => {
  await signIn();
  const collectionId = await seedCollection(page.request);
  const link = await createLink(page.request, collectionId, { password: 'open sesame' });

  const { context, page: view } = await recipient(browser, baseURL);
  await view.goto(link.path);
  await expect(view.getByRole('heading', { level: 1, name: 'This collection is protected by a password.' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'View porch.jpg' })).toHaveCount(0);

  await view.getByLabel('Password').fill('wrong guess');
  await view.getByRole('button', { name: 'Open' }).click();
  await expect(view.getByRole('alert')).toHaveText('That password is not right.');

  await view.getByLabel('Password').fill('open sesame');
  await view.getByRole('button', { name: 'Open' }).click();
  await expect(view.getByRole('heading', { level: 1, name: 'Summers at the lake' })).toBeVisible();
  await expectLoaded(view, 'porch.jpg'); // the unlock cookie opens the images too

  await view.reload(); // and lasts across a reload
  await expect(view.getByRole('heading', { level: 1, name: 'Summers at the lake' })).toBeVisible();
  await context.close();
});

test('a revoked link shows that it does not work any more', async ({ page, signIn, browser, baseURL }) => {
  await signIn();
  const collectionId = await seedCollection(page.request);
  const link = await createLink(page.request, collectionId);
  const revoked = await page.request.delete(`/api/collections/${collectionId}/links/${link.id}`);
  expect(revoked.status(), await revoked.text()).toBe(204);

  const { context, page: view } = await recipient(browser, baseURL);
  await view.goto(link.path);
  await expect(view.getByRole('heading', { level: 1, name: 'This link does not work any more.' })).toBeVisible();
  await expect(view.getByText('Summers at the lake')).toHaveCount(0);
  await context.close();
});

test('a personal link to the address of a verified account also shows under Shared with me', async ({ page, signIn, browser, baseURL }) => {
  test.slow();
  const recipientUser = await signIn();
  const mail = await readMail(recipientUser.email, '/verify-email');
  await page.goto(mail.link);
  await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await page.goto('/story');
  await expect(nav.getByRole('link', { name: 'Vault' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Shared with me' })).toHaveCount(0); // nothing received yet

  const owner = await browser.newContext({ baseURL });
  const ownerUser = { ...newTestUser(), firstName: 'Ada', surname: 'Byron' };
  const reg = await owner.request.post('/api/register', {
    data: { ...ownerUser, dateOfBirth: '1950-02-01', confirmPassword: ownerUser.password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  expect((await owner.request.post('/api/login', { data: { email: ownerUser.email, password: ownerUser.password } })).ok()).toBe(true);
  const collectionId = await seedCollection(owner.request);
  const contact = await owner.request.post('/api/contacts', {
    data: { firstName: 'Rose', lastName: 'Tyler', relationship: 'family', familyRelation: 'Daughter', email: recipientUser.email },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  // Shared with me follows contact linking (decision 011): the recipient holds the owner as a contact as well.
  const back = await page.request.post('/api/contacts', {
    data: { firstName: 'Ada', lastName: 'Byron', relationship: 'family', familyRelation: 'Mother', email: ownerUser.email },
  });
  expect(back.status(), await back.text()).toBe(201);
  const link = await owner.request.post(`/api/collections/${collectionId}/links`, {
    data: { kind: 'personal', contactId: ((await contact.json()) as { id: number }).id },
  });
  expect(link.status(), await link.text()).toBe(201);
  await owner.close();

  await page.reload();
  await nav.getByRole('link', { name: 'Shared with me' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shared with me' })).toBeVisible();
  const fromOwner = page.getByRole('region', { name: 'From Ada Byron' });
  await fromOwner.getByRole('link', { name: /Summers at the lake/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Summers at the lake' })).toBeVisible();
  await expect(page.getByText('Shared by Ada Byron')).toBeVisible();
  await expect(page.getByRole('button', { name: /^View / })).toHaveCount(2);
  await expectLoaded(page, 'porch.jpg');
  await expect(nav.getByRole('link', { name: 'Shared with me' })).toHaveAttribute('aria-current', 'true');
});
