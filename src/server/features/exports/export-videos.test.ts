// Videos in "Export everything" (issue 16, decision 038): clips the test makes with ffmpeg, uploaded with tus
// over a real socket, exported by the real job. The archive keeps each original byte for byte, says which
// photos are videos and how long they are, and carries what the offline viewer plays them with.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heirloomExportSchema, type HeirloomExport } from '@shared/export-format';
import type { Photo } from '@shared/schemas/photos';
import type { ExportJob } from '@shared/schemas/transfers';
import { importArchives } from '@tests/integration/import-helpers';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { makeVideo, uploadVideo } from '@tests/helpers/video-fixture';
import { readZip } from '@tests/helpers/zip';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('export everything: videos', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  const originals = new Map<string, Buffer>();
  let zipBytes: Buffer;
  let zip: Map<string, Buffer>;
  let doc: HeirloomExport;

  const get = (url: string) => fetch(new URL(url, base), { headers: { cookie } });

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 600; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${what} never settled`);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    cookie = (await signUp(t.app)).cookie;
    // an MP4 every browser plays as it is, and a MOV that is given a playable MP4 copy (a remux, no transcode)
    originals.set('beach.mp4', fs.readFileSync(await makeVideo('h264-mp4', { seconds: 2 })));
    originals.set('IMG_0042.MOV', fs.readFileSync(await makeVideo('h264-mov', { seconds: 2 })));
    for (const [name, bytes] of originals) {
      const res = await uploadVideo(base, cookie, bytes, name);
      expect(res.status, await res.clone().text()).toBe(201);
      const { id } = (await res.json()) as Photo;
      await until(
        name,
        async () => (await (await get(`/api/photos/${id}`)).json()) as Photo,
        (p) => p.derivativeStatus !== 'pending' && p.video?.playback !== 'preparing',
      );
    }

    const started = await fetch(new URL('/api/exports', base), { method: 'POST', headers: { cookie } });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: number };
    const job = await until(
      'the export',
      async () => (await (await get(`/api/exports/${id}`)).json()) as ExportJob,
      (j) => j.status === 'ready' || j.status === 'failed',
    );
    expect(job.status, job.error ?? '').toBe('ready');
    zipBytes = Buffer.from(await (await get(`/api/exports/${id}/download`)).arrayBuffer());
    zip = await readZip(zipBytes);
    doc = heirloomExportSchema.parse(JSON.parse(zip.get('heirloom.json')!.toString('utf8')));
  }, 120_000);
  afterAll(() => t?.close());

  const photo = (fileName: string) => doc.photos.find((p) => p.fileName === fileName)!;

  it('keeps each video original byte for byte, described as a video with its length', () => {
    for (const [name, bytes] of originals) {
      const record = photo(name);
      expect(record).toMatchObject({ mediaType: 'video', size: bytes.length, sha256: sha(bytes) });
      expect(record.durationMs).toBeGreaterThanOrEqual(1900);
      expect(record.durationMs).toBeLessThanOrEqual(2100);
      expect(sha(zip.get(record.path)!)).toBe(sha(bytes));
    }
    expect(photo('beach.mp4').mimeType).toBe('video/mp4');
    expect(photo('IMG_0042.MOV').mimeType).toBe('video/quicktime');
  });

  it('carries a thumbnail and a poster for each, and the playable copy only where the original needs one', () => {
    for (const name of originals.keys()) {
      const { previews } = photo(name);
      expect(zip.get(previews.thumbnail!)!.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(zip.get(previews.display!)!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    expect(photo('beach.mp4').previews.video).toBeNull();
    const copy = photo('IMG_0042.MOV').previews.video!;
    expect(copy).toMatch(/^viewer\/previews\/.*\.play\.mp4$/);
    expect(zip.get(copy)!.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // a preview is never counted as an original
    expect([...zip.keys()].filter((name) => name.startsWith('originals/'))).toHaveLength(2);
  });

  it("has the offline viewer play a video from the archive's own file, with its length on the thumbnail", () => {
    const viewer = zip.get('viewer/viewer.js')!.toString('utf8');
    expect(viewer).toContain('"video"');
    expect(viewer).toContain('playsinline');
    expect(zip.get('index.html')!.toString('utf8')).toContain("media-src 'self' file:");
  });

  it('imports into another account as the same two videos (names and sizes), no preview taken for a photo', async () => {
    const other = await signUp(t.app);
    const job = await importArchives(t, other.cookie, [zipBytes]);
    expect(job.error).toBeNull();
    expect(job.report).toMatchObject({ imported: { photos: 2 }, refused: { count: 0 } });
    const list = (await t.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie: other.cookie } })).json() as Photo[];
    expect(list.map((p) => [p.fileName, p.mediaType, p.fileSize]).sort()).toEqual(
      [...originals].map(([name, bytes]) => [name, 'video', String(bytes.length)]).sort(),
    );
  });
});
