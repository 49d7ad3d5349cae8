import sharp from 'sharp';
import { expect, test } from './fixtures';

const TITLE = 'Our wedding day';
const CONTENT = "Michael and I got married at St. Mary's Church in Boston on June 12, 1976.\nIt rained all afternoon.";

test('a user creates, edits, tags with AI and deletes a memory', async ({ page, signIn, toasts }) => {
  await signIn();
  await page.goto('/memories');
  await expect(page.getByRole('heading', { level: 1, name: 'My Memories' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Story' })).toHaveAttribute('href', '/story');
  await expect(page.getByText('Create Your First Memory')).toBeVisible();

  // Create, with two tags and a queued picture
  await page.getByRole('button', { name: 'Add Memory' }).click();
  const form = page.getByRole('form', { name: 'Create New Memory' });
  await expect(page.getByRole('heading', { name: 'Create New Memory' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Get AI suggestions' })).toBeDisabled(); // no content yet

  await form.getByRole('button', { name: 'Save Memory' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Content is required')).toBeVisible();

  await form.getByLabel('Title').fill(TITLE);
  await form.getByRole('textbox', { name: 'Content' }).fill(CONTENT);
  await form.getByLabel('Date').fill('1976-06-12');
  await form.getByLabel('Location').fill('Boston');
  await form.getByRole('textbox', { name: 'Tags' }).fill('  Family  ');
  await form.getByRole('textbox', { name: 'Tags' }).press('Enter');
  await form.getByRole('textbox', { name: 'Tags' }).fill('family'); // already there: not added twice
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await form.getByRole('textbox', { name: 'Tags' }).fill('1970s');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Family', '1970s']);

  await form.getByRole('tab', { name: 'Attachments' }).click();
  await form.getByLabel('Attachment files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(form.getByRole('alert')).toContainText('notes.txt: File type must be one of image/jpeg');
  const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 180, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  await form.getByLabel('Attachment files').setInputFiles({ name: 'church.png', mimeType: 'image/png', buffer: picture });
  await expect(form.getByRole('list', { name: 'Selected files' })).toContainText('church.png');
  // a new memory's files are queued and go up with the save: no upload button that could not work yet
  await expect(form.getByText('Files you add here are uploaded when you save the memory.', { exact: false })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Upload Files' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Save Memory' }).click();

  await expect(page.getByText('Attachments Uploaded', { exact: true })).toBeVisible();
  await toasts.expectShown('1 attachment(s) uploaded successfully.');
  await expect(page.getByRole('heading', { name: 'Create New Memory' })).toHaveCount(0);
  const card = page.getByRole('article', { name: TITLE });
  await expect(card.getByText('June 12, 1976', { exact: true })).toBeVisible();
  await expect(card.getByText('Location: Boston', { exact: true })).toBeVisible();
  await expect(card.getByText(/It rained all afternoon/)).toBeVisible();
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Family', '1970s']);
  const image = card.getByRole('img', { name: 'church.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);

  // Edit it, and accept a tag the built-in AI suggests
  await card.getByRole('button', { name: `Edit memory ${TITLE}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Memory' });
  await expect(edit.getByLabel('Title')).toHaveValue(TITLE);
  await expect(edit.getByRole('textbox', { name: 'Content' })).toHaveValue(CONTENT);
  await edit.getByLabel('Title').fill('Our wedding day in Boston');

  await edit.getByRole('button', { name: 'Get AI suggestions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Memory Suggestions' });
  await expect(dialog.getByRole('list', { name: 'Suggested tags' })).toContainText('Wedding');
  await expect(dialog.getByRole('listitem').filter({ hasText: /^Family$/ })).toHaveCount(0); // never suggests a tag it has
  await dialog.getByRole('button', { name: 'Dismiss tag Michael' }).click();
  await expect(dialog.getByText('Michael')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Accept tag Wedding' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Suggestion has been applied to your memory.', { exact: true })).toBeVisible();
  await expect(edit.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Family', '1970s', 'Wedding']);

  await edit.getByRole('tab', { name: 'Attachments' }).click();
  await expect(edit.getByRole('list', { name: 'Existing attachments' })).toContainText('church.png');
  // a saved memory takes files at once
  await edit.getByLabel('Attachment files').setInputFiles({ name: 'organ.png', mimeType: 'image/png', buffer: picture });
  await edit.getByRole('button', { name: 'Upload Files' }).click();
  await expect(edit.getByRole('list', { name: 'Existing attachments' })).toContainText('organ.png');

  await edit.getByRole('button', { name: 'Update Memory' }).click();
  await expect(page.getByText('Memory Updated', { exact: true })).toBeVisible();
  await toasts.expectShown('Your memory has been updated successfully.');
  const updated = page.getByRole('article', { name: 'Our wedding day in Boston' });
  await expect(updated.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Family', '1970s', 'Wedding']);
  await expect(updated.getByRole('img', { name: 'church.png' })).toBeVisible();

  // Delete it, after confirming
  await updated.getByRole('button', { name: 'Delete memory Our wedding day in Boston' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this memory?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Memory Deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('Create Your First Memory')).toBeVisible();
});

test('the improve button proposes tidied text that the user can accept', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/memories');
  await page.getByRole('button', { name: 'Create Memory' }).click();
  const form = page.getByRole('form', { name: 'Create New Memory' });
  await form.getByRole('textbox', { name: 'Content' }).fill('we went to the lake every summer .dad rowed the boat,and i fed the ducks');
  await form.getByRole('button', { name: 'Improve with AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Proposed text' });
  await expect(dialog.getByLabel('Proposed content')).toHaveText(
    'We went to the lake every summer. Dad rowed the boat, and I fed the ducks.',
  );
  await expect(dialog).toContainText('You mention your dad.');
  await dialog.getByRole('button', { name: 'Use this text' }).click();
  await expect(form.getByRole('textbox', { name: 'Content' })).toHaveValue(
    'We went to the lake every summer. Dad rowed the boat, and I fed the ducks.',
  );

  // spec §5: AI analysis needs a title too
  await form.getByRole('button', { name: 'Get AI suggestions' }).click();
  await expect(page.getByText('Missing content', { exact: true })).toBeVisible();
  await expect(page.getByText('Please provide both a title and content for the memory.', { exact: true })).toBeVisible();
});

test('a user links a vault document to a memory and applies suggested details', async ({ page, signIn }) => {
  await signIn();
  const vault = await page.request.post('/api/vault', {
    multipart: { file: { name: 'Marriage certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') } },
  });
  expect(vault.status(), await vault.text()).toBe(201);
  const today = new Date();
  const created = await page.request.post('/api/memories', {
    data: {
      title: 'Our wedding day',
      content: 'Michael and I got married in Boston on June 12, 1976.',
      eventDate: `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`,
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/memories');
  const card = page.getByRole('article', { name: 'Our wedding day' });
  await card.getByRole('button', { name: 'Edit memory Our wedding day' }).click();
  const edit = page.getByRole('form', { name: 'Edit Memory' });
  await edit.getByRole('tab', { name: 'Attachments' }).click();
  await expect(edit.getByText('No attachments for this memory', { exact: true })).toBeVisible();
  await edit.getByRole('button', { name: 'Link from Photos or Vault' }).click();
  const picker = page.getByRole('dialog', { name: 'Link photos and documents' });
  await picker.getByLabel('Marriage certificate.pdf').check();
  await picker.getByRole('button', { name: 'Link selected (1)' }).click();
  await expect(page.getByText('1 item(s) linked to this memory.', { exact: true })).toBeVisible();
  const existing = edit.getByRole('list', { name: 'Existing attachments' });
  await expect(existing).toContainText('Marriage certificate.pdf');
  await expect(existing).toContainText('From your vault');
  await expect(card.getByRole('link', { name: /Marriage certificate\.pdf/ })).toHaveAttribute('href', /^\/api\/vault\/\d+$/);

  // Unlinking keeps the document in the vault
  await existing.getByRole('button', { name: 'Unlink attachment Marriage certificate.pdf' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete (or unlink) this attachment?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('Attachment removed', { exact: true })).toBeVisible();
  await expect(edit.getByText('No attachments for this memory', { exact: true })).toBeVisible();
  expect((await (await page.request.get('/api/vault')).json()).length).toBe(1);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The story says where and when: apply those details from the suggestions
  await page.getByRole('button', { name: /Details to add/ }).click();
  await expect(page.getByText('is missing tags, a location, its real date.')).toBeVisible();
  await page.getByRole('button', { name: 'Apply suggestions to Our wedding day' }).click();
  await expect(page.getByText('Memory Updated', { exact: true })).toBeVisible();
  await expect(card.getByText('June 12, 1976', { exact: true })).toBeVisible();
  await expect(card.getByText('Location: Boston', { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Tags' })).toContainText('Wedding');

  // …and browse by place
  await page.getByRole('button', { name: 'Browse your memories' }).click();
  await page.getByRole('button', { name: 'Boston (1)' }).click();
  await expect(page.getByText('Showing Boston (1)')).toBeVisible();
});
