// A video in the archives readers download (decision 054): a share link's "Download all" and an heir's
// "Download everything" carry it as "Export everything" does — described as a video with its length, with
// its thumbnail, its poster and, for an original browsers cannot all play, its playable copy. Without places
// the file itself is the playable copy (no container metadata), still with its poster.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heirloomExportSchema, type ExportPhoto } from '@shared/export-format';
import type { Photo } from '@shared/schemas/photos';
import type { SharedCollection } from '@shared/schemas/sharing';
import { addHeir, addRelease, newKeyCode, openWith, release } from '@server/features/legacy/legacy.test-world';
import { idOf, postAs, signUp, buildTestApp, type TestApp } from '@tests/helpers/server';
import { makeVideo, uploadVideo } from '@tests/helpers/video-fixture';
import { readZip } from '@tests/helpers/zip';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const isJpeg = (bytes: Buffer | undefined) => bytes?.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
const isMp4 = (bytes: Buffer | undefined) => bytes?.subarray(4, 8).toString('latin1') === 'ftyp';

describe('a video in a shared link’s and an heir’s archive', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let mov: Buffer;
  let collectionId: number;
  let photoId: number;

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** The archive at `url`: its files and the record of its one video. */
  async function archiveAt(url: string, cookie?: string) {
    const res = await get(url, cookie);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await readZip(res.rawPayload);
    const doc = heirloomExportSchema.parse(JSON.parse(zip.get('heirloom.json')!.toString('utf8')));
    expect(doc.photos).toHaveLength(1);
    return { zip, video: doc.photos[0]! };
  }

  function expectPosterAndThumbnail(zip: Map<string, Buffer>, video: ExportPhoto) {
    expect(video).toMatchObject({ mediaType: 'video' });
    expect(video.durationMs).toBeGreaterThanOrEqual(900);
    expect(zip.get(video.previews.thumbnail!)!.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(video.previews.display).toMatch(/^viewer\/previews\/.*\.poster\.jpg$/);
    expect(isJpeg(zip.get(video.previews.display!))).toBe(true);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signUp(t.app, { firstName: 'Ada', surname: 'Lovelace' });
    // a MOV: browsers do not all play it, so it is given a playable MP4 copy
    mov = fs.readFileSync(await makeVideo('h264-mov', { seconds: 1 }));
    const uploaded = await uploadVideo(base, owner.cookie, mov, 'IMG_0042.MOV');
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    photoId = ((await uploaded.json()) as Photo).id;
    for (let i = 0; ; i++) {
      const photo = (await get(`/api/photos/${photoId}`, owner.cookie)).json() as Photo;
      if (photo.video?.playback !== 'preparing' && photo.derivativeStatus !== 'pending') break;
      if (i > 600) throw new Error('the video was never made playable');
      await new Promise((r) => setTimeout(r, 50));
    }
    collectionId = idOf(await postAs(t, owner.cookie, '/api/collections', { title: 'Holidays' }));
    await postAs(t, owner.cookie, `/api/collections/${collectionId}/items`, { photoIds: [photoId] });
  }, 120_000);
  afterAll(() => t?.close());

  const linkWith = async (includePlaces: boolean) => {
    const { url } = (await postAs(t, owner.cookie, `/api/collections/${collectionId}/links`, { kind: 'public', includePlaces })) as {
      url: string;
    };
    const token = url.slice(url.lastIndexOf('/s/') + 3);
    return ((await get(`/api/shared/${token}`)).json() as SharedCollection).downloadAllUrl;
  };

  it('"Download all" with places: the original, its thumbnail, its poster and its playable copy', async () => {
    const { zip, video } = await archiveAt(await linkWith(true));
    expect(video).toMatchObject({ fileName: 'IMG_0042.MOV', mimeType: 'video/quicktime' });
    expect(sha(zip.get(video.path)!)).toBe(sha(mov));
    expectPosterAndThumbnail(zip, video);
    expect(video.previews.video).toMatch(/^viewer\/previews\/.*\.play\.mp4$/);
    expect(isMp4(zip.get(video.previews.video!))).toBe(true);
  });

  it('"Download all" without places: the playable copy as the file, with its thumbnail and poster', async () => {
    const { zip, video } = await archiveAt(await linkWith(false));
    expect(video).toMatchObject({ fileName: 'IMG_0042.mp4', mimeType: 'video/mp4', location: null });
    expect(isMp4(zip.get(video.path)!)).toBe(true);
    expect(sha(zip.get(video.path)!)).not.toBe(sha(mov));
    expectPosterAndThumbnail(zip, video);
    expect(video.previews.video).toBeNull();
  });

  it('an heir’s "Download everything": the released video as the owner’s export has it', async () => {
    const contactId = idOf(
      await postAs(t, owner.cookie, '/api/contacts', {
        firstName: 'Grace',
        lastName: 'King',
        relationship: 'family',
        email: 'grace@example.com',
      }),
    );
    const heir = await addHeir(t, owner, contactId);
    const keyCode = await newKeyCode(t, owner, heir.id);
    const { id } = await addRelease(t, owner, { heirId: heir.id, photoId, condition: 'after-death' });
    await release(t, id);
    const { cookie } = await openWith(t, keyCode);
    const { zip, video } = await archiveAt('/api/legacy/received/download', cookie);
    expect(sha(zip.get(video.path)!)).toBe(sha(mov));
    expectPosterAndThumbnail(zip, video);
    expect(isMp4(zip.get(video.previews.video!))).toBe(true);
  });

  it('answers HEAD with the zip headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: await linkWith(true) });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'application/zip',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['content-disposition']).toContain('Holidays.zip');
    expect(res.rawPayload).toHaveLength(0);
  });
});
