// Google Photos Takeout (decision 029), from a generated two-part fixture shaped like Google's: dates, places
// and descriptions come from the sidecars only where the photo's own EXIF lacks them, the album becomes a
// collection, edited copies and second copies are skipped, a damaged video is refused with its reason, and a
// real video comes into the gallery with its sidecar's date (decision 038).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { TAKEN, takeoutFixture, takeoutSidecar, zipOf, type TakeoutFixture } from '@tests/helpers/takeout-fixture';
import { makeVideo } from '@tests/helpers/video-fixture';
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

  it('brings a video in beside the photos, dated by its sidecar, and prepares it to play', async () => {
    const { cookie } = await signUp(t.app);
    const clip = fs.readFileSync(await makeVideo('hevc-mov', { seconds: 1, size: '160x120' }));
    const year = 'Takeout/Google Photos/Photos from 2016';
    const archive = await zipOf([
      [`${year}/IMG_0100.MOV`, clip],
      [
        `${year}/IMG_0100.MOV.supplemental-metadata.json`,
        takeoutSidecar({ title: 'IMG_0100.MOV', taken: TAKEN.d, description: 'First steps' }),
      ],
    ]);
    const job = await importArchives(t, cookie, [archive]);
    expect(job.report!.imported.photos).toBe(1);
    expect(job.report!.refused.count).toBe(0);
    const [video] = await photosOf(cookie);
    expect(video).toMatchObject({
      mediaType: 'video',
      fileName: 'IMG_0100.MOV',
      description: 'First steps',
      dateTaken: new Date(TAKEN.d * 1000).toISOString(),
      video: { durationMs: 1000 },
    });
    for (let i = 0; i < 300; i++) {
      const now = (await t.app.inject({ method: 'GET', url: `/api/photos/${video!.id}`, headers: { cookie } })).json() as Photo;
      if (now.video?.playback === 'ready' && now.derivativeStatus === 'ready') return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the imported video never became playable');
  });

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
    expect(report.refused).toEqual({
      count: 1,
      items: [{ path: fixture.expect.videos[0], reason: 'This file holds no video that can be read' }],
    });
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
