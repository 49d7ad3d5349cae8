import { expect, test } from './fixtures';

test.describe('Search from the header', () => {
  test('Ctrl+K opens it, the accent-less name finds the contact, and Enter opens the first result', async ({ page, signIn }) => {
    await signIn();
    const memory = await page.request.post('/api/memories', {
      data: { title: 'Picnic with José', content: 'Lemonade by the lake.', eventDate: '1990-07-04', isPublic: false, tags: ['summer'] },
    });
    expect(memory.status(), await memory.text()).toBe(201);
    const memoryId = ((await memory.json()) as { id: number }).id;
    const contact = await page.request.post('/api/contacts', { data: { firstName: 'José', lastName: 'Álvarez', relationship: 'friend' } });
    expect(contact.status(), await contact.text()).toBe(201);

    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Search' })).toBeVisible(); // the header's search has loaded
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: /search memories/i });
    await expect(box).toBeFocused();
    await box.fill('jos');

    const results = page.getByRole('listbox', { name: 'Search results' });
    await expect(results.getByRole('group', { name: 'Memories' }).getByRole('option')).toHaveText(/Picnic with José/);
    const friend = results.getByRole('group', { name: 'Contacts' }).getByRole('option');
    await expect(friend).toHaveText('José Álvarez');
    // The matched word is marked, from the server's ranges.
    await expect(friend.locator('mark')).toHaveText('José');

    await box.press('Enter');
    await expect(page).toHaveURL(`/memories?memory=${memoryId}`);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('on a phone an icon button opens a full-width dialog, and a click opens the contact', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    const contact = await page.request.post('/api/contacts', {
      data: { firstName: 'Ingrid', lastName: 'Søndergaard', relationship: 'family', notes: 'Taught me to sail' },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    const contactId = ((await contact.json()) as { id: number }).id;

    await page.goto('/story');
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog');
    // Full width once its opening animation (a zoom) has ended.
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(390);
    await page.getByRole('combobox', { name: /search memories/i }).fill('sail');
    const option = page.getByRole('option', { name: /Ingrid Søndergaard/ });
    await expect(option.locator('mark')).toHaveText('sail');
    await option.click();
    await expect(page).toHaveURL(`/family?contact=${contactId}`);
  });

  test('says when nothing is found', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: /search memories/i }).fill('xylophone');
    await expect(page.getByText('Nothing found.')).toBeVisible();
  });
});
