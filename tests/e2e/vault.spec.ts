import { expect, test } from './fixtures';

const CONTENT = 'Deed of the family house.\n'.repeat(80); // 2,080 bytes → '2.03 KB'

test('a user uploads a document, downloads it and deletes it', async ({ page, signIn, toasts }) => {
  await signIn();
  await page.goto('/vault');
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Vault' })).toBeVisible();
  await expect(page.getByText('0 Bytes of 100MB used')).toBeVisible();
  await expect(page.getByText('No files yet')).toBeVisible();
  await expect(page.getByText('Upload your first document to the vault')).toBeVisible();

  // spec §5: nothing picked
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(page.getByText('Please select a file', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select a file to upload', { exact: true })).toBeVisible();

  // spec §5: too large is refused before anything is sent
  let posted = false;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/vault')) posted = true;
  });
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(15 * 1024 * 1024 + 1) });
  await expect(page.getByText('File size must not exceed 15MB')).toBeVisible();
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(page.getByText('File size must not exceed 15MB')).toBeVisible();
  expect(posted).toBe(false);

  const name = 'House "deed" – Übersicht 🏡.txt';
  await page.getByLabel('File', { exact: true }).setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(CONTENT) });
  await page.getByLabel('Description').fill('Signed in 1987');
  await expect(page.getByLabel('Description')).toHaveAttribute('placeholder', 'Add a description for this file...');
  await page.getByRole('button', { name: 'Upload File' }).click();

  await toasts.expectShown('File uploaded successfully');
  const item = page.getByRole('listitem', { name });
  await expect(item).toBeVisible();
  await expect(item.getByText('Signed in 1987')).toBeVisible();
  await expect(item.getByText('2.03 KB')).toBeVisible();
  await expect(item.getByText(/^Uploaded [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByText('2.03 KB of 100MB used')).toBeVisible();
  await expect(page.getByText('No files yet')).toHaveCount(0);
  await expect(page.getByLabel('Description')).toHaveValue('');

  // Download opens the file in a new tab; a text file arrives as a download with its own name.
  const link = item.getByRole('link', { name: 'Download' });
  await expect(link).toHaveAttribute('target', '_blank');
  // Chromium reports a download from a new tab on the opener and closes the empty tab
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  // the UTF-8 name (filename*) is used, not the ASCII fallback; Chromium itself turns '"' into '_' on disk
  expect(download.suggestedFilename()).toBe('House _deed_ – Übersicht 🏡.txt');
  const saved = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(saved, 'utf8')).toBe(CONTENT);

  // Delete through the confirm dialog: Cancel keeps it, Delete removes it.
  await item.getByRole('button', { name: 'Delete file' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete File' });
  await expect(
    dialog.getByText(
      'Are you sure you want to delete this file? This action cannot be undone and the file will be permanently removed from the vault.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: 'Delete file' }).click();
  await page.getByRole('alertdialog', { name: 'Delete File' }).getByRole('button', { name: 'Delete' }).click();
  await toasts.expectShown('File deleted successfully');
  await expect(page.getByText('No files yet')).toBeVisible();
  await expect(page.getByText('0 Bytes of 100MB used')).toBeVisible();
});

// the PDF viewer is part of the whole browser, not of the headless shell the other tests run in
test('a PDF opens inline in a new tab', { tag: '@full-browser' }, async ({ page, signIn, toasts }) => {
  await signIn();
  await page.goto('/vault');
  const pdf = onePagePdf('Heirloom test PDF');
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'will.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Upload File' }).click();
  await toasts.expectShown('File uploaded successfully');

  const link = page.getByRole('listitem', { name: 'will.pdf' }).getByRole('link', { name: 'Download' });
  const responseEvent = page.context().waitForEvent('response', (res) => /\/api\/vault\/\d+$/.test(res.url()));
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  const response = await responseEvent;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^inline; /);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/api\/vault\/\d+$/);
  // Chromium's PDF viewer lives in child frames; a page blocked by its CSP would have none
  await expect.poll(() => popup.frames().length).toBeGreaterThan(1);
});

/** A valid one-page PDF with a line of text (offsets in the xref table must be exact). */
function onePagePdf(text: string) {
  const content = `BT /F1 24 Tf 30 70 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
