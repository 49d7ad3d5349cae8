import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { normalizeVerifierCode, readVerifierCode } from '../../src/shared/escrow/release-key';
import type { EscrowStatus } from '../../src/shared/schemas/escrow';
import { heirPublicKey, sealLetter } from '../../src/shared/sealed-letter';
import { S3_TEST_KEYS, startLocalS3 } from '../helpers/s3';
import { seriousFindings } from './axe';
import { expect, test } from './fixtures';
import { offlinePage } from './offline-page';

// Issue 32's whole journey with no heirloom reachable: the owner names an heir and 2-of-3 verifiers, makes the
// verifier codes in the browser and prints their sheets (the codes are read back from the PDF, and no request
// carries one — decision 075), heirloom writes the heir's sealed copy into a bucket on a local S3 server, and the
// heir takes the copy and the opener straight from the bucket and opens them from file:// with the network cut,
// typing the key code and two codes from the sheets; the same copy also downloads for a USB stick. No code is
// found in the server's database files or its mail. The opener's refusals (one code, another heir's key code, a
// changed byte) are proven on a copy of the same format in escrow-opener.spec.ts.

const MEMORY = {
  title: 'The summer of the flood',
  content: 'The water reached the second step and we rowed to school.',
  eventDate: '1962-07-14',
};
const PHOTO_TITLE = 'The walnut tree in March';
const LETTER = 'My dear Amy, the walnut tree is yours to look after now.';

async function addContact(request: APIRequestContext, firstName: string) {
  const res = await request.post('/api/contacts', {
    data: { firstName, lastName: 'Smith', email: `${firstName.toLowerCase()}@example.com`, relationship: 'family' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function created<T>(request: APIRequestContext, url: string, options: Parameters<APIRequestContext['post']>[1]): Promise<T> {
  const res = await request.post(url, options);
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Every file under `root` (the server's database files with their write-ahead log, its outbox) holding a needle. */
async function filesHolding(root: string, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const name of await fs.readdir(root, { recursive: true })) {
    const file = path.join(root, name);
    const bytes = await fs.readFile(file).catch(() => null); // a folder, or a file gone since
    if (bytes && needles.some((needle) => bytes.includes(needle))) found.push(name);
  }
  return found;
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

test('an heir opens the sealed copy from the bucket with the key code and two verifier sheets, with no heirloom reachable', async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const s3 = await startLocalS3();
  const bucket = (await s3.newBucket()).S3_BUCKET!;
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_KEYS });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'escrow-journey-'));
  try {
    await signIn();
    const request = page.request;
    const verifierIds = [await addContact(request, 'Martha'), await addContact(request, 'Mickey'), await addContact(request, 'Donna')];
    const plan = await request.put('/api/legacy/plan', {
      data: { checkInMonths: 6, vetoDays: 7, verifierContactIds: verifierIds, verifiersRequired: 2 },
    });
    expect(plan.status(), await plan.text()).toBe(200);
    const heir = await created<{ id: number }>(request, '/api/legacy/heirs', { data: { contactId: await addContact(request, 'Amy') } });
    const { keyCode } = await created<{ keyCode: string }>(request, `/api/legacy/heirs/${heir.id}/key-code`, {});
    const key = await request.put(`/api/legacy/heirs/${heir.id}/public-key`, { data: { publicKey: await heirPublicKey(keyCode) } });
    expect(key.status(), await key.text()).toBe(200);

    // what Amy will receive after the release: a photo, a memory and a letter sealed to her key code
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 140, g: 90, b: 40 } } })
      .jpeg()
      .toBuffer();
    const photo = await created<{ id: number }>(request, '/api/photos', {
      multipart: { photo: { name: 'walnut.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
    });
    const titled = await request.patch(`/api/photos/${photo.id}`, { data: { title: PHOTO_TITLE } });
    expect(titled.status(), await titled.text()).toBe(200);
    const memory = await created<{ id: number }>(request, '/api/memories', { data: MEMORY });
    await created(request, '/api/legacy/releases', { data: { heirId: heir.id, photoId: photo.id } });
    await created(request, '/api/legacy/releases', { data: { heirId: heir.id, memoryId: memory.id } });
    const sealed = await sealLetter({ body: LETTER, attachments: [] }, await heirPublicKey(keyCode));
    await created(request, '/api/legacy/letters', { data: { heirId: heir.id, title: 'For Amy', sealed } });

    // the ceremony, in the browser
    const sent: string[] = [];
    page.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`));
    await page.goto('/after-life');
    await page.getByRole('button', { name: 'Make verifier codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Codes for your verifiers' });
    await expect(dialog.getByRole('list', { name: 'Verifier codes' }).getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByText(/heirloom does not keep these codes; if they are lost, make new ones/)).toBeVisible();
    expect(await seriousFindings(page, '[role="dialog"]'), 'axe on the codes').toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Print the verifier sheets' }).click(),
    ]);
    const sheets = await pagesText(new Uint8Array(await fs.readFile(await download.path())));
    expect(sheets).toHaveLength(3);
    // each sheet's code: nine groups of five, the first group being the key's id
    const codes = sheets.map((text) => {
      const groups = text.match(/\b[0-9A-Z]{5}\b/g) ?? [];
      const start = groups.findIndex((_, i) => readVerifierCode(groups.slice(i, i + 9).join('-')).ok);
      expect(start, text).toBeGreaterThanOrEqual(0);
      return groups.slice(start, start + 9).join('-');
    });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    expect(await seriousFindings(page), 'axe on After Life').toEqual([]);
    // only the public half went out, and nothing of the codes is kept in the browser
    expect(sent.some((line) => line.includes('/api/legacy/release-key'))).toBe(true);
    const stored = await page.evaluate(() => [localStorage, sessionStorage].flatMap((s) => Object.values(s)).join(' '));
    for (const code of codes)
      for (const line of [...sent, stored]) expect(normalizeVerifierCode(line)).not.toContain(normalizeVerifierCode(code).slice(10));

    // with the codes made, Amy's copy can be taken home on a USB stick, under a name that says nobody's
    const usb = page.getByRole('list', { name: 'Copies for a USB stick' }).getByRole('listitem').filter({ hasText: 'Amy Smith' });
    const [usbCopy] = await Promise.all([
      page.waitForEvent('download'),
      usb.getByRole('link', { name: /^Download for a USB stick/ }).click(),
    ]);
    const usbBytes = await fs.readFile(await usbCopy.path());
    expect(usbBytes.subarray(0, 25).toString('latin1')).toBe('HEIRLOOM ESCROW BUNDLE 1\n');
    // her whole name (three letters turn up by chance in a few hundred KB of ciphertext) and the letter's words
    for (const plain of ['Amy Smith', LETTER]) expect(usbBytes.toString('latin1')).not.toContain(plain);

    // the sealed copies, written into the bucket from After Life
    const target = await request.put('/api/legacy/escrow', {
      data: {
        target: { kind: 's3', endpoint: s3.endpoint, bucket, region: 'us-east-1', prefix: 'rose', ...S3_TEST_KEYS, forcePathStyle: true },
      },
    });
    expect(target.status(), await target.text()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Make the copies now' }).click();
    let status: EscrowStatus | undefined;
    await expect
      .poll(
        async () => {
          status = (await (await request.get('/api/legacy/escrow/status')).json()) as EscrowStatus;
          return !status.running && status.bundles.length;
        },
        { timeout: 60_000 },
      )
      .toBe(1);
    expect(status!.error).toBeNull();

    // no verifier code reached the server: not in its database (tables and write-ahead log) nor in its mail; the
    // memory's text, which the server does keep, is found the same way
    const dataDir = process.env.E2E_DATA_DIR!;
    expect(await filesHolding(path.join(dataDir, 'db'), [MEMORY.content])).not.toEqual([]);
    const needles = codes.flatMap((code) => [code, normalizeVerifierCode(code)]);
    for (const folder of ['db', 'outbox']) expect(await filesHolding(path.join(dataDir, folder), needles), folder).toEqual([]);

    // the heir's side: both files straight from the bucket, none of heirloom's addresses
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    const keys = (listed.Contents ?? []).map((o) => o.Key!);
    const fetchObject = async (name: string, to: string) => {
      const body = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
      await fs.writeFile(to, await body.Body!.transformToByteArray());
    };
    const copy = path.join(dir, 'copy.heirloom-escrow');
    const opener = path.join(dir, 'open-heirloom-bundle.html');
    await fetchObject(status!.bundles[0]!.objectKey, copy);
    await fetchObject(
      keys.find((k) => k.endsWith('open-heirloom-bundle.html'))!,
      opener,
    );

    const { context, page: heirPage, leaks, errors } = await offlinePage(browser, { width: 375, height: 740 });
    await heirPage.goto(pathToFileURL(opener).href);
    await heirPage.getByLabel('The sealed copy').setInputFiles(copy);
    await expect(heirPage.getByText('It opens with your key code and 2 of the 3 verifiers’ codes.')).toBeVisible();
    await heirPage.getByLabel('Your key code').fill(keyCode);
    await heirPage.getByLabel('Verifier code 1', { exact: true }).fill(codes[2]!);
    await heirPage.getByLabel('Verifier code 2', { exact: true }).fill(codes[0]!);
    await heirPage.getByRole('button', { name: 'Open the copy' }).click();
    await expect(heirPage.getByText('The copy is open, in this browser only.')).toBeVisible();
    await expect(heirPage.getByText(LETTER)).toBeVisible();
    await expect(heirPage.getByText(MEMORY.content)).toBeVisible();
    await heirPage.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Photos' }).click();
    const picture = heirPage.getByRole('img', { name: PHOTO_TITLE }).first();
    await expect.poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    expect(await seriousFindings(heirPage), 'axe on the opened copy').toEqual([]);
    expect(leaks).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    client.destroy();
    await s3.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});
