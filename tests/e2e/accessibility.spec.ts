import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { paths } from '../../src/web/app/paths';
import { heirPublicKey, sealLetter } from '../../src/shared/sealed-letter';
import { seriousFindings } from './axe';
import { expect, readMail, test } from './fixtures';
import { openInApp, watchRequests } from './in-app';

// axe on every screen and in every state a user can open (dialogs, menus, open selects, a drop zone under a
// dragged file, the photo viewer, toasts). Serious and critical findings fail. A screen's layout changes with the
// width, so every screen is checked at desktop width and on a phone; a state opened on a screen is the same markup
// at both widths, so it is checked once, on a phone, where space is tightest (decision 053).

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** Radix content fades and zooms in; axe measuring contrast mid-animation would see half-transparent text. */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * Radix pauses toast timers while the pointer is over the notifications region, so a toast cannot start fading
 * out (and fail the contrast check) in the middle of a slow axe run.
 */
async function holdToasts(page: Page, hold: boolean) {
  await page.evaluate((pause) => {
    const region = document.querySelector('[role="region"][aria-label^="Notifications"]');
    region?.dispatchEvent(new PointerEvent(pause ? 'pointermove' : 'pointerleave'));
  }, hold);
}

/** Runs axe on the page as it is now; `state` names what is open, so a failure says where to look. */
async function expectAccessible(page: Page, state: string) {
  await holdToasts(page, true);
  await settle(page);
  const found = await seriousFindings(page);
  await holdToasts(page, false);
  expect.soft(found, `axe on ${state}`).toEqual([]);
}

/** A screen (its layout) at desktop width, then on a phone, where the test goes on. */
async function expectAccessibleAtBothWidths(page: Page, state: string) {
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${state} at ${DESKTOP.width}px`);
  await page.setViewportSize(PHONE);
  await expectAccessible(page, `${state} at ${PHONE.width}px`);
}

async function jpeg() {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 120, g: 80, b: 50 } } })
    .jpeg()
    .toBuffer();
}

async function seedMemory(request: APIRequestContext) {
  const res = await request.post('/api/memories', {
    data: {
      title: 'Summer at the lake',
      content: 'We swam until the sun went down.',
      eventDate: '2012-07-14',
      isPublic: false,
      tags: ['family'],
      location: 'Lake Geneva',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const attached = await request.post(`/api/memories/${id}/attachments`, {
    multipart: { attachments: { name: 'shore.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  expect(attached.ok(), await attached.text()).toBeTruthy();
}

async function seedPhoto(request: APIRequestContext) {
  const res = await request.post('/api/photos', {
    multipart: { photo: { name: 'porch.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function seedContact(request: APIRequestContext, relationship: 'family' | 'friend') {
  const data = { firstName: 'Ada', lastName: 'Byron', relationship, familyRelation: relationship === 'family' ? 'Mother' : undefined };
  const res = await request.post('/api/contacts', { data });
  expect(res.status(), await res.text()).toBe(201);
}

async function seedDocument(request: APIRequestContext) {
  const res = await request.post('/api/vault', {
    multipart: {
      file: { name: 'deed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      description: 'Deed to the house',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** react-dropzone enters its drag state on a dragenter that carries files; callers wait for the drag prompt. */
async function dragFileOver(page: Page, zone: Locator) {
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
    return dt;
  });
  await zone.dispatchEvent('dragenter', { dataTransfer });
}

async function closeWithEscape(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

const publicScreens = [
  '/',
  '/faq',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=abc123',
  '/verify-email?token=abc123',
  '/no-such-page',
  paths.legacy,
  `${paths.legacyCheckIn}?token=abc123`,
  `${paths.legacyCancel}?token=abc123`,
  `${paths.legacyReachable}?token=abc123`,
  paths.legacyVerify,
  paths.answer,
  paths.care,
  `${paths.careRefuse}?token=abc123`,
];

const signedInScreens = [
  paths.dashboard,
  paths.story,
  paths.timeline,
  paths.memories,
  paths.photos,
  paths.people,
  paths.family,
  paths.familyTree,
  paths.friends,
  paths.vault,
  paths.collections,
  paths.sharedWithMe,
  paths.profile,
  paths.settings,
  paths.afterLife,
  paths.interviews,
  paths.newInterview,
];

test('every page of the app is on one of the lists checked here', () => {
  const checked = new Set([...publicScreens, ...signedInScreens].map((path) => path.split('?')[0]));
  const onlyRedirects = new Set<string>([paths.auth]);
  expect(Object.values(paths).filter((path) => !checked.has(path) && !onlyRedirects.has(path))).toEqual([]);
});

/** The first and the second half of a list: two tests that the two workers run side by side. */
const halves = <T>(list: T[]) => [list.slice(0, Math.ceil(list.length / 2)), list.slice(Math.ceil(list.length / 2))] as const;

for (const [part, screens] of halves(publicScreens).entries()) {
  test(`public screens at desktop width and on a phone, part ${part + 1}`, async ({ page }) => {
    test.slow(); // two axe runs per screen
    const watch = watchRequests(page);
    let inApp = false;
    for (const path of screens) {
      await page.setViewportSize(DESKTOP);
      if (inApp) await openInApp(page, watch, path);
      else {
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        inApp = path !== '/'; // the landing page is a bundle of its own, without the app's router
      }
      await expectAccessibleAtBothWidths(page, path);
    }
  });
}

for (const [part, screens] of halves(signedInScreens).entries()) {
  test(`signed-in screens with content at desktop width and on a phone, part ${part + 1}`, async ({ page, signIn }) => {
    test.slow(); // two axe runs per screen
    await signIn();
    await Promise.all([
      seedMemory(page.request),
      seedPhoto(page.request),
      seedContact(page.request, 'family'),
      seedContact(page.request, 'friend'),
      seedDocument(page.request),
    ]);
    const watch = watchRequests(page);
    for (const [index, path] of screens.entries()) {
      await page.setViewportSize(DESKTOP);
      if (index > 0) await openInApp(page, watch, path);
      else {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
      }
      await expectAccessibleAtBothWidths(page, path);
    }
  });
}

test('sign-in and registration forms with their errors', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page
      .getByRole('main')
      .getByText(/required|valid/i)
      .first(),
  ).toBeVisible();
  await expectAccessible(page, `/login with errors at 375px`);
  await page.goto('/register');
  await page.getByRole('main').getByRole('button', { name: 'Register', exact: true }).click();
  await expect(
    page
      .getByRole('main')
      .getByText(/required|valid/i)
      .first(),
  ).toBeVisible();
  await expectAccessible(page, `/register with errors at 375px`);
});

test('signed-in screens while still empty', async ({ page, signIn }) => {
  test.slow(); // one axe run per screen
  await signIn();
  const watch = watchRequests(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const path of ['/dashboard', '/story', '/view-my-story', '/memories', '/photos', '/people', '/family', '/friends', '/vault']) {
    if (path !== '/dashboard') await openInApp(page, watch, path);
    await expectAccessible(page, `empty ${path}`);
  }
});

test('the account menu, the collapsed side navigation and a toast', async ({ page, signIn }) => {
  await signIn();
  await page.setViewportSize(DESKTOP);
  await page.goto('/story');
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect
    .poll(async () => Math.round((await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox())!.width))
    .toBe(60);
  await expectAccessible(page, 'the collapsed side navigation');
  await page.getByRole('button', { name: /Expand navigation/ }).click();

  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expectAccessible(page, 'the account menu at 375px');
  await page.keyboard.press('Escape');
  await page.setViewportSize(DESKTOP);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your profile has been updated successfully.', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the profile-updated toast');
});

{
  const viewport = PHONE;
  const size = `${viewport.width}px`;

  test(`memories at ${size}: the form, its tabs, the drop zone while dragging, the link picker and the delete confirmation`, async ({
    page,
    signIn,
  }) => {
    test.slow();
    await signIn();
    await Promise.all([seedMemory(page.request), seedPhoto(page.request), seedDocument(page.request)]);
    await page.setViewportSize(viewport);
    await page.goto('/memories');
    await page.getByRole('button', { name: 'Add Memory' }).click();
    await expect(page.getByRole('form', { name: 'Create New Memory' })).toBeVisible();
    await expectAccessible(page, `the new-memory form at ${size}`);
    const form = page.getByRole('form', { name: 'Create New Memory' });
    await form.getByRole('textbox', { name: 'Title' }).fill('Rowing');
    await form.getByRole('textbox', { name: 'Content' }).fill('dad rowed the boat,and i fed the ducks');
    await form.getByRole('button', { name: 'Improve with AI' }).click();
    await expect(page.getByRole('dialog', { name: 'Proposed text' })).toBeVisible();
    await expectAccessible(page, `the proposed-text dialog at ${size}`);
    await closeWithEscape(page);
    // tag suggestions need an AI service; without one the state to check is the failure toast
    await form.getByRole('button', { name: 'Get AI suggestions' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Memory Suggestions' }).or(page.getByText('Analysis failed', { exact: true })),
    ).toBeVisible();
    await expectAccessible(page, `tag suggestions or their failure at ${size}`);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Attachments' }).click();
    const prompt = page.getByText('Drag & drop images or audio here, or click to select');
    await dragFileOver(page, prompt.locator('..'));
    await expect(prompt).toHaveCount(0);
    await expectAccessible(page, `the attachment drop zone while dragging at ${size}`);
    await page.getByLabel('Attachment files').setInputFiles({ name: 'oars.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
    await expect(page.getByRole('list', { name: 'Selected files' })).toBeVisible();
    await expectAccessible(page, `files chosen for a new memory at ${size}`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit memory Summer at the lake' }).click();
    await expect(page.getByRole('form', { name: 'Edit Memory' })).toBeVisible();
    await expectAccessible(page, `the edit-memory form at ${size}`);
    await page.getByRole('tab', { name: 'Attachments' }).click();
    await expect(page.getByRole('list', { name: 'Existing attachments' })).toBeVisible();
    await expectAccessible(page, `the edit-memory attachments at ${size}`);
    await page.getByRole('button', { name: 'Link from Photos or Vault' }).click();
    await expect(page.getByRole('dialog', { name: 'Link photos and documents' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `the link picker at ${size}`);
    await closeWithEscape(page);
    await page.getByRole('button', { name: /^(Delete|Unlink) attachment shore\.jpg$/ }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, `the remove-attachment confirmation at ${size}`);
    await closeWithEscape(page);

    await page.getByRole('button', { name: 'Delete memory Summer at the lake' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, `the delete-memory confirmation at ${size}`);
    await closeWithEscape(page);
  });
}

{
  const viewport = PHONE;
  const size = `${viewport.width}px`;

  test(`photos at ${size}: sort menu, list view, drop zone while dragging, title and date editing, viewer and delete confirmation`, async ({
    page,
    signIn,
  }) => {
    test.slow(); // a dozen axe runs
    await signIn();
    await seedPhoto(page.request);
    await page.setViewportSize(viewport);
    await page.goto('/photos');
    await expect(page.getByRole('button', { name: 'View porch.jpg' }).first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await expect(page.getByRole('option', { name: 'Upload Date' })).toBeVisible();
    await expectAccessible(page, `the open sort select at ${size}`);
    // the page made inert while the list is open comes back: focus returns to the select, and a choice sticks
    await page.keyboard.press('Escape');
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toBeFocused();
    await sort.press('Enter');
    await page.getByRole('option', { name: 'Photo Title' }).press('Enter');
    await expect(sort).toHaveText('Photo Title');
    await expect(sort).toBeFocused();
    await expect(page.locator('[inert]')).toHaveCount(0);
    // a click on the (inert) page still closes the list
    await sort.click();
    await expect(page.getByRole('listbox')).toBeVisible();
    const heading = (await page.locator('h1').boundingBox())!; // hidden from the role tree while the list is open
    await page.mouse.click(heading.x + 5, heading.y + 5);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.locator('[inert]')).toHaveCount(0);

    const prompt = page.getByText('Drag & drop a photo here, or click to select');
    await dragFileOver(page, prompt.locator('..'));
    await expect(page.getByText('Drop the photo here')).toBeVisible();
    await expectAccessible(page, `the photo drop zone while dragging at ${size}`);
    await page.reload();

    const grid = page.getByRole('tabpanel', { name: 'Grid' });
    await grid.getByRole('button', { name: 'Edit title: porch.jpg' }).click();
    await expect(page.getByRole('textbox', { name: 'Photo title' })).toBeFocused();
    await expectAccessible(page, `photo title editing at ${size}`);
    await page.keyboard.press('Escape');

    await grid.getByRole('button', { name: /^Change date:/ }).click();
    await expect(page.getByRole('dialog', { name: 'Date of porch.jpg' })).toBeVisible();
    await expectAccessible(page, `the photo date picker at ${size}`);
    await page.keyboard.press('Escape');

    await grid.getByRole('button', { name: 'View porch.jpg' }).click();
    await expect(page.getByRole('dialog', { name: 'porch.jpg' })).toBeVisible();
    await expectAccessible(page, `the photo viewer at ${size}`);
    await closeWithEscape(page);

    await grid.getByRole('button', { name: /delete/i }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, `the delete-photo confirmation at ${size}`);
    await closeWithEscape(page);

    await page.getByRole('tab', { name: 'List' }).click();
    await expect(page.getByRole('tabpanel', { name: 'List' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the photo list');

    await page.getByLabel('Photo files').setInputFiles({ name: 'attic.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
    await expect(page.getByRole('list', { name: 'Uploads' })).toContainText('Uploaded');
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText('Photo uploaded successfully.', { exact: true }),
    ).toBeVisible();
    await expectAccessible(page, `a finished upload and its toast at ${size}`);
  });
}

{
  const viewport = PHONE;
  const size = `${viewport.width}px`;

  test(`contacts at ${size}: add and edit dialogs, the open relationship select and the delete confirmation`, async ({ page, signIn }) => {
    test.slow();
    await signIn();
    await seedContact(page.request, 'family');
    await page.setViewportSize(viewport);
    await page.goto('/family');
    await page.getByRole('button', { name: /^Add/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page, `the add-contact dialog at ${size}`);
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expect(dialog.getByText(/required/i).first()).toBeVisible();
    await expectAccessible(page, `the add-contact dialog with errors at ${size}`);
    await dialog.getByRole('combobox', { name: 'Relationship' }).click();
    await expect(page.getByRole('option', { name: 'Mother', exact: true })).toBeVisible();
    await expectAccessible(page, `the open relationship select at ${size}`);
    await page.keyboard.press('Escape');
    await closeWithEscape(page);

    await page.getByRole('button', { name: 'Edit contact' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Contact' })).toBeVisible();
    await expectAccessible(page, `the edit-contact dialog at ${size}`);
    await closeWithEscape(page);

    await page.getByRole('button', { name: 'Delete contact' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, `the delete-contact confirmation at ${size}`);
    await closeWithEscape(page);
  });
}

/** The seeded photo, memory and document in one collection, with a public link, a password link and a revoked one. */
async function seedShareLinks(request: APIRequestContext) {
  await Promise.all([seedMemory(request), seedPhoto(request), seedDocument(request)]);
  const ids = async (url: string) => ((await (await request.get(url)).json()) as { id: number }[]).map((item) => item.id);
  const [photoIds, memoryIds, documentIds] = await Promise.all([ids('/api/photos'), ids('/api/memories'), ids('/api/vault')]);
  const created = await request.post('/api/collections', { data: { title: 'Summers at the lake', description: 'Every July.' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const added = await request.post(`/api/collections/${id}/items`, { data: { photoIds, memoryIds, documentIds } });
  expect(added.ok(), await added.text()).toBeTruthy();
  const link = async (data: object) => {
    const res = await request.post(`/api/collections/${id}/links`, { data: { kind: 'public', ...data } });
    expect(res.status(), await res.text()).toBe(201);
    const body = (await res.json()) as { id: number; url: string };
    return { id: body.id, path: new URL(body.url).pathname };
  };
  const [open, locked, revoked] = [await link({}), await link({ password: 'open sesame' }), await link({})];
  expect((await request.delete(`/api/collections/${id}/links/${revoked.id}`)).status()).toBe(204);
  return { open: open.path, locked: locked.path, revoked: revoked.path };
}

{
  const viewport = PHONE;
  const size = `${viewport.width}px`;

  test(`a share link at ${size}: the collection, the photo viewer, the password form with an error, a revoked link`, async ({
    page,
    signIn,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signIn();
    const links = await seedShareLinks(page.request);
    const context = await browser.newContext({ baseURL, viewport }); // the recipient has no session
    const view = await context.newPage();

    await view.goto(links.open);
    await expect(view.getByRole('heading', { level: 1, name: 'Summers at the lake' })).toBeVisible();
    await view.waitForLoadState('networkidle');
    await expectAccessibleAtBothWidths(view, 'a share link');
    await view.getByRole('button', { name: 'View porch.jpg' }).click();
    await expect(view.getByRole('dialog', { name: 'porch.jpg' })).toBeVisible();
    await expectAccessible(view, `the shared photo viewer at ${size}`);
    await closeWithEscape(view);

    await view.goto(links.locked);
    await view.getByRole('button', { name: 'Open' }).click();
    await expect(view.getByText('Enter the password', { exact: true })).toBeVisible();
    await expectAccessibleAtBothWidths(view, 'the share-link password form with an error');
    await view.getByLabel('Password').fill('wrong');
    await view.getByRole('button', { name: 'Open' }).click();
    await expect(view.getByRole('alert')).toBeVisible();
    await expectAccessible(view, `a wrong share-link password at ${size}`);

    await view.goto(links.revoked);
    await expect(view.getByRole('heading', { level: 1, name: 'This link does not work any more.' })).toBeVisible();
    await expectAccessibleAtBothWidths(view, 'a revoked share link');
    await context.close();
  });
}

{
  const viewport = PHONE;
  const size = `${viewport.width}px`;

  test(`collections at ${size}: a collection with its links, Add items, Add people, a public link made, Add to collection and the gallery's Select bar`, async ({
    page,
    signIn,
  }) => {
    test.slow();
    await signIn();
    await Promise.all([seedMemory(page.request), seedPhoto(page.request), seedDocument(page.request)]);
    const contact = await page.request.post('/api/contacts', {
      data: { firstName: 'Ada', lastName: 'Byron', relationship: 'family', familyRelation: 'Mother', email: 'ada@example.com' },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    await seedContact(page.request, 'friend'); // no e-mail address: shown as unavailable
    const created = await page.request.post('/api/collections', { data: { title: 'Summer house', description: 'Every July.' } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const [photo] = (await (await page.request.get('/api/photos')).json()) as { id: number }[];
    const [memory] = (await (await page.request.get('/api/memories')).json()) as { id: number }[];
    expect(
      (await page.request.post(`/api/collections/${id}/items`, { data: { photoIds: [photo!.id], memoryIds: [memory!.id] } })).ok(),
    ).toBe(true);
    const personal = await page.request.post(`/api/collections/${id}/links`, {
      data: { kind: 'personal', contactId: ((await contact.json()) as { id: number }).id },
    });
    expect(personal.status(), await personal.text()).toBe(201);
    await page.setViewportSize(viewport);
    const watch = watchRequests(page);

    await page.goto('/collections');
    await expect(page.getByRole('link', { name: /Summer house/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessibleAtBothWidths(page, '/collections with a shared collection');

    await openInApp(page, watch, `/collections/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Summer house' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Ada Byron' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "a collection's page");

    await page.getByRole('button', { name: 'Add items' }).click();
    await expect(page.getByRole('dialog', { name: 'Add items' }).getByRole('checkbox').first()).toBeVisible();
    await expectAccessible(page, `the Add items dialog at ${size}`);
    await closeWithEscape(page);

    await page.getByRole('button', { name: 'Add people' }).click();
    await expect(page.getByRole('dialog', { name: 'Add people' }).getByRole('radio').first()).toBeVisible();
    await expectAccessible(page, `the Add people dialog at ${size}`);
    await closeWithEscape(page);

    await page.getByRole('button', { name: 'Public link' }).click();
    await page.getByRole('dialog', { name: 'Public link' }).getByRole('button', { name: 'Create link' }).click();
    await expect(page.getByRole('dialog', { name: 'Public link' }).getByRole('button', { name: 'Copy link' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Public link' }).getByRole('button', { name: 'Copy link' }).click();
    await expectAccessible(page, `a public link just made and copied at ${size}`);
    await closeWithEscape(page);

    await page.getByRole('button', { name: 'Delete' }).click();
    await expectAccessible(page, `the delete-collection confirmation at ${size}`);
    await closeWithEscape(page);

    await openInApp(page, watch, '/photos');
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page
      .getByRole('checkbox', { name: /^Select / })
      .first()
      .check();
    await expectAccessible(page, `the gallery's Select bar at ${size}`);
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Add to collection' }).click();
    await expect(page.getByRole('dialog', { name: 'Add to collection' }).getByRole('radio').first()).toBeVisible();
    await expectAccessible(page, `the Add to collection dialog at ${size}`);
  });
}

{
  const viewport = PHONE;
  const size = `${viewport.width}px`;

  test(`after life at ${size}: a plan with an heir, the key code, a letter, Add, the preview, the audit log and the travel pause`, async ({
    page,
    signIn,
  }) => {
    test.slow(); // one axe run per state
    await signIn();
    const contact = async (firstName: string) => {
      const res = await page.request.post('/api/contacts', {
        data: { firstName, lastName: 'Noble', email: `${firstName.toLowerCase()}@example.com`, relationship: 'family' },
      });
      return ((await res.json()) as { id: number }).id;
    };
    const verifier = await contact('Wilfred');
    const heirContact = await contact('Donna');
    const plan = { checkInMonths: 6, vetoDays: 30, verifierContactIds: [verifier], verifiersRequired: 1 };
    expect((await page.request.put('/api/legacy/plan', { data: plan })).ok()).toBe(true);
    const heirInput = { contactId: heirContact, dateOfBirth: '2001-02-03' };
    expect((await page.request.post('/api/legacy/heirs', { data: heirInput })).ok()).toBe(true);
    await page.setViewportSize(viewport);
    await page.goto(paths.afterLife);
    const heir = page.getByRole('listitem', { name: 'Donna Noble' });
    await expect(heir).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'after life with a plan and an heir');

    await heir.getByRole('button', { name: 'Make key code' }).click();
    await expect(page.getByRole('button', { name: 'Done' })).toBeEnabled();
    await expectAccessible(page, `a new key code at ${size}`);
    await closeWithEscape(page);

    await heir.getByRole('button', { name: 'Write a letter to Donna Noble' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, `write a letter at ${size}`);
    await closeWithEscape(page);

    await heir.getByRole('button', { name: 'Add something for Donna Noble' }).click();
    await page.getByRole('radio', { name: 'On a date' }).check();
    await expectAccessible(page, `add a release on a date at ${size}`);
    await closeWithEscape(page);

    await heir.getByRole('button', { name: 'Preview as Donna Noble' }).click();
    await expect(page.getByRole('dialog').getByText('Nothing else is planned for them.')).toBeVisible();
    await expectAccessible(page, `the preview at ${size}`);
    await closeWithEscape(page);

    await page.getByRole('button', { name: 'I’m travelling' }).click();
    await expectAccessible(page, `the travel pause at ${size}`);
    await closeWithEscape(page);

    await heir.getByRole('button', { name: 'Remove heir' }).click();
    await expectAccessible(page, `the remove-heir confirmation at ${size}`);
    await closeWithEscape(page);

    await page.getByText('Audit log').click();
    await expect(page.getByText('The log’s chain is intact')).toBeVisible();
    await expectAccessible(page, `the audit log at ${size}`);
  });
}

test('after life while a release is pending, with its Cancel the release button', async ({ page, signIn }) => {
  await signIn();
  const email = `verifier-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await page.request.post('/api/contacts', { data: { firstName: 'Wilfred', email, relationship: 'family' } });
  const verifier = ((await res.json()) as { id: number }).id;
  const plan = { checkInMonths: 12, vetoDays: 14, verifierContactIds: [verifier], verifiersRequired: 1 };
  expect((await page.request.put('/api/legacy/plan', { data: plan })).ok()).toBe(true);
  const token = (await readMail(email, '/legacy/verify/')).link.split('/').pop()!;
  expect((await page.request.post(`/api/legacy/verify/${token}`)).ok()).toBe(true);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(paths.afterLife);
    await expect(page.getByRole('button', { name: 'Cancel the release' })).toBeVisible();
    await expectAccessible(page, `after life with a release pending at ${viewport.width}px`);
  }
});

test('the add-friend dialog', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/friends');
  await page.getByRole('button', { name: /^Add/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'the add-friend dialog');
});

{
  const viewport = PHONE;
  const size = `${viewport.width}px`;

  test(`vault at ${size}: the upload form with an error and the delete confirmation`, async ({ page, signIn }) => {
    await signIn();
    await seedDocument(page.request);
    await page.setViewportSize(viewport);
    await page.goto('/vault');
    await page.getByRole('button', { name: 'Upload File' }).click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Error', { exact: true })).toBeVisible();
    await expectAccessible(page, `the vault upload form with an error at ${size}`);
    await page.getByRole('button', { name: 'Delete file' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, `the delete-file confirmation at ${size}`);
    await closeWithEscape(page);
  });
}

{
  const viewport = PHONE;
  const size = `${viewport.width}px`;

  test(`profile at ${size}: editing, the open gender select and the change e-mail dialog`, async ({ page, signIn }) => {
    await signIn();
    await page.setViewportSize(viewport);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    await expectAccessible(page, `profile editing at ${size}`);
    await page.getByRole('combobox', { name: 'Gender' }).click();
    await expect(page.getByRole('option', { name: 'Female' })).toBeVisible();
    await expectAccessible(page, `the open gender select at ${size}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cancel' }).first().click();

    await page.getByRole('button', { name: 'Change e-mail address' }).click();
    await expect(page.getByRole('dialog', { name: 'Change your e-mail address' })).toBeVisible();
    await expectAccessible(page, `the change e-mail dialog at ${size}`);
    await closeWithEscape(page);
  });
}

{
  const viewport = PHONE;
  const size = `${viewport.width}px`;

  test(`settings at ${size}: every tab, change password with errors, sign out everywhere, delete account`, async ({ page, signIn }) => {
    test.slow();
    await signIn();
    await seedPhoto(page.request);
    await page.setViewportSize(viewport);
    await page.goto('/settings#photos');
    await expect(page.getByText('Photo Library Statistics')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `photo management at ${size}`);
    await page.getByRole('tab', { name: 'Maintenance Tools' }).click();
    await expectAccessible(page, `maintenance tools at ${size}`);
    await page.getByRole('tab', { name: 'Privacy' }).click();
    await expectAccessible(page, `privacy at ${size}`);
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `account at ${size}`);

    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectAccessible(page, `change password with errors at ${size}`);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Sign out everywhere?' })).toBeVisible();
    await expectAccessible(page, `the sign-out-everywhere confirmation at ${size}`);
    await closeWithEscape(page);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete your account for good?' })).toBeVisible();
    await expectAccessible(page, `the delete-account dialog at ${size}`);
    await closeWithEscape(page);
  });
}

test('the timeline with its filters pressed', async ({ page, signIn }) => {
  await signIn();
  await Promise.all([seedMemory(page.request), seedPhoto(page.request), seedDocument(page.request)]);
  await page.goto('/view-my-story');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /^Photos/ }).click();
  await page.getByRole('switch').click();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'the timeline filtered to photos, oldest first');
});

// spec §8: a list that fails to load says so in a toast as well as on the page
// In the order visited: one screen after another in the running app, no two in a row with the same toast (a
// toast replaces the one before it).
const loadFailures = [
  { path: '/dashboard', api: '/api/photos/page', message: 'Failed to fetch photos' },
  { path: '/memories', api: '/api/memories/page', message: 'Failed to fetch memories' },
  {
    path: '/photos',
    api: '/api/photos/page',
    message: 'Failed to fetch photos',
    banner: 'Error: 500: {"message":"Internal Server Error"}', // spec §2: 'Error: ' and the message ('status: body', §7)
  },
  { path: '/vault', api: '/api/vault/page', message: 'Failed to fetch vault files' },
  { path: '/collections', api: '/api/collections', message: 'Failed to fetch collections' },
];

test('screens whose data cannot be fetched: the error toast and the inline message', async ({ page, signIn }) => {
  await signIn();
  // One pattern per API: a function as the pattern would send every request of the page (each script and
  // image) through the test to be asked about, seconds per screen on a busy machine.
  for (const api of new Set(loadFailures.map((f) => f.api))) {
    await page.route(new RegExp(`^[^?]*${api.replaceAll('/', '\\/')}(\\?|$)`), (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }) : route.fallback(),
    );
  }
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  const watch = watchRequests(page);
  for (const [index, { path, message, banner }] of loadFailures.entries()) {
    if (index === 0) await page.goto(path);
    else await openInApp(page, watch, path);
    await expect(toast).toContainText(message);
    await expect(
      page
        .getByRole('main')
        .getByRole('alert')
        .filter({ hasText: banner ?? message }),
    ).toBeVisible();
    await expectAccessible(page, `the load error on ${path}`);
  }
});

test('the mail links: a verified address and a reset request sent', async ({ page, signIn }) => {
  const user = await signIn();
  const mail = await readMail(user.email, '/verify-email');
  await page.goto(mail.link);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'a verified address');

  await page.request.post('/api/logout');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('main').locator('button[type="submit"]').click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expectAccessible(page, 'a reset link requested');
});

// The heir's side of a Legacy Plan, its answers stubbed so every state can be reached without a release.
const LINK_TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';
const HEIR_CODE = '0WB2-AD23-A9GQ-0ZWE-KPPB-QJPS-X3W';

async function heirsReceived() {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 120, b: 60 } } })
    .png()
    .toBuffer();
  const sealed = await sealLetter(
    {
      body: 'My dear Amy,\nthe garden is yours now.',
      attachments: [
        { name: 'roses.png', type: 'image/png', data: png.toString('base64') },
        { name: 'deed.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4').toString('base64') },
      ],
    },
    await heirPublicKey(HEIR_CODE),
  );
  return {
    ownerName: 'Rose Tyler',
    heirName: 'Amy Smith',
    letters: [
      { id: 1, title: 'For when you are grown', body: null, photos: [], attachments: [], sealed, releasedAt: '2027-01-02T10:00:00.000Z' },
      {
        id: 2,
        title: 'A plain note',
        body: 'Look after the cat.',
        photos: [],
        attachments: [],
        sealed: null,
        releasedAt: '2027-01-02T10:00:00.000Z',
      },
    ],
    releases: [
      {
        grantId: 5,
        kind: 'collection',
        title: 'Summers in Cardiff',
        releasedAt: '2027-01-02T10:00:00.000Z',
        url: '/api/legacy/received/5',
      },
    ],
    downloadAllUrl: '/api/legacy/received/download',
  };
}

const releasedCollection = {
  title: 'Summers in Cardiff',
  description: null,
  ownerName: 'Rose Tyler',
  includePlaces: false,
  expiresAt: null,
  coverUrl: null,
  photos: [],
  memories: [
    {
      id: 7,
      title: 'The summer we swam',
      content: 'We swam until the sun went down.',
      eventDate: '2012-07-14',
      tags: [],
      location: null,
      attachments: [],
    },
  ],
  documents: [],
  downloadAllUrl: '/api/legacy/received/5/download',
};

{
  const viewport = PHONE;
  const size = `${viewport.width}px`;

  test(`the heir's pages at ${size}: the neutral answer, a throttled try, the received view with an opened letter and a release, the code asked again`, async ({
    page,
  }) => {
    test.slow(); // one axe run per state
    await page.setViewportSize(viewport);
    const received = await heirsReceived();
    let isOpen = false;
    let answer: 'nothing' | 'throttled' | 'released' = 'nothing';
    await page.route('**/api/legacy/open', (route) => {
      if (answer === 'throttled') return route.fulfill({ status: 429, headers: { 'Retry-After': '30' }, json: { message: 'Too many' } });
      if (answer === 'nothing') return route.fulfill({ json: { released: false, message: 'Nothing has been released to this code yet' } });
      isOpen = true;
      return route.fulfill({ json: { released: true, ownerName: 'Rose Tyler', heirName: 'Amy Smith' } });
    });
    await page.route('**/api/legacy/received', (route) =>
      isOpen ? route.fulfill({ json: received }) : route.fulfill({ status: 401, json: { message: 'Enter your key code' } }),
    );
    await page.route('**/api/legacy/received/5', (route) => route.fulfill({ json: releasedCollection }));

    await page.goto(paths.legacy);
    const field = page.getByLabel('Key code');
    await field.fill('not a code');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('alert')).toContainText('That does not look like a key code');
    await expectAccessible(page, `a mistyped key code at ${size}`);

    await field.fill(HEIR_CODE);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('status')).toHaveText('Nothing has been released to this code yet');
    await expectAccessible(page, `the neutral answer at ${size}`);

    answer = 'throttled';
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('alert')).toHaveText('Too many tries. Please wait 30 seconds and try again.');
    await expectAccessible(page, `a throttled try at ${size}`);

    answer = 'released';
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByText(/the garden is yours now/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'roses.png' })).toBeVisible();
    await page.getByRole('button', { name: 'Summers in Cardiff' }).click();
    await expect(page.getByRole('heading', { name: 'The summer we swam' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the received view with an opened letter and a release');

    await page.reload();
    await expect(page.getByLabel('Key code for sealed letters')).toBeVisible();
    await page.getByRole('button', { name: 'Open sealed letters' }).click();
    await expect(page.getByRole('alert')).toContainText('That does not look like a key code');
    await expectAccessible(page, `the sealed letter asking for the code again at ${size}`);
  });

  test(`the one-click pages at ${size}: check-in and cancel done and refused, a verifier's page and its confirmation`, async ({ page }) => {
    test.slow(); // one axe run per state
    await page.setViewportSize(viewport);
    let linkStatus = 200;
    await page.route('**/api/legacy/check-in/confirm', (route) =>
      route.fulfill({
        status: linkStatus,
        json:
          linkStatus === 200
            ? { message: 'Thank you.', nextCheckInAt: '2027-05-04T12:00:00.000Z' }
            : { message: 'This link has expired or has already been used.' },
      }),
    );
    await page.route('**/api/legacy/veto/confirm', (route) =>
      route.fulfill({
        status: linkStatus,
        json: { message: linkStatus === 200 ? 'Cancelled.' : 'This link has expired or has already been used.' },
      }),
    );
    let confirmed = false;
    await page.route(`**/api/legacy/verify/${LINK_TOKEN}`, (route) => {
      if (route.request().method() === 'POST') confirmed = true;
      return route.fulfill({
        json: {
          ownerName: 'Rose Tyler',
          alreadyConfirmed: confirmed,
          state: 'verifying',
          verifiersRequired: 2,
          confirmations: confirmed ? 1 : 0,
          waitingDays: 7,
          vetoEndsAt: null,
        },
      });
    });

    // the first link as opened from a mail, the others in the app already loaded
    const watch = watchRequests(page);
    await page.goto(`${paths.legacyCheckIn}?token=${LINK_TOKEN}`);
    for (const status of [200, 400]) {
      linkStatus = status;
      if (status !== 200) await openInApp(page, watch, `${paths.legacyCheckIn}?token=${LINK_TOKEN}`);
      if (status === 200) await expectAccessibleAtBothWidths(page, 'the check-in question');
      await page.getByRole('button', { name: "Yes, I'm still here" }).click();
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: status === 200 ? 'Thank you — your plan carries on.' : 'This link does not work any more',
        }),
      ).toBeVisible();
      await expectAccessible(page, `a check-in ${status === 200 ? 'confirmed' : 'refused'} at ${size}`);

      await openInApp(page, watch, `${paths.legacyCancel}?token=${LINK_TOKEN}`);
      if (status === 200) await expectAccessibleAtBothWidths(page, 'the cancel question');
      await page.getByRole('button', { name: 'Cancel the release' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: status === 200 ? 'Release cancelled' : 'This link does not work any more' }),
      ).toBeVisible();
      await expectAccessible(page, `a cancel ${status === 200 ? 'done' : 'refused'} at ${size}`);
    }

    await openInApp(page, watch, `${paths.legacyVerify}/${LINK_TOKEN}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rose Tyler named you as a verifier' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "a verifier's page");
    await page.getByRole('button', { name: "Confirm Rose Tyler's death" }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, `a verifier's confirmation dialog at ${size}`);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, confirm' }).click();
    await expect(page.getByText('Your confirmation is recorded.')).toBeVisible();
    await expectAccessible(page, `a verifier's confirmation recorded at ${size}`);
  });
}
