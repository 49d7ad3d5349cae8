import type { Locator, Page } from '@playwright/test';
import { seriousFindings } from './axe';
import { expect, test } from './fixtures';

// The family tree on a phone (issue 30): four generations built through the person pages, seen in the tree as
// the owner would say them, moved about with the keyboard, printed as a poster.
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

type Added = { given: string; surname: string; sex: 'Female' | 'Male'; born: string; died?: string };

async function addRelative(page: Page, button: string, person: Added) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Given names').fill(person.given);
  await dialog.getByLabel('Surname', { exact: true }).fill(person.surname);
  await dialog.getByLabel('Sex').selectOption({ label: person.sex });
  await dialog.getByLabel('Born').fill(person.born);
  if (person.died) {
    await dialog.getByLabel('Has died').check();
    await dialog.getByLabel('Died', { exact: true }).fill(person.died);
  }
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The layer's CSS transform, as numbers: [scale, translateX, translateY]. */
async function transformOf(layer: Locator) {
  return layer.evaluate((element) => {
    const m = new DOMMatrix(getComputedStyle(element).transform);
    return [m.a, m.e, m.f];
  });
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('on a phone the owner builds four generations, sees them named as relatives, moves about the tree and opens a person', async ({
  page,
  signIn,
  toasts,
}) => {
  await signIn(); // Rose Tyler

  await page.goto('/family');
  await page.getByRole('link', { name: 'Family tree' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your family tree' })).toBeVisible();
  const tree = page.getByRole('region', { name: 'Family tree' });
  await expect(tree.getByRole('link', { name: /^Rose Tyler, you/ })).toBeVisible();
  await expectNoSideScroll(page);

  // the owner's own page: a mother and a daughter
  await page.getByRole('link', { name: 'Open your card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rose Tyler' })).toBeVisible();
  await expect(page.getByText('This is you')).toBeVisible();
  await page.getByRole('button', { name: 'Add a parent' }).click();
  await expect(page.getByRole('dialog').getByLabel('Given names')).toBeVisible();
  expect(await seriousFindings(page), 'axe with the add dialog open').toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await addRelative(page, 'Add a parent', { given: 'Jackie', surname: 'Tyler', sex: 'Female', born: 'c. 1955' });
  await toasts.expectShown('Jackie Tyler added');
  await addRelative(page, 'Add a child', { given: 'Lily', surname: 'Tyler', sex: 'Female', born: '2010-06-01' });
  await toasts.expectShown('Lily Tyler added');
  await addRelative(page, 'Add a brother or sister', { given: 'Tony', surname: 'Tyler', sex: 'Male', born: '1987' });
  await toasts.expectShown('Tony Tyler added');
  await expectNoSideScroll(page);
  const parents = page.getByRole('region', { name: 'Parents' });
  await expect(parents.getByRole('link', { name: /Jackie Tyler/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Children' }).getByRole('link', { name: /Lily Tyler/ })).toBeVisible();

  // the mother's page: her mother, the grandmother
  await parents.getByRole('link', { name: /Jackie Tyler/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jackie Tyler' })).toBeVisible();
  await expect(page.getByText('your mother', { exact: true })).toBeVisible();
  await addRelative(page, 'Add a parent', { given: 'Margaret', surname: 'Martin', sex: 'Female', born: '1928', died: '1999' });
  await toasts.expectShown('Margaret Martin added');

  // a refused link shows the tree's own words: Rose cannot be her own grandmother's mother
  await page
    .getByRole('region', { name: 'Parents' })
    .getByRole('link', { name: /Margaret Martin/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Margaret Martin' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a parent' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByText('Someone in the tree').click();
  await dialog.getByLabel('Find by name').fill('Rose');
  await dialog.getByRole('radio', { name: /Rose Tyler/ }).check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByRole('alert')).not.toHaveText('The relative could not be added.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // the tree: every card says what the person is to the owner
  await page.getByRole('link', { name: 'Back to the tree' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your family tree' })).toBeVisible();
  await expect(tree.getByRole('link', { name: 'Jackie Tyler, your mother, c. 1955–' })).toBeVisible();
  await expect(tree.getByRole('link', { name: 'Margaret Martin, your grandmother, 1928–1999' })).toBeAttached();
  await expect(tree.getByRole('link', { name: 'Lily Tyler, your daughter, 2010–' })).toBeAttached();
  await expect(tree.getByRole('link', { name: /^Tony Tyler, your (half-)?brother, 1987–$/ })).toBeAttached();
  await expectNoSideScroll(page);
  expect(await seriousFindings(page), 'axe on the tree').toEqual([]);

  // keys: arrows move, + zooms in, 0 goes back to the start
  const layer = page.getByTestId('tree-layer');
  await tree.focus();
  const start = await transformOf(layer);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => transformOf(layer)).not.toEqual(start);
  const moved = await transformOf(layer);
  expect(moved[1]).toBeLessThan(start[1]!);
  await page.keyboard.press('+');
  await expect.poll(async () => (await transformOf(layer))[0]).toBeGreaterThan(start[0]!);
  await page.keyboard.press('0');
  await expect.poll(() => transformOf(layer)).toEqual(start);
  // touch: two fingers apart zoom in, one finger drags (pointer events, as a phone's browser sends them)
  await tree.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const send = (type: string, pointerId: number, clientX: number) =>
      element.dispatchEvent(
        new PointerEvent(type, { pointerId, pointerType: 'touch', isPrimary: pointerId === 1, clientX, clientY: y, bubbles: true }),
      );
    send('pointerdown', 1, x - 20);
    send('pointerdown', 2, x + 20);
    for (let i = 1; i <= 5; i++) {
      send('pointermove', 1, x - 20 - i * 4);
      send('pointermove', 2, x + 20 + i * 4);
    }
    send('pointerup', 1, x - 40);
    send('pointerup', 2, x + 40);
  });
  const pinched = await transformOf(layer);
  expect(pinched[0]).toBeCloseTo(start[0]! * 2, 1);
  await tree.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const send = (type: string, clientX: number) =>
      element.dispatchEvent(
        new PointerEvent(type, { pointerId: 3, pointerType: 'touch', isPrimary: true, clientX, clientY: y, bubbles: true }),
      );
    send('pointerdown', x);
    for (let i = 1; i <= 10; i++) send('pointermove', x + i * 6);
    send('pointerup', x + 60);
  });
  const dragged = await transformOf(layer);
  expect(dragged[1]! - pinched[1]!).toBeCloseTo(60, 0);
  await page.keyboard.press('0');
  await expect.poll(() => transformOf(layer)).toEqual(start);

  // Tab reaches the cards; the one focused comes into view
  await page.keyboard.press('Tab');
  await expect(tree.getByRole('link').first()).toBeFocused();

  // the grandmother's page, reached from her card: how she is related, step by step
  await tree.getByRole('link', { name: /^Margaret Martin/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Margaret Martin' })).toBeVisible();
  await expect(page.getByText('your grandmother', { exact: true })).toBeVisible();
  await expect(page.getByText('1928–1999')).toBeVisible();
  await page.getByRole('button', { name: 'How?' }).click();
  const how = page.getByRole('list', { name: 'How you are related' });
  await expect(how.getByRole('link', { name: /Jackie Tyler/ })).toBeVisible();
  await expectNoSideScroll(page);
  expect(await seriousFindings(page), 'axe on a person page').toEqual([]);

  // centred on her, the tree has her at its middle and her descendants below
  await page.getByRole('link', { name: 'Centre the tree on them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Family tree of Margaret Martin' })).toBeVisible();
  await expect(tree.getByRole('link', { name: /^Margaret Martin/ })).toBeVisible();

  // printing draws every card in the poster, and nothing of the app around it
  await page.emulateMedia({ media: 'print' });
  const poster = page.locator('[data-tree-poster]');
  await expect(poster).toBeVisible();
  await expect(poster.getByText('Lily Tyler')).toBeAttached();
  await expect(page.getByRole('region', { name: 'Family tree' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(poster).toHaveCount(0);

  // a grandmother deleted leaves the tree
  await tree.getByRole('link', { name: /^Margaret Martin/ }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your family tree' })).toBeVisible();
  await expect(tree.getByRole('link', { name: /Margaret Martin/ })).toHaveCount(0);
});

test('a family contact opens the tree centred on their person', async ({ page, signIn }) => {
  await signIn();
  const contact = await page.request.post('/api/contacts', {
    data: { firstName: 'Jackie', lastName: 'Tyler', relationship: 'family', familyRelation: 'Mother' },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const { id: contactId } = (await contact.json()) as { id: number };
  // the contact's person: made by the API for a contact named as a relation, or here by hand when it is not
  const found = async () => {
    const list = (await (await page.request.get(`/api/tree/persons?contactId=${contactId}`)).json()) as { items: { id: number }[] };
    return list.items[0]?.id;
  };
  if ((await found()) === undefined) {
    const made = await page.request.post('/api/tree/persons', {
      data: { givenNames: 'Jackie', surname: 'Tyler', sex: 'female', contactId },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  await page.goto('/family');
  await page.getByRole('article', { name: 'Jackie Tyler' }).getByRole('link', { name: 'Show in the tree' }).click();
  await expect(page).toHaveURL(/\/family\/tree\?contact=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Family tree of Jackie Tyler' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Family tree' }).getByRole('link', { name: /^Jackie Tyler/ })).toBeVisible();
});
