import fs from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { normalizeVerifierCode, readVerifierCode } from '../../src/shared/escrow/release-key';
import { heirPublicKey } from '../../src/shared/sealed-letter';
import { seriousFindings } from './axe';
import { expect, test } from './fixtures';

// The release key's ceremony on /after-life (decision 075): a real browser makes the verifier codes, shows them
// once and prints the sheets; no request carries a code, and the sheets' text holds each verifier's code.

async function addContact(request: APIRequestContext, firstName: string) {
  const res = await request.post('/api/contacts', {
    data: { firstName, lastName: 'Smith', email: `${firstName.toLowerCase()}@example.com`, relationship: 'family' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function pagesText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}

test('an owner makes the verifier codes and prints the sheets, and no code leaves the page', async ({ page, signIn }) => {
  await signIn();
  const verifierIds = [
    await addContact(page.request, 'Martha'),
    await addContact(page.request, 'Mickey'),
    await addContact(page.request, 'Donna'),
  ];
  const amy = await addContact(page.request, 'Amy');
  const plan = await page.request.put('/api/legacy/plan', {
    data: { checkInMonths: 6, vetoDays: 7, verifierContactIds: verifierIds, verifiersRequired: 2 },
  });
  expect(plan.status(), await plan.text()).toBe(200);
  const heir = await page.request.post('/api/legacy/heirs', { data: { contactId: amy } });
  expect(heir.status()).toBe(201);
  const heirId = ((await heir.json()) as { id: number }).id;
  const { keyCode } = (await (await page.request.post(`/api/legacy/heirs/${heirId}/key-code`)).json()) as { keyCode: string };
  const lock = await page.request.put(`/api/legacy/heirs/${heirId}/public-key`, { data: { publicKey: await heirPublicKey(keyCode) } });
  expect(lock.status(), await lock.text()).toBe(200);

  const sent: string[] = [];
  page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));

  await page.goto('/after-life');
  await expect(page.getByText(/opens only with the heir’s key code and 2 of the 3 verifiers’ codes/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Sealed copies kept elsewhere' })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
  await page.getByRole('button', { name: 'Make verifier codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Codes for your verifiers' });
  await expect(dialog.getByText(/heirloom does not keep these codes; if they are lost, make new ones/)).toBeVisible();

  // listed in the order of their code numbers, as the sheets are printed
  const items = dialog.getByRole('list', { name: 'Verifier codes' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  const names: string[] = [];
  const codes: string[] = [];
  for (let i = 0; i < 3; i++) {
    const name = (await items.nth(i).getAttribute('aria-label'))!;
    const code = (
      await items
        .nth(i)
        .getByRole('group', { name: `${name}’s verifier code` })
        .locator('span')
        .allTextContents()
    ).join('-');
    const read = readVerifierCode(code);
    expect(read.ok && read.value.number).toBe(i + 1);
    names.push(name);
    codes.push(code);
  }
  expect([...names].sort()).toEqual(['Donna Smith', 'Martha Smith', 'Mickey Smith']);
  expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Print the verifier sheets' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Verifier sheets - Rose Tyler.pdf');
  const pages = await pagesText(new Uint8Array(await fs.readFile(await download.path())));
  expect(pages).toHaveLength(3);
  for (const [i, code] of codes.entries()) {
    expect(pages[i]).toContain(`For ${names[i]}`);
    expect((pages[i]!.match(/\b[0-9A-Z]{5}\b/g) ?? []).join('-')).toContain(code);
  }

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(new RegExp(`^Codes made .* for ${names.join(', ')} \\(key [0-9A-Z]{4}\\)`))).toBeVisible();
  await expect(page.getByText(codes[0]!.split('-')[3]!, { exact: true })).toHaveCount(0);

  // only the public half went out: no request (URL or body) holds a code's share, with or without its hyphens
  expect(sent.some((line) => line.includes('/api/legacy/release-key'))).toBe(true);
  for (const code of codes)
    for (const line of sent) expect(normalizeVerifierCode(line)).not.toContain(normalizeVerifierCode(code).slice(10));
  // with the codes made, Amy's sealed copy can be taken home on a USB stick
  const usb = page.getByRole('list', { name: 'Copies for a USB stick' }).getByRole('listitem').filter({ hasText: 'Amy Smith' });
  const [copy] = await Promise.all([page.waitForEvent('download'), usb.getByRole('link', { name: /^Download for a USB stick/ }).click()]);
  const bundle = await fs.readFile(await copy.path());
  expect(bundle.subarray(0, 25).toString('latin1')).toBe('HEIRLOOM ESCROW BUNDLE 1\n');
  expect(bundle.toString('latin1')).not.toContain('Amy');

  const stored = await page.evaluate(() => [localStorage, sessionStorage].flatMap((s) => Object.values(s)).join(' '));
  for (const code of codes) expect(normalizeVerifierCode(stored)).not.toContain(normalizeVerifierCode(code).slice(10));
});
