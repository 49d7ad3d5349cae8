// Sound and video through a link without places (issue 25): a memory's voice notes and the vault's videos and
// recordings name where they were made in their containers (MP4's `loci` and `©xyz`, QuickTime's ISO 6709 key,
// a WAV's INFO and iXML chunks). Without places none of it leaves, singly or in "Download all"; the sound and
// pictures, the type and the creation time stay; the copy is made once and kept, and goes with its original.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import type { SharedCollection } from '@shared/schemas/sharing';
import { photos, vaultFiles } from '@server/db/schema';
import { wavWithPlace } from '@tests/helpers/audio';
import { buildTestApp, idOf, multipart, postAs, signUp, type TestApp } from '@tests/helpers/server';
import { FFPROBE, makeM4aWithPlace, makeVideo, PLACE_ISO6709, uploadVideo } from '@tests/helpers/video-fixture';
import { readZip } from '@tests/helpers/zip';
import { gpsJpeg, tokenOf } from './shared-view.test-world';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const CREATED = '2019-07-03T18:30:00.000000Z';

interface Probed {
  format: { tags?: Record<string, string> };
  streams: Array<{ codec_type: string; tags?: Record<string, string> }>;
}

async function ffprobe(bytes: Buffer): Promise<Probed> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-probe-')), 'file');
  fs.writeFileSync(file, bytes);
  const { stdout } = await promisify(execFile)(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return JSON.parse(stdout) as Probed;
}

/** What names a place in these files, as bytes: the atoms and chunks, and the coordinates written as text. */
const PLACE_MARKS = ['loci', '\u00a9xyz', 'ISO6709', 'iXML', 'LIST', PLACE_ISO6709.slice(0, 8)].map((m) => Buffer.from(m, 'latin1'));

/** No place anywhere ffprobe or a byte search can see; the sound (and pictures) still there. */
async function expectNoPlace(bytes: Buffer, what: string, kind: 'audio' | 'video') {
  for (const mark of PLACE_MARKS) expect(bytes.includes(mark), `${what} holds ${mark.toString('latin1')}`).toBe(false);
  const probed = await ffprobe(bytes);
  const tags = [probed.format.tags ?? {}, ...probed.streams.map((s) => s.tags ?? {})].flatMap((t) => Object.entries(t));
  expect(
    tags.filter(([k, v]) => /locat|6709|comment|gps/i.test(k) || v.includes('48.85')),
    what,
  ).toEqual([]);
  expect(probed.streams.map((s) => s.codec_type)).toEqual(kind === 'video' ? ['video', 'audio'] : ['audio']);
  return probed;
}

describe('a link without places: sound and video', () => {
  let t: TestApp;
  let base: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  const voices = new Map<string, Buffer>();
  const documents = new Map<string, Buffer>();
  let videoPhoto: Buffer;
  let token: string;
  let placesToken: string;

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const view = async (tk: string) => (await get(`/api/shared/${tk}`)).json() as SharedCollection;

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signUp(t.app);
    voices.set('loci.m4a', await makeM4aWithPlace('loci', CREATED));
    voices.set('xyz.m4a', await makeM4aWithPlace('xyz', CREATED));
    voices.set('iso6709.m4a', await makeM4aWithPlace('iso6709', CREATED));
    voices.set('field.wav', wavWithPlace(PLACE_ISO6709));
    const place = { creation_time: CREATED };
    documents.set(
      'clip.mp4',
      fs.readFileSync(await makeVideo('h264-mp4', { seconds: 1, metadata: { ...place, location: PLACE_ISO6709 } })),
    );
    documents.set(
      'IMG_0001.MOV',
      fs.readFileSync(
        await makeVideo('h264-mov', { seconds: 1, metadata: { ...place, 'com.apple.quicktime.location.ISO6709': PLACE_ISO6709 } }),
      ),
    );
    documents.set('interview.m4a', await makeM4aWithPlace('xyz', CREATED));
    documents.set('session.wav', wavWithPlace(PLACE_ISO6709));
    documents.set('scan.jpg', await gpsJpeg());
    documents.set('notes.txt', Buffer.from(`Met at ${PLACE_ISO6709}`));
    videoPhoto = fs.readFileSync(await makeVideo('h264-mp4', { seconds: 1, metadata: { ...place, location: PLACE_ISO6709 } }));

    const memoryId = idOf(
      await postAs(t, owner.cookie, '/api/memories', { title: 'Paris', content: 'Voices', eventDate: '2019-07-03', isPublic: false }),
    );
    await postAs(
      t,
      owner.cookie,
      `/api/memories/${memoryId}/attachments`,
      multipart(
        [...voices].map(([filename, content]) => ({
          name: 'attachments',
          filename,
          content,
          contentType: filename.endsWith('wav') ? 'audio/wav' : 'audio/mp4',
        })),
      ),
    );
    const documentIds: number[] = [];
    for (const [filename, content] of documents) {
      const form = multipart([{ name: 'file', filename, content, contentType: 'application/octet-stream' }]);
      documentIds.push(idOf(await postAs(t, owner.cookie, '/api/vault', form)));
    }
    const uploaded = await uploadVideo(base, owner.cookie, videoPhoto, 'tower.mp4');
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const photoId = ((await uploaded.json()) as Photo).id;
    for (let i = 0; ; i++) {
      const photo = (await t.app.inject({ url: `/api/photos/${photoId}`, headers: { cookie: owner.cookie } })).json() as Photo;
      if (photo.video?.playback !== 'preparing' && photo.derivativeStatus !== 'pending') break;
      if (i > 300) throw new Error('the video was never made playable');
      await new Promise((r) => setTimeout(r, 50));
    }
    // it names a place, so it plays (and goes without places) as its copy without container metadata
    expect((await t.db.select().from(photos).where(eq(photos.id, photoId)))[0]!.videoPlayback).toBe('copy');

    const collectionId = idOf(await postAs(t, owner.cookie, '/api/collections', { title: 'Paris' }));
    await postAs(t, owner.cookie, `/api/collections/${collectionId}/items`, { memoryIds: [memoryId], documentIds, photoIds: [photoId] });
    const link = async (includePlaces: boolean) =>
      tokenOf(
        ((await postAs(t, owner.cookie, `/api/collections/${collectionId}/links`, { kind: 'public', includePlaces })) as { url: string })
          .url,
      );
    token = await link(false);
    placesToken = await link(true);
  }, 60_000);
  afterAll(() => t?.close());

  const kindOf = (name: string) => (/\.(mp4|mov)$/i.test(name) ? 'video' : 'audio');

  it('hands out each voice note and video without its place, as the same type, keeping its creation time', async () => {
    const body = await view(token);
    const attachments = body.memories[0]!.attachments;
    expect(attachments.map((a) => a.fileName).sort()).toEqual([...voices.keys()].sort());
    const served = [
      ...attachments.map((a) => ({ name: a.fileName, url: a.url, mimeType: a.mimeType })),
      ...body.documents.filter((d) => !/\.(jpg|txt)$/.test(d.name)).map((d) => ({ name: d.name, url: d.url, mimeType: d.mimeType })),
    ];
    expect(served).toHaveLength(8);
    for (const file of served) {
      const res = await get(file.url);
      expect(res.statusCode, `${file.name}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toContain(file.mimeType);
      const probed = await expectNoPlace(res.rawPayload, file.name, kindOf(file.name));
      if (!file.name.endsWith('.wav')) expect(probed.format.tags?.creation_time, file.name).toBe(CREATED);
    }

    const scan = await get(body.documents.find((d) => d.name === 'scan.jpg')!.url);
    expect(await exifr.gps(scan.rawPayload)).toBeUndefined();
    const notes = await get(body.documents.find((d) => d.name === 'notes.txt')!.url);
    expect(sha(notes.rawPayload)).toBe(sha(documents.get('notes.txt')!));
  });

  it('"Download all" holds no place in any sound or video either, the gallery video included', async () => {
    const zip = await readZip((await get((await view(token)).downloadAllUrl)).rawPayload);
    const media = [...zip].filter(([name]) => name.startsWith('originals/') && /\.(m4a|wav|mp4|mov)$/i.test(name));
    // a gallery photo's name in the archive starts with its date
    expect(media.map(([name]) => path.basename(name).replace(/^\d{4}-\d{2}-\d{2} /, '')).sort()).toEqual(
      ['IMG_0001.MOV', 'clip.mp4', 'field.wav', 'interview.m4a', 'iso6709.m4a', 'loci.m4a', 'session.wav', 'tower.mp4', 'xyz.m4a'].sort(),
    );
    for (const [name, bytes] of media) {
      const probed = await expectNoPlace(bytes, name, kindOf(name));
      // the date survives wherever the container keeps one (the gallery video goes as its playable copy, made elsewhere)
      if (!/\.wav$|tower\.mp4$/.test(name)) expect(probed.format.tags?.creation_time, name).toBe(CREATED);
    }
    const scan = [...zip].find(([name]) => name.endsWith('scan.jpg'))!;
    expect(await exifr.gps(scan[1])).toBeUndefined();
  });

  it('makes each copy once and keeps it next to its original, which takes it along when it is deleted', async () => {
    const [clip] = await t.db.select().from(vaultFiles).where(eq(vaultFiles.originalName, 'clip.mp4'));
    const copyKey = `${clip!.filePath}.noplace`;
    const url = (await view(token)).documents.find((d) => d.name === 'clip.mp4')!.url;
    const first = (await get(url)).rawPayload;
    const kept = await t.files.stat(copyKey);
    expect(sha((await get(url)).rawPayload)).toBe(sha(first));
    expect((await t.files.stat(copyKey)).version).toBe(kept.version);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/vault/${clip!.id}`, headers: { cookie: owner.cookie } });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await t.files.exists(copyKey)).toBe(false);
  });

  it('with places, every file is the upload byte for byte', async () => {
    const body = await view(placesToken);
    for (const a of body.memories[0]!.attachments)
      expect(sha((await get(a.url)).rawPayload), a.fileName).toBe(sha(voices.get(a.fileName)!));
    for (const d of body.documents) expect(sha((await get(d.url)).rawPayload), d.name).toBe(sha(documents.get(d.name)!));
  });
});
