import { randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { heirPublicKey, sealLetter } from '../../src/shared/sealed-letter';
import { expect, readMail, test } from './fixtures';

// The heir's side of the Legacy Plan: an owner's plan, heir, key code, sealed letter and a released collection
// made through the API; with no waiting time two verifiers must agree: one confirms through the API, the
// other from the mail's link, which says before the tap that the release is immediate; the heir opens
// /legacy on a phone with no account and reads the letter, opened in the browser.

const LETTER = 'The garden key is under the blue stone by the gate. Look after the roses.';

async function ok<T>(response: Promise<APIResponse>, status = 200): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function addContact(request: APIRequestContext, firstName: string, email: string) {
  return ok<{ id: number }>(request.post('/api/contacts', { data: { firstName, lastName: 'Smith', email, relationship: 'family' } }), 201);
}

test('an heir opens what was released with the key code on a phone and reads the sealed letter', async ({ page, signIn, browser }) => {
  const owner = await signIn();
  const request = page.request;
  const run = randomUUID().slice(0, 8);
  const verifierEmail = `martha-${run}@example.com`;
  const firstVerifierEmail = `mickey-${run}@example.com`;
  const heirEmail = `amy-${run}@example.com`;
  const martha = await addContact(request, 'Martha', verifierEmail);
  const mickey = await addContact(request, 'Mickey', firstVerifierEmail);
  const amy = await addContact(request, 'Amy', heirEmail);

  // The owner's plan: no waiting time, which needs two verifiers who must agree.
  await ok(
    request.put('/api/legacy/plan', {
      data: { checkInMonths: 6, vetoDays: 0, verifierContactIds: [martha.id, mickey.id], verifiersRequired: 2 },
    }),
  );
  const heir = await ok<{ id: number }>(request.post('/api/legacy/heirs', { data: { contactId: amy.id } }), 201);
  const { keyCode } = await ok<{ keyCode: string }>(request.post(`/api/legacy/heirs/${heir.id}/key-code`), 200);
  const publicKey = await heirPublicKey(keyCode);
  await ok(request.put(`/api/legacy/heirs/${heir.id}/public-key`, { data: { publicKey } }));
  const sealed = await sealLetter({ body: LETTER, attachments: [] }, publicKey);
  await ok(request.post('/api/legacy/letters', { data: { heirId: heir.id, title: 'For when you are grown', sealed } }), 201);

  const memory = await ok<{ id: number }>(
    request.post('/api/memories', {
      data: {
        title: 'The summer we swam',
        content: 'We swam until the sun went down.',
        eventDate: '2012-07-14',
        isPublic: false,
        tags: [],
      },
    }),
    201,
  );
  const collection = await ok<{ id: number }>(request.post('/api/collections', { data: { title: 'Summers in Cardiff' } }), 201);
  await ok(request.post(`/api/collections/${collection.id}/items`, { data: { memoryIds: [memory.id] } }));
  await ok(request.post('/api/legacy/releases', { data: { heirId: heir.id, collectionId: collection.id, condition: 'after-death' } }), 201);

  // The heir, on a phone with no account, before anything is released: the neutral answer.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const heirPage = await phone.newPage();
  const opened = await heirPage.goto(`/legacy?code=${encodeURIComponent(keyCode)}`);
  expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(heirPage).toHaveURL(/\/legacy$/); // the code from the kit's QR code leaves the address bar at once
  await expect(heirPage.getByLabel('Key code')).toHaveValue(keyCode);
  await heirPage.getByRole('button', { name: 'Open' }).click();
  await expect(heirPage.getByRole('status')).toHaveText('Nothing has been released to this code yet');

  // The first verifier reports; the second's mail links to their personal page, where they confirm.
  const firstMail = await readMail(firstVerifierEmail, '/legacy/verify/');
  await ok(request.post(`/api/legacy/verify/${firstMail.link.split('/').pop()}`));
  const verifierMail = await readMail(verifierEmail, '/legacy/verify/');
  const verifier = await browser.newContext();
  const verifierPage = await verifier.newPage();
  await verifierPage.goto(verifierMail.link);
  await expect(verifierPage).toHaveURL(/\/legacy\/verify$/);
  const ownerName = `${owner.firstName} ${owner.surname}`;
  await expect(verifierPage.getByText(`Confirm only if you know that ${ownerName} has died.`)).toBeVisible();
  await expect(
    verifierPage.getByText(
      `Your confirmation is the last one needed: what ${ownerName} left is handed on to their heirs at once, with no waiting time, and can no longer be cancelled.`,
    ),
  ).toBeVisible();
  await expect(verifierPage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await verifierPage.getByRole('button', { name: `Confirm ${ownerName}'s death` }).click();
  await verifierPage.getByRole('alertdialog').getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(verifierPage.getByText('Your confirmation is recorded.')).toBeVisible();
  await verifier.close();

  // With no waiting time the release follows, and the heir is told by mail (no key code in it).
  const heirMail = await readMail(heirEmail, '/legacy');
  expect(heirMail.text).not.toContain(keyCode);

  // The heir types the code (in small letters, without hyphens) and reads the letter.
  await heirPage.goto(heirMail.link);
  await heirPage.getByLabel('Key code').fill(keyCode.toLowerCase().replace(/-/g, ''));
  await heirPage.getByRole('button', { name: 'Open' }).click();
  await expect(heirPage.getByRole('heading', { level: 1, name: `From ${ownerName}, for Amy Smith` })).toBeVisible();
  const letter = heirPage.getByRole('article', { name: 'For when you are grown' });
  await expect(letter.getByText(LETTER)).toBeVisible();
  expect(await heirPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // What was released, as a small timeline that opens in place.
  const released = heirPage.getByRole('region', { name: 'What was released to you' });
  await released.getByRole('button', { name: 'Summers in Cardiff' }).click();
  await expect(released.getByRole('heading', { name: 'The summer we swam' })).toBeVisible();
  await expect(heirPage.getByRole('link', { name: 'Download everything' })).toHaveAttribute('href', '/api/legacy/received/download');

  // A reload keeps the page (a cookie) but not the code: the sealed letter asks for it again.
  await heirPage.reload();
  await expect(letter.getByText(/enter your key code above to open it/)).toBeVisible();
  await heirPage.getByLabel('Key code for sealed letters').fill(keyCode);
  await heirPage.getByRole('button', { name: 'Open sealed letters' }).click();
  await expect(letter.getByText(LETTER)).toBeVisible();
  expect(await heirPage.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

  // Close: the browser shows nothing any more.
  await heirPage.getByRole('button', { name: 'Close' }).click();
  await expect(heirPage.getByLabel('Key code')).toHaveValue('');
  await heirPage.reload();
  await expect(heirPage.getByLabel('Key code')).toBeVisible();
  await phone.close();
});

test('a rule by relation gives to each grandchild the family tree names, says who cannot receive, and the heir reads "your grandmother"', async ({
  page,
  signIn,
  browser,
}) => {
  const owner = await signIn();
  const request = page.request;
  const run = randomUUID().slice(0, 8);
  // The family, through the tree's own API: the owner, a daughter, and two grandchildren (one with no address).
  const me = await ok<{ id: number }>(request.get('/api/tree/me'));
  await ok(request.patch(`/api/tree/persons/${me.id}`, { data: { sex: 'female' } }));
  const person = async (givenNames: string, sex: 'female' | 'male', email: string | null, birth?: string) => {
    const contact = await ok<{ id: number }>(
      request.post('/api/contacts', { data: { firstName: givenNames, lastName: 'Smith', email, relationship: 'friend' } }),
      201,
    );
    const data = { givenNames, surname: 'Smith', sex, contactId: contact.id, ...(birth ? { birth: { date: birth } } : {}) };
    return ok<{ id: number }>(request.post('/api/tree/persons', { data }), 201);
  };
  const parentOf = (from: number, to: number) => ok(request.post('/api/tree/relations', { data: { kind: 'parent', from, to } }), 201);
  const carol = await person('Carol', 'female', `carol-${run}@example.com`);
  const anna = await person('Anna', 'female', `anna-${run}@example.com`, '2001-05-04');
  const ben = await person('Ben', 'male', null);
  await parentOf(me.id, carol.id);
  await parentOf(carol.id, anna.id);
  await parentOf(carol.id, ben.id);
  await ok(request.post('/api/collections', { data: { title: `Summers ${run}` } }), 201);

  // The owner gives the collection to each grandchild at 18: Anna is older, so hers is released at once.
  await page.goto('/after-life');
  await page.getByRole('button', { name: 'Add by relation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give by relation' });
  await dialog.getByLabel('To').selectOption({ label: 'Each of my grandchildren' });
  await dialog.getByLabel('Collection').selectOption({ label: `Summers ${run}` });
  await dialog.getByLabel('At an age (each on their own birthday)').check();
  await dialog.getByRole('spinbutton', { name: 'Age' }).fill('18');
  await dialog.getByRole('button', { name: 'Add' }).click();
  const named = page.getByRole('list', { name: 'Named by each of your grandchildren' });
  await expect(named.getByText('Ben Smith has no e-mail address yet')).toBeVisible();
  await expect(named.getByRole('listitem').filter({ hasText: 'Anna Smith' })).toContainText('your granddaughter · receives it');

  const [rule] = await ok<Array<{ members: Array<{ name: string; heirId: number | null }> }>>(request.get('/api/legacy/relation-rules'));
  const heirId = rule!.members.find((m) => m.name === 'Anna Smith')!.heirId!;
  const { keyCode } = await ok<{ keyCode: string }>(request.post(`/api/legacy/heirs/${heirId}/key-code`));
  await ok(request.put(`/api/legacy/heirs/${heirId}/public-key`, { data: { publicKey: await heirPublicKey(keyCode) } }));

  // Anna, on a phone: the owner as her own place in the tree names her.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const heirPage = await phone.newPage();
  await expect
    .poll(async () =>
      ((await heirPage.request.post('/api/legacy/open', { data: { keyCode } })).json() as Promise<{ released: boolean }>).then(
        (r) => r.released,
      ),
    )
    .toBe(true);
  await heirPage.goto('/legacy');
  await expect(heirPage.getByText(`${owner.firstName} ${owner.surname} is your grandmother.`)).toBeVisible();
  await phone.close();
});
