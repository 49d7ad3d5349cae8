import { expect, readMail, test } from './fixtures';

test('a user adds a family member and a friend, edits one and deletes one', async ({ page, signIn, toasts }) => {
  await signIn();

  await page.goto('/family');
  await expect(page.getByRole('heading', { level: 1, name: 'Family Members' })).toBeVisible();
  await expect(page.getByText('No contacts added yet')).toBeVisible();

  // Add a family member with a relation.
  await page.getByRole('button', { name: 'Add Family Member' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill('Jackie');
  await dialog.getByLabel('Last Name').fill('Tyler');
  await dialog.getByLabel('Email').fill('jackie@example.com');
  await dialog.getByLabel('Phone Number').fill('+44 20 7946 0001');
  const relation = dialog.getByRole('combobox', { name: 'Relationship' });
  await expect(relation).toHaveText('Select relationship type');
  await relation.click();
  await expect(page.getByRole('group', { name: 'Immediate Family' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'In-Law Relationships' }).getByRole('option')).toHaveCount(6);
  await page.getByRole('option', { name: 'Mother', exact: true }).click();
  await dialog.getByLabel('Birthday').fill('1950-03-05');
  await dialog.getByLabel('Address').fill('Powell Estate, London');
  await dialog.getByLabel('Notes').fill('Makes the best tea.');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();

  await toasts.expectShown('Contact added successfully');
  await expect(page.getByText('Your new contact has been created.', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  const card = page.getByRole('article', { name: 'Jackie Tyler' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Mother', { exact: true })).toBeVisible();
  await expect(card.getByText('jackie@example.com')).toBeVisible();
  await expect(card.getByText('+44 20 7946 0001')).toBeVisible();
  await expect(card.getByText('Powell Estate, London')).toBeVisible();
  await expect(card.getByText('March 5, 1950')).toBeVisible();
  await expect(card.getByText('Makes the best tea.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Linked' })).toHaveCount(0);

  // Edit it: the dialog is prefilled; clearing a field removes it.
  await card.getByRole('button', { name: 'Edit contact' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('First Name')).toHaveValue('Jackie');
  await expect(dialog.getByLabel('Birthday')).toHaveValue('1950-03-05');
  await expect(dialog.getByRole('combobox', { name: 'Relationship' })).toHaveText('Mother');
  await dialog.getByLabel('Phone Number').fill('');
  await dialog.getByLabel('Notes').fill('Makes the best tea. And chips.');
  await dialog.getByRole('button', { name: 'Update Contact' }).click();
  await toasts.expectShown('Contact updated successfully');
  await expect(page.getByText('Your contact has been updated.', { exact: true })).toBeVisible();
  await expect(card.getByText('Makes the best tea. And chips.')).toBeVisible();
  await expect(card.getByText('+44 20 7946 0001')).toHaveCount(0);

  // A friend: no Relationship field, listed on /friends only.
  await page.goto('/friends');
  await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
  await expect(page.getByText('No contacts added yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Friend' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Relationship' })).toHaveCount(0);
  await dialog.getByLabel('First Name').fill('Mickey');
  await dialog.getByLabel('Last Name').fill('Smith');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill('');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await toasts.expectShown('Contact added successfully');
  const friend = page.getByRole('article', { name: 'Mickey Smith' });
  await expect(friend).toBeVisible();
  await expect(page.getByRole('article', { name: 'Jackie Tyler' })).toHaveCount(0);

  // Delete the friend.
  await friend.getByRole('button', { name: 'Delete contact' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Contact deleted', { exact: true })).toBeVisible();
  await toasts.expectShown('The contact has been removed.');
  await expect(page.getByText('No contacts added yet')).toBeVisible();

  // The family member is still there after a reload.
  await page.goto('/family');
  await expect(page.getByRole('article', { name: 'Jackie Tyler' })).toBeVisible();
});

test('a contact is shown as Linked once both people have each other as contacts and their addresses are verified', async ({
  page,
  signIn,
  browser,
}) => {
  const me = await signIn();
  /** Opens the verification link heirloom mailed to `email` (links rest on proven addresses). */
  const verify = async (request: typeof page.request, email: string) => {
    const token = new URL((await readMail(email, '/verify-email')).link, 'http://x').searchParams.get('token');
    expect((await request.post('/api/email/verify', { data: { token } })).status()).toBe(200);
  };
  await verify(page.request, me.email);

  // Another registered person who has me as a contact.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherEmail = `e2e-other-${Date.now()}@example.com`;
  const password = 'Bad-Wolf-2005!';
  expect(
    (
      await other.request.post('/api/register', {
        data: { firstName: 'Donna', surname: 'Noble', email: otherEmail, dateOfBirth: '1970-01-01', password, confirmPassword: password },
      })
    ).status(),
  ).toBe(201);
  expect((await other.request.post('/api/login', { data: { email: otherEmail, password } })).ok()).toBeTruthy();
  await verify(other.request, otherEmail);
  expect(
    (
      await other.request.post('/api/contacts', {
        data: { firstName: me.firstName, lastName: me.surname, relationship: 'friend', email: me.email },
      })
    ).status(),
  ).toBe(201);
  await other.close();

  await page.goto('/friends');
  await page.getByRole('button', { name: 'Add Friend' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill('Donna');
  await dialog.getByLabel('Last Name').fill('Noble');
  await dialog.getByLabel('Email').fill(otherEmail);
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  const card = page.getByRole('article', { name: 'Donna Noble' });
  await expect(card.getByRole('button', { name: 'Linked' })).toBeDisabled();
});
