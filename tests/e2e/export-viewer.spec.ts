import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import type { HeirloomExport } from '@shared/export-format';
import sharp from 'sharp';
import { readZip } from '../helpers/zip';
import { seriousFindings } from './axe';
import { expect, test } from './fixtures';
import { offlinePage } from './offline-page';

// Issue 14: the exported index.html opened from disk (file://) in Chromium with the network cut off shows
// the timeline, a memory with its photo and its recording, a document and a contact, and the console stays
// clean. The archive is a real export of a real account, made by the server under test; the people in a photo
// are added to its data as an account export writes them.

const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#386641' } })
    .jpeg()
    .toBuffer();

/** A mono 16-bit PCM WAV, a quarter second of tone: the smallest audio every browser plays. */
function wav(seconds = 0.25, rate = 8000) {
  const samples = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVE', 8);
  out.write('fmt ', 12);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(Math.sin(i / 5) * 8000), 44 + i * 2);
  return out;
}

/** Fills an account through the API, exports it, and unpacks the archive into a fresh folder. */
async function exportedArchive(page: Page): Promise<string> {
  const request = page.request;
  const photo = await request.post('/api/photos', {
    multipart: { photo: { name: 'garden.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  expect(photo.status(), await photo.text()).toBe(201);
  const { id: photoId } = (await photo.json()) as { id: number };
  const patched = await request.patch(`/api/photos/${photoId}`, {
    data: { title: 'The vegetable garden', dateTaken: '2011-05-02T10:30:00+02:00' },
  });
  expect(patched.ok(), await patched.text()).toBeTruthy();

  const earlier = await request.post('/api/photos', {
    multipart: { photo: { name: 'shed.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  expect(earlier.status(), await earlier.text()).toBe(201);
  const { id: earlierId } = (await earlier.json()) as { id: number };
  const dated = await request.patch(`/api/photos/${earlierId}`, {
    data: { title: 'The old shed', dateTaken: '2009-08-15T16:00:00+01:00' },
  });
  expect(dated.ok(), await dated.text()).toBeTruthy();

  const memory = await request.post('/api/memories', {
    data: {
      title: 'Planting the beans',
      // markup in the text must be shown as written, never run
      content: 'Grandpa showed us how deep.\nHe said <b>two fingers</b>, no more.',
      eventDate: '2011-05-02',
      isPublic: false,
      tags: ['garden'],
      location: 'Allotment 12',
    },
  });
  expect(memory.status(), await memory.text()).toBe(201);
  const { id: memoryId } = (await memory.json()) as { id: number };
  const attached = await request.post(`/api/memories/${memoryId}/attachments`, {
    multipart: { attachments: { name: 'beans.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  expect(attached.ok(), await attached.text()).toBeTruthy();
  // an iPhone picture: browsers cannot show HEIC, so the archive carries a JPEG copy the viewer shows instead
  const heic = await request.post(`/api/memories/${memoryId}/attachments`, {
    multipart: {
      attachments: { name: 'seedlings.heic', mimeType: 'image/heic', buffer: await fs.readFile('tests/fixtures/files/tiny.heic') },
    },
  });
  expect(heic.ok(), await heic.text()).toBeTruthy();
  const recorded = await request.post(`/api/memories/${memoryId}/attachments`, {
    multipart: { attachments: { name: 'grandpa.wav', mimeType: 'audio/wav', buffer: wav() } },
  });
  expect(recorded.ok(), await recorded.text()).toBeTruthy();

  const doc = await request.post('/api/vault', {
    multipart: {
      file: { name: 'allotment-lease.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      description: 'The lease for plot 12',
      memoryId: String(memoryId),
    },
  });
  expect(doc.status(), await doc.text()).toBe(201);
  const contact = await request.post('/api/contacts', {
    data: {
      firstName: 'Albert',
      lastName: 'Noble',
      relationship: 'family',
      familyRelation: 'Grandfather',
      phoneNumber: '+44 20 7946 0000',
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);

  const collection = await request.post('/api/collections', { data: { title: 'The allotment', description: 'Every spring.' } });
  expect(collection.status(), await collection.text()).toBe(201);
  const { id: collectionId } = (await collection.json()) as { id: number };
  const added = await request.post(`/api/collections/${collectionId}/items`, { data: { photoIds: [photoId], memoryIds: [memoryId] } });
  expect(added.ok(), await added.text()).toBeTruthy();

  const portrait = await request.post('/api/user/profile-picture', {
    multipart: { profilePicture: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  expect(portrait.ok(), await portrait.text()).toBeTruthy();

  const started = await request.post('/api/exports');
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: number };
  await expect
    .poll(async () => ((await (await request.get(`/api/exports/${id}`)).json()) as { status: string }).status, {
      message: 'the export is ready',
      timeout: 60_000,
      intervals: [250, 500, 1000],
    })
    .toBe('ready');
  const download = await request.get(`/api/exports/${id}/download`);
  expect(download.status()).toBe(200);

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'heirloom-viewer-'));
  for (const [name, bytes] of await readZip(await download.body())) {
    if (name.endsWith('/')) continue;
    const target = path.join(dir, name);
    expect(target.startsWith(dir + path.sep), name).toBe(true);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, bytes);
  }
  return dir;
}

/** Every <img> on the page has loaded a real picture (a broken one has naturalWidth 0). */
async function expectImagesLoaded(page: Page, scope = 'main') {
  const images = page.locator(`${scope} img`);
  await expect(images.first()).toBeVisible();
  await expect
    .poll(() =>
      images.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
    )
    .not.toContain(false);
}

/** axe on the screen as it is: serious and critical findings fail (soft, so every screen is checked). */
async function expectAccessible(page: Page, screen: string) {
  expect.soft(await seriousFindings(page), `axe on ${screen}`).toEqual([]);
}

let archiveDir = '';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const user = { firstName: 'Rose', surname: 'Noble', email: `e2e-viewer-${Date.now()}@example.com`, password: 'Bad-Wolf-2005!' };
  const reg = await page.request.post('/api/register', { data: { ...user, dateOfBirth: '1980-04-01', confirmPassword: user.password } });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  archiveDir = await exportedArchive(page);
  await context.close();
  await withPeople(archiveDir);
});

/**
 * The people in the garden photo, as an account export writes them (the server's export of them is proven by
 * the import round trip): Albert's face, named by his contact, and a stranger the owner hid.
 */
async function withPeople(dir: string) {
  const data = JSON.parse(await fs.readFile(path.join(dir, 'heirloom.json'), 'utf8')) as HeirloomExport;
  const albert = data.contacts.find((c) => c.firstName === 'Albert')!;
  data.people = [
    { id: 1, name: 'Grandpa Albert', contactId: albert.id, hidden: false, onThisDay: true },
    { id: 2, name: 'A stranger', contactId: null, hidden: true, onThisDay: true },
  ];
  data.photos.find((p) => p.title === 'The vegetable garden')!.faces = [
    { box: { x: 0.3, y: 0.2, width: 0.25, height: 0.35 }, personId: 1, source: 'manual' },
    { box: { x: 0.7, y: 0.1, width: 0.1, height: 0.15 }, personId: 2, source: 'detected' },
  ];
  await fs.writeFile(path.join(dir, 'viewer', 'data.js'), `window.HEIRLOOM_EXPORT = ${JSON.stringify(data)};`);
}

test.afterAll(async () => {
  if (archiveDir) await fs.rm(archiveDir, { recursive: true, force: true });
});

for (const [name, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['a phone', { width: 360, height: 740 }],
] as const) {
  test(`the exported archive opens from disk with no network on ${name}`, async ({ browser }) => {
    const { context, page, leaks, errors } = await offlinePage(browser, viewport);
    const index = pathToFileURL(path.join(archiveDir, 'index.html')).href;
    await page.goto(index);

    // the header says whose archive this is and that it needs nothing else
    await expect(page.getByText('Rose Noble', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/needs no internet/)).toBeVisible();
    await expectImagesLoaded(page, 'header'); // the owner's portrait

    // the timeline: the memory and the photo under May 2011
    await expect(page.getByRole('heading', { level: 1, name: 'Life timeline' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2011', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Planting the beans' })).toBeVisible();
    await expectImagesLoaded(page);
    await expectAccessible(page, 'the timeline');

    // the memory: its text as written, its picture loaded, its recording playable, its document linked
    await page.getByRole('link', { name: 'Planting the beans' }).click();
    await expect(page).toHaveURL(/#\/memories\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Planting the beans' })).toBeVisible();
    await expect(page.getByText('He said <b>two fingers</b>, no more.')).toBeVisible();
    await expect(page.getByText('Allotment 12')).toBeVisible();
    await expectImagesLoaded(page);
    await expect(page.locator('main img')).toHaveCount(2); // beans.jpg and the HEIC's copy
    await expect(page.getByRole('img', { name: 'seedlings.heic' })).toHaveAttribute('src', /^viewer\/previews\//);
    const audio = page.locator('main audio');
    await expect(audio).toHaveCount(1);
    await expect(audio).toHaveAttribute('controls', '');
    // metadata read from the file itself: the recording is there and the policy lets the browser play it
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('link', { name: 'allotment-lease.pdf' })).toBeVisible();
    await expectAccessible(page, 'a memory');

    // back and forward work on file://
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Life timeline' })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Planting the beans' })).toBeVisible();

    // photos: the grid, then the viewer with the full picture; Escape goes back to the grid
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Photos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
    await expectImagesLoaded(page);
    await page.getByRole('link', { name: /^The vegetable garden/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The vegetable garden' })).toBeVisible();
    await expectImagesLoaded(page);
    await expectAccessible(page, 'the photo viewer');
    // who is in it: the names (never a hidden person's), a face's box over the picture on hover, a person's photos
    await expect(page.getByText('In this photo: Grandpa Albert', { exact: true })).toBeVisible();
    await page.locator('main figure img').hover();
    await expect(page.locator('.face-box')).toHaveCount(1);
    await expect(page.locator('.face-box')).toHaveCSS('opacity', '1');
    await page.getByRole('link', { name: 'Grandpa Albert' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Grandpa Albert' })).toBeVisible();
    await expect(page.getByText('Grandfather · 1 photo')).toBeVisible();
    await expectImagesLoaded(page);
    await expectAccessible(page, 'a person’s photos');
    await expect(page.getByRole('link', { name: /^The vegetable garden/ })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'The vegetable garden' })).toBeVisible();
    // the arrow keys step to the next photo (older) and back; Escape closes the viewer
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('heading', { level: 1, name: 'The old shed' })).toBeVisible();
    await expectImagesLoaded(page);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('heading', { level: 1, name: 'The vegetable garden' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
    // a photo opened straight from its address (a bookmark), even after stepping to the next one, closes to
    // the grid, never out of the archive
    const photoHref = await page.getByRole('link', { name: /^The old shed/ }).getAttribute('href');
    await page.goto('about:blank');
    await page.goto(`${index}${photoHref}`);
    await expect(page.getByRole('heading', { level: 1, name: 'The old shed' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('heading', { level: 1, name: 'The vegetable garden' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
    expect(page.url()).toBe(`${index}#/photos`);

    // the document opens its original; the file is in the archive
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Documents' }).click();
    await expect(page.getByText('The lease for plot 12')).toBeVisible();
    const open = page.getByRole('link', { name: 'Open allotment-lease.pdf' });
    await expect(open).toBeVisible();
    const href = await open.evaluate((a: HTMLAnchorElement) => a.href);
    expect(href.startsWith('file:')).toBe(true);
    expect((await fs.readFile(new URL(href))).toString()).toBe('%PDF-1.4\n%%EOF\n');
    await expectAccessible(page, 'the documents');

    // the contact, and who is in the photos
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'People' }).click();
    await expect(page.getByRole('region', { name: 'In the photos' }).getByRole('link')).toHaveText(['Grandpa Albert']);
    await expect(page.getByRole('heading', { name: 'Albert Noble' })).toBeVisible();
    await expect(page.getByText('Grandfather')).toBeVisible();
    await expect(page.getByText('+44 20 7946 0000')).toBeVisible();
    await expectAccessible(page, 'the people');

    // the collection and what it gathers
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Collections' }).click();
    await page.getByRole('link', { name: 'The allotment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The allotment' })).toBeVisible();
    await expect(page.getByText('Every spring.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Planting the beans' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^The vegetable garden/ })).toBeVisible();
    await expectImagesLoaded(page);
    await expectAccessible(page, 'a collection');

    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    expect(leaks).toEqual([]);
    await context.close();
  });
}

test('the archive opened in a German browser speaks German, and its language menu switches it', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(pathToFileURL(path.join(archiveDir, 'index.html')).href);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Lebenszeitleiste' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Bereiche' }).getByRole('link', { name: 'Fotos' })).toBeVisible();
    await expect(page.getByText(/braucht weder Internet/)).toBeVisible();
    await expect(page.getByText('Mai 2011').first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Frise d’une vie' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  } finally {
    await context.close();
  }
});

test('a library of 100,000 photos opens at once: months are filled in only as they scroll near', async ({ browser }) => {
  // the real archive, its heirloom.json multiplied: one photo a day for 100,000 days, all pointing at the real files
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'heirloom-viewer-big-'));
  await fs.cp(archiveDir, dir, { recursive: true });
  const data = JSON.parse(await fs.readFile(path.join(dir, 'heirloom.json'), 'utf8')) as { photos: Record<string, unknown>[] };
  const sample = data.photos[0]!;
  const day = 86_400_000;
  const start = Date.UTC(2025, 0, 1);
  data.photos = Array.from({ length: 100_000 }, (_, i) => ({
    ...sample,
    id: i + 1,
    title: `Photo ${i + 1}`,
    memoryId: null,
    dateTaken: new Date(start - (i % 20_000) * day).toISOString(),
  }));
  await fs.writeFile(path.join(dir, 'viewer', 'data.js'), `window.HEIRLOOM_EXPORT = ${JSON.stringify(data)};`);

  const { context, page, errors } = await offlinePage(browser, { width: 1280, height: 800 });
  try {
    await page.goto(pathToFileURL(path.join(dir, 'index.html')).href + '#/photos');
    await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
    await expect(page.getByText('100,000 photos')).toBeVisible();
    // every month has its heading, but only the months near the screen hold pictures
    const shown = await page.locator('main img').count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(2_000);
    // the last month, 55 years down, is filled in once it is scrolled to
    const lastMonth = page.locator('main section').last();
    await expect(lastMonth.locator('img')).toHaveCount(0);
    await lastMonth.scrollIntoViewIfNeeded();
    await expect(lastMonth.locator('img').first()).toBeVisible();
    expect(await page.locator('main img').count()).toBeLessThan(4_000);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});
