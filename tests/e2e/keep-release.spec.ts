import sharp from 'sharp';
import { seriousFindings } from './axe';
import { expect, newTestUser, test } from './fixtures';
import { planWithHeir } from './released-plan';

// Issue 32 §4: an heir with no account opens what was released to them, makes an account from the release page,
// comes back to it signed in, and keeps the release: its photo and memory are in the heir's own library, each
// saying where it came from ("From Rose Tyler’s legacy, released 30 November 2026").

const PHOTO_TITLE = 'The walnut tree in March';
const MEMORY = { title: 'The summer of the flood', content: 'The water reached the second step.', eventDate: '1962-07-14' };

test('an heir makes an account from the release page, keeps the release, and finds it in their library with its provenance', async ({
  page,
  browser,
  signIn,
}) => {
  const owner = await signIn();
  const request = page.request;
  const created = async (url: string, options: Parameters<typeof request.post>[1]) => {
    const res = await request.post(url, options);
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as { id: number };
  };
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8c5a28' } })
    .jpeg()
    .toBuffer();
  const photo = await created('/api/photos', { multipart: { photo: { name: 'walnut.jpg', mimeType: 'image/jpeg', buffer: jpeg } } });
  expect((await request.patch(`/api/photos/${photo.id}`, { data: { title: PHOTO_TITLE } })).status()).toBe(200);
  const memory = await created('/api/memories', { data: MEMORY });
  const collection = await created('/api/collections', { data: { title: 'The walnut tree' } });
  await created(`/api/collections/${collection.id}/items`, { data: { photoIds: [photo.id], memoryIds: [memory.id] } });
  const plan = await planWithHeir(request);
  await created('/api/legacy/releases', { data: { heirId: plan.heirId, collectionId: collection.id } });
  await plan.release();

  // the heir, in a browser of their own, opens the release with the key code
  const heir = await browser.newContext();
  const heirPage = await heir.newPage();
  await heirPage.goto('/legacy');
  await heirPage.getByLabel('Key code').fill(plan.keyCode);
  await heirPage.getByRole('button', { name: 'Open' }).click();
  const ownerName = `${owner.firstName} ${owner.surname}`;
  const heading = heirPage.getByRole('heading', { level: 1, name: `From ${ownerName}, for ${plan.heirName}` });
  await expect(heading).toBeVisible();
  const released = heirPage.getByRole('region', { name: 'What was released to you' });
  const releasedAt = new Date((await released.locator('time').first().getAttribute('datetime'))!);

  // no account yet: make one from the release page, sign in, and come back to it
  await released.getByRole('link', { name: 'Make an account to keep these' }).click();
  const account = { ...newTestUser(), firstName: 'Amy', surname: 'Smith' };
  await heirPage.getByLabel('First Name').fill(account.firstName);
  await heirPage.getByLabel('Surname').fill(account.surname);
  await heirPage.getByLabel('Email').fill(account.email);
  await heirPage.getByLabel('Date of Birth').fill('2001-05-04');
  await heirPage.getByLabel('Password', { exact: true }).fill(account.password);
  await heirPage.getByLabel('Confirm Password').fill(account.password);
  await heirPage.getByRole('button', { name: 'Register' }).click();
  await expect(heirPage).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/legacy');
  await expect(heirPage.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await heirPage.getByLabel('Email').fill(account.email);
  await heirPage.getByLabel('Password', { exact: true }).fill(account.password);
  await heirPage.getByRole('button', { name: 'Login' }).click();
  await expect(heirPage).toHaveURL((url) => url.pathname === '/legacy');
  await expect(heading).toBeVisible();

  // the same release, now with its Keep button; kept, it says so, and still does after a reload
  await released.getByRole('button', { name: 'Keep in my library' }).click();
  await expect(released.getByText('Kept in your library')).toBeVisible();
  expect(await seriousFindings(heirPage), 'axe on the kept release').toEqual([]);
  await heirPage.reload();
  await expect(released.getByText('Kept in your library')).toBeVisible();
  await expect(heirPage).toHaveURL((url) => url.pathname === '/legacy');

  // the copies are the heir's own, each saying where it came from (written once, in English, on the copy)
  const releasedOn = releasedAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const provenance = `From ${ownerName}’s legacy, released ${releasedOn}`;
  await heirPage.goto('/memories');
  const card = heirPage.getByRole('article').filter({ hasText: MEMORY.title });
  await expect(card.getByText(provenance)).toBeVisible();
  await heirPage.goto('/photos');
  await heirPage.getByRole('button', { name: `View ${PHOTO_TITLE}` }).click();
  await expect(heirPage.getByRole('dialog', { name: PHOTO_TITLE }).getByText(provenance)).toBeVisible();
  await heir.close();
});
