// Google Photos Takeout (decision 029), from a generated two-part fixture shaped like Google's: dates, places
// and descriptions come from the sidecars only where the photo's own EXIF lacks them, the album becomes a
// collection, edited copies and second copies are skipped, and the video is refused with its reason.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { TAKEN, takeoutFixture, type TakeoutFixture } from '@tests/helpers/takeout-fixture';
import { importArchives, waitForImport } from './import-helpers';

describe('Google Photos Takeout import', () => {
  let t: TestApp;
  let fixture: TakeoutFixture;
  let importDir: string;

  beforeAll(async () => {
    importDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-import-dir-'));
    t = await buildTestApp({ HEIRLOOM_IMPORT_DIR: importDir });
    fixture = await takeoutFixture();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(importDir, { recursive: true, force: true });
  });

  const photosOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie } })).json() as Photo[];

  it('imports both parts as one library: metadata from sidecars, the album as a collection', async () => {
    const { cookie } = await signUp(t.app);
    const job = await importArchives(t, cookie, fixture.parts);
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    const report = job.report!;
    expect(report.format).toBe('google-takeout');
    expect(report.imported).toEqual({
      photos: fixture.expect.photos,
      memories: 0,
      attachments: 0,
      documents: 0,
      contacts: 0,
      collections: 1,
    });
    // the edited copy, the same bytes under another name, and the album's copy of a year-folder photo
    expect(report.skipped.count).toBe(3);
    expect(report.skipped.items.map((i) => i.path).sort()).toEqual([
      'Takeout/Google Photos/Photos from 2019/IMG_0001 copy.JPG',
      'Takeout/Google Photos/Photos from 2019/IMG_0001-edited.JPG',
      'Takeout/Google Photos/Summer trip/IMG_0005.jpg',
    ]);
    expect(report.refused).toEqual({ count: 1, items: [{ path: fixture.expect.videos[0], reason: 'heirloom does not keep videos yet.' }] });
    expect(job.progress.itemsDone).toBe(job.progress.itemsTotal);

    const photos = await photosOf(cookie);
    expect(photos).toHaveLength(fixture.expect.photos);
    const byName = new Map(photos.map((p) => [p.fileName, p]));
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
    // the older sidecar name: date, place and description from it
    expect(byName.get('IMG_0001.JPG')).toMatchObject({
      dateTaken: iso(TAKEN.a),
      location: '48.858400, 2.294500',
      description: 'New year in Paris',
    });
    // its own EXIF date and GPS win over the newer sidecar's
    const own = byName.get('IMG_0002.jpg')!;
    expect(own.dateTaken?.startsWith('2018-05-0')).toBe(true);
    expect(own.location).toBe('10.000000, 20.000000');
    // Google's cut sidecar name, a "(1)" copy, and a sidecar in the other part than its photo
    expect(byName.get('IMG_20190101_123456789_HDR.jpg')?.dateTaken).toBe(iso(TAKEN.c));
    expect(byName.get('IMG(1).jpg')?.dateTaken).toBe(iso(TAKEN.d));
    expect(byName.get('IMG_0007.jpg')).toMatchObject({ dateTaken: iso(TAKEN.b), title: 'Beach' });
    // a title that is only the file name is not made a title; no place from a 0,0 sidecar
    expect(byName.get('IMG_0005.jpg')).toMatchObject({ title: null, location: null, dateTaken: iso(TAKEN.e) });

    const collections = (await t.app.inject({ method: 'GET', url: '/api/collections', headers: { cookie } })).json() as Array<{
      id: number;
      title: string;
      description: string | null;
    }>;
    expect(collections.map((c) => [c.title, c.description])).toEqual([['Summer trip', 'Sea and sun']]);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/collections/${collections[0]!.id}`, headers: { cookie } })).json() as {
      photos: Photo[];
    };
    expect(detail.photos.map((p) => p.fileName).sort()).toEqual(['IMG_0005.jpg', 'IMG_0006.jpg']);
  });

  it('skips every photo the second time the same Takeout is imported', async () => {
    const { cookie } = await signUp(t.app);
    await importArchives(t, cookie, fixture.parts);
    const again = await importArchives(t, cookie, fixture.parts);
    expect(again.status).toBe('done');
    expect(again.report?.imported.photos).toBe(0);
    expect(again.report?.skipped.count).toBe(fixture.expect.photos + 3);
    expect(await photosOf(cookie)).toHaveLength(fixture.expect.photos);
  });

  it('imports the same Takeout unpacked in HEIRLOOM_IMPORT_DIR, and lists it', async () => {
    const folder = path.join(importDir, 'takeout-unpacked');
    const { readZip } = await import('@tests/helpers/zip');
    for (const part of fixture.parts) {
      for (const [name, data] of await readZip(part)) {
        fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
        fs.writeFileSync(path.join(folder, name), data);
      }
    }
    fs.writeFileSync(path.join(importDir, 'part-1.zip'), fixture.parts[0]!);
    fs.symlinkSync('/etc', path.join(importDir, 'a-link'));
    const { cookie } = await signUp(t.app);
    const listed = await t.app.inject({ method: 'GET', url: '/api/imports/server-files', headers: { cookie } });
    expect(listed.json()).toEqual({
      enabled: true,
      files: [
        { name: 'part-1.zip', size: fixture.parts[0]!.length, isFolder: false },
        { name: 'takeout-unpacked', size: 0, isFolder: true },
      ],
    });
    for (const bad of ['../etc', 'a-link', 'takeout-unpacked/Takeout', 'missing.zip']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/imports', headers: { cookie }, payload: { serverFiles: [bad] } });
      expect(res.statusCode, bad).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { cookie },
      payload: { serverFiles: ['takeout-unpacked'] },
    });
    expect(res.statusCode).toBe(202);
    const job = await waitForImport(t, cookie, res.json().id);
    expect(job.status).toBe('done');
    expect(job.report?.imported.photos).toBe(fixture.expect.photos);
    // what the server offered stays where it is
    expect(fs.existsSync(path.join(folder, 'Takeout'))).toBe(true);
  });

  it('refuses an unpacked folder holding a symbolic link, and adds nothing', async () => {
    const folder = path.join(importDir, 'with-link');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'IMG_1.jpg'), fixture.parts[0]!.subarray(0, 10));
    fs.symlinkSync('/etc/passwd', path.join(folder, 'IMG_2.jpg'));
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/imports', headers: { cookie }, payload: { serverFiles: ['with-link'] } });
    const job = await waitForImport(t, cookie, res.json().id);
    expect(job.status).toBe('failed');
    expect(job.error).toContain('IMG_2.jpg');
    expect(job.error).toContain('symbolic link');
    expect(await photosOf(cookie)).toEqual([]);
  });
});
