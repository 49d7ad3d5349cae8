// Text read from an archive passes the rules text from requests passes (issue 25): a NUL character or a
// broken surrogate in heirloom.json, in a Takeout sidecar or in a file's name is removed, with a report line,
// and the import ends done; a Takeout field of another type or an impossible date is left out for its photo
// only. Before, one such character failed the whole import (and the error it raised stopped the server).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '@shared/schemas/transfers';
import type { Photo } from '@shared/schemas/photos';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { jpeg, zipOf } from '@tests/helpers/takeout-fixture';
import { importArchives } from './import-helpers';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const CLEANED = (n: number) =>
  `${n === 1 ? 'One text field' : `${n} text fields`} held characters heirloom cannot store (the NUL character or a broken ` +
  'character); they were removed and the rest was imported.';
const AT = '2024-01-02T03:04:05.000Z';

/** An heirloom export written by hand: NUL in a memory, a photo, a contact, a collection and file names. */
async function heirloomArchive() {
  const [one, two] = [await jpeg(41), await jpeg(42)];
  const file = (path: string, fileName: string, data: Buffer) => ({
    path,
    fileName,
    mimeType: 'image/jpeg',
    size: data.length,
    sha256: sha(data),
  });
  const photo = { title: null, description: null, location: null, cameraInfo: null, tags: [], width: null, height: null, uploadedAt: AT };
  const previews = { thumbnail: null, display: null };
  const metadata = {
    format: 'heirloom-export',
    version: 1,
    exportedAt: AT,
    scope: 'account',
    title: 'Our fam\u0000ily',
    includesPlaces: true,
    owner: {
      firstName: 'A',
      surname: 'B',
      email: null,
      dateOfBirth: null,
      cityOfBirth: null,
      address: null,
      mobileNumber: null,
      profilePicture: null,
    },
    photos: [
      {
        ...file('originals/photos/sun\u0000set.jpg', 'sun\u0000set.jpg', one),
        ...photo,
        id: 1,
        title: 'Sun\u0000set',
        description: 'At du\u0000sk \ud800',
        location: 'Pa\u0000ris',
        tags: ['t\u0000ag'],
        dateTaken: '2019-07-04T13:30:00Z',
        memoryId: 1,
        previews,
      },
      // a date the gallery cannot hold is left out; the photo comes in
      { ...file('originals/photos/old.jpg', 'old.jpg', two), ...photo, id: 2, dateTaken: '0000-01-01T00:00:00Z', memoryId: null, previews },
    ],
    memories: [
      {
        id: 1,
        title: 'a\u0000b',
        content: 'c\u0000d',
        eventDate: '2019-07-04',
        location: null,
        tags: [],
        createdAt: AT,
        updatedAt: AT,
        markdown: 'memories/a.md',
        attachments: [],
      },
    ],
    documents: [],
    contacts: [
      {
        id: 1,
        firstName: 'Ad\u0000a',
        lastName: 'Lovelace',
        email: null,
        phoneNumber: null,
        address: null,
        birthday: null,
        relationship: 'family',
        familyRelation: null,
        notes: 'Loved\u0000 numbers',
      },
    ],
    collections: [
      {
        id: 1,
        title: 'Be\u0000st',
        description: null,
        coverPhotoId: 1,
        createdAt: AT,
        items: [
          { kind: 'photo', id: 1 },
          { kind: 'memory', id: 1 },
        ],
      },
    ],
  };
  return zipOf([
    ['heirloom.json', Buffer.from(JSON.stringify(metadata))],
    ['originals/photos/sun\u0000set.jpg', one],
    ['originals/photos/old.jpg', two],
    ['memories/a.md', Buffer.from('# ab\n')],
  ]);
}

describe('odd text and odd fields in imported files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = async <T>(cookie: string, url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json() as T;
  const refusedOf = (job: ImportJob) => [...job.report!.refused.items].sort((a, b) => a.path.localeCompare(b.path));

  async function expectServerUp(cookie: string) {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/imports', headers: { cookie } })).statusCode).toBe(200);
  }

  it('imports an heirloom export with NUL in every kind of text, removing the NUL and saying so', async () => {
    const { cookie } = await signUp(t.app);
    const job = await importArchives(t, cookie, [await heirloomArchive()]);
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    expect(job.report?.imported).toEqual({ photos: 2, memories: 1, attachments: 0, documents: 0, contacts: 1, collections: 1 });
    // the archive's title; a photo's path, file name, title, description, place and tag; a memory's title and
    // text; a contact's name and notes; a collection's title
    expect(refusedOf(job)).toEqual([
      { path: 'heirloom.json', reason: CLEANED(12) },
      {
        path: 'originals/photos/old.jpg',
        reason: 'Not used (the photo was imported without it): the date taken is not a date between 1900 and today.',
      },
      {
        path: 'originals/photos/sunset.jpg',
        reason: 'This file name held characters heirloom cannot store; they were removed from the name.',
      },
    ]);

    const [memory] = await get<Array<{ id: number; title: string; content: string }>>(cookie, '/api/memories');
    // an archive from before precisions (decision 067): its memories' dates are days, its photos' dates exact
    expect(memory).toMatchObject({ title: 'ab', content: 'cd', eventDatePrecision: 'day', eventDateMargin: null });
    const photos = await get<Photo[]>(cookie, '/api/photos');
    expect(photos.find((p) => p.fileName === 'sunset.jpg')).toMatchObject({
      title: 'Sunset',
      description: 'At dusk \ufffd',
      location: 'Paris',
      tags: ['tag'],
      memoryId: memory!.id,
      dateTaken: '2019-07-04T13:30:00.000Z',
      dateTakenPrecision: 'exact',
    });
    expect(photos.find((p) => p.fileName === 'old.jpg')).toMatchObject({ dateTaken: null, dateTakenPrecision: null });
    const [contact] = await get<Array<{ firstName: string; notes: string }>>(cookie, '/api/contacts');
    expect(contact).toMatchObject({ firstName: 'Ada', notes: 'Loved numbers' });
    const [collection] = await get<Array<{ title: string }>>(cookie, '/api/collections');
    expect(collection?.title).toBe('Best');
    await expectServerUp(cookie);
  });

  it('imports every photo of a Takeout whose sidecars hold NUL, wrong types and impossible dates', async () => {
    const year = 'Takeout/Google Photos/Photos from 2019';
    const album = 'Takeout/Google Photos/Trip\u0000 2020';
    const sidecar = (o: object) => Buffer.from(JSON.stringify(o));
    const year100000 = Date.UTC(100_000, 0, 1) / 1000;
    const archive = await zipOf([
      [`${year}/A.jpg`, await jpeg(51)],
      [`${year}/A.jpg.json`, sidecar({ title: 'a\u0000b' })],
      [`${year}/B.jpg`, await jpeg(52)],
      [`${year}/B.jpg.json`, sidecar({ title: 12345 })],
      [`${year}/C.jpg`, await jpeg(53)],
      [`${year}/C.jpg.json`, sidecar({ description: ['x'] })],
      [`${year}/D.jpg`, await jpeg(54)],
      [`${year}/D.jpg.json`, sidecar({ photoTakenTime: { timestamp: '1e20' } })],
      [`${year}/E.jpg`, await jpeg(55)],
      [`${year}/E.jpg.json`, sidecar({ title: 'Kept', photoTakenTime: { timestamp: String(year100000) } })],
      [`${album}/metadata.json`, sidecar({ title: { text: 'Trip' }, description: 'By the sea' })],
      [`${album}/F.jpg`, await jpeg(56)],
    ]);
    const { cookie } = await signUp(t.app);
    const job = await importArchives(t, cookie, [archive]);
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    expect(job.report?.imported).toMatchObject({ photos: 6, collections: 1 });
    const notUsed = (what: string) => `Not used (the photo was imported without it): ${what}.`;
    const cleanAlbum = 'Takeout/Google Photos/Trip 2020';
    expect(refusedOf(job)).toEqual([
      { path: `${year}/A.jpg.json`, reason: CLEANED(1) },
      { path: `${year}/B.jpg.json`, reason: notUsed('the title is not text') },
      { path: `${year}/C.jpg.json`, reason: notUsed('the description is not text') },
      { path: `${year}/D.jpg.json`, reason: notUsed('the date taken is not a date between 1900 and today') },
      { path: `${year}/E.jpg.json`, reason: notUsed('the date taken is not a date between 1900 and today') },
      {
        path: `${cleanAlbum}/metadata.json`,
        reason: 'This file name (and 1 more) held characters heirloom cannot store; they were removed from the name.',
      },
      { path: `${cleanAlbum}/metadata.json`, reason: 'Not used (the album was imported without it): the title is not text.' },
    ]);

    const photos = new Map((await get<Photo[]>(cookie, '/api/photos')).map((p) => [p.fileName, p]));
    expect([...photos.keys()].sort()).toEqual(['A.jpg', 'B.jpg', 'C.jpg', 'D.jpg', 'E.jpg', 'F.jpg']);
    expect(photos.get('A.jpg')?.title).toBe('ab');
    expect(photos.get('B.jpg')).toMatchObject({ title: null, description: null });
    expect(photos.get('E.jpg')).toMatchObject({ title: 'Kept', dateTaken: null });
    const collections = await get<Array<{ title: string; description: string | null }>>(cookie, '/api/collections');
    expect(collections.map((c) => [c.title, c.description])).toEqual([['Trip 2020', 'By the sea']]);
    await expectServerUp(cookie);
  });
});
