// Videos in the gallery (issue 16, decision 038) over a real socket, with clips the test makes with ffmpeg:
// recognised by their bytes, read for date (with its offset), place, camera and length, given a poster and a
// preview, an HEVC MOV given a playable H.264 copy while the original stays byte for byte, played with
// Range (206/416), counted toward the quota, and deleted with every file they had.
import fs from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { photos } from '@server/db/schema';
import { buildTestApp, multipart, signUp, storedFiles, type TestApp, unfinishedUploads } from '@tests/helpers/server';
import { FFPROBE, makeVideo, tusUpload, uploadVideo } from '@tests/helpers/video-fixture';

const pngUpload = (cookie: string, png: Buffer) => {
  const form = multipart([{ name: 'photo', filename: 'a.png', content: png, contentType: 'image/png' }]);
  return { headers: { cookie, ...form.headers }, payload: form.payload };
};

describe('videos', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const get = (cookie: string, url: string, headers: Record<string, string> = {}) =>
    fetch(new URL(url, base), { headers: { cookie, ...headers } });

  /** The video once its poster and its playback are settled (the jobs run in this process). */
  async function settled(cookie: string, id: number): Promise<Photo> {
    for (let i = 0; ; i++) {
      const photo = (await (await get(cookie, `/api/photos/${id}`)).json()) as Photo;
      if (photo.derivativeStatus !== 'pending' && photo.video?.playback !== 'preparing') return photo;
      if (i > 600) throw new Error(`video ${id} still preparing: ${JSON.stringify(photo)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function probeBytes(bytes: Buffer) {
    const file = `${fs.mkdtempSync('/tmp/heirloom-probe-')}/clip`;
    fs.writeFileSync(file, bytes);
    const { stdout } = await promisify(execFile)(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
    return JSON.parse(stdout) as { streams: Array<{ codec_type: string; codec_name: string }>; format: { tags?: Record<string, string> } };
  }
  const probeCodec = async (bytes: Buffer) => (await probeBytes(bytes)).streams;
  /** Whether a video's container says where it was filmed, as ffprobe reads it (MP4 keeps it in a binary box). */
  const hasPlace = async (bytes: Buffer) => Object.keys((await probeBytes(bytes)).format.tags ?? {}).some((k) => k.startsWith('location'));

  it('an iPhone HEVC MOV: its date with its offset, place, camera, length, a poster, and a playable H.264 copy', async () => {
    const user = await signUp(t.app);
    const original = fs.readFileSync(
      await makeVideo('hevc-mov', {
        metadata: {
          'com.apple.quicktime.creationdate': '2019-07-03T18:30:00-0700',
          'com.apple.quicktime.location.ISO6709': '+37.7749-122.4194+010.000/',
          'com.apple.quicktime.make': 'Apple',
          'com.apple.quicktime.model': 'iPhone 12',
        },
      }),
    );
    const res = await uploadVideo(base, user.cookie, original, 'IMG_0042.MOV');
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as Photo;
    expect(created).toMatchObject({
      mediaType: 'video',
      mimeType: 'video/quicktime',
      fileName: 'IMG_0042.MOV',
      fileSize: String(original.length),
      dateTaken: '2019-07-04T01:30:00.000Z',
      location: '37.774900, -122.419400',
      cameraInfo: 'Apple iPhone 12',
      width: 320,
      height: 240,
    });
    expect(created.exifData).toMatchObject({ OffsetTimeOriginal: '-07:00', VideoCodec: 'hevc' });
    expect(created.video).toMatchObject({ playback: 'preparing', durationMs: 3000, url: `/api/photos/video/${created.id}` });

    const video = await settled(user.cookie, created.id);
    expect(video.derivativeStatus).toBe('ready');
    expect(video.video).toMatchObject({ playback: 'ready', progress: null, previewUrl: `/api/photos/video/${created.id}?preview=true` });

    // the poster, as a thumbnail and as the viewer's picture
    const thumb = await get(user.cookie, `/api/photos/image/${created.id}?size=thumb`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const poster = await get(user.cookie, `/api/photos/image/${created.id}`);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');

    // what plays is an H.264/AAC MP4; the original is kept byte for byte
    const played = await get(user.cookie, video.video!.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    const playedBytes = Buffer.from(await played.arrayBuffer());
    const streams = await probeCodec(playedBytes);
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    // no place and no camera in the copy, but the time it was filmed, so a downloaded copy keeps its date
    const copyTags = (await probeBytes(playedBytes)).format.tags ?? {};
    expect(copyTags).toMatchObject({ creation_time: '2019-07-04T01:30:00.000000Z' });
    expect(await hasPlace(playedBytes)).toBe(false);
    const kept = await get(user.cookie, `/api/photos/${created.id}/original`);
    expect(Buffer.from(await kept.arrayBuffer()).equals(original)).toBe(true);

    const preview = await get(user.cookie, video.video!.previewUrl!);
    expect(preview.status).toBe(200);
    expect((await probeCodec(Buffer.from(await preview.arrayBuffer()))).map((s) => s.codec_type)).toEqual(['video']);
  });

  it('an H.264 MP4 plays as it is, with Range answers 206 and 416', async () => {
    const user = await signUp(t.app);
    const original = fs.readFileSync(await makeVideo('h264-mp4', { metadata: { creation_time: '2021-05-01T10:00:00Z' } }));
    const created = (await (await uploadVideo(base, user.cookie, original, 'birthday.mp4')).json()) as Photo;
    expect(created).toMatchObject({ dateTaken: '2021-05-01T10:00:00.000Z', location: null, mimeType: 'video/mp4' });
    const video = await settled(user.cookie, created.id);
    expect(video.video?.playback).toBe('ready');
    // no copy was made: the original itself plays
    expect((await storedFiles(t)).filter((f) => f.startsWith(`users/${user.user.id}/`) && f.endsWith('.play.mp4'))).toEqual([]);

    const part = await get(user.cookie, video.video!.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${original.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(100, 200))).toBe(true);
    const beyond = await get(user.cookie, video.video!.url, { range: `bytes=${original.length + 10}-` });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toEqual({ message: 'The requested range is not within this file' });
  });

  it('a video that says where it was filmed plays from a copy without the place; a link without places never hands out the original', async () => {
    const user = await signUp(t.app);
    const original = fs.readFileSync(await makeVideo('h264-mp4', { metadata: { location: '+48.8584+002.2945/' } }));
    const created = (await (await uploadVideo(base, user.cookie, original, 'eiffel.mp4')).json()) as Photo;
    expect(created.location).toBe('48.858400, 2.294500');
    const video = await settled(user.cookie, created.id);
    const played = Buffer.from(await (await get(user.cookie, video.video!.url)).arrayBuffer());
    expect(played.equals(original)).toBe(false);
    expect(await hasPlace(played)).toBe(false);
    expect(await hasPlace(original)).toBe(true);

    const post = async (url: string, body: object) =>
      (await (
        await fetch(new URL(url, base), {
          method: 'POST',
          headers: { cookie: user.cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as {
        id: number;
        url: string;
      };
    const collection = await post('/api/collections', { title: 'Paris' });
    await post(`/api/collections/${collection.id}/items`, { photoIds: [created.id] });
    for (const includePlaces of [false, true]) {
      const link = await post(`/api/collections/${collection.id}/links`, { kind: 'public', includePlaces });
      const token = link.url.slice(link.url.lastIndexOf('/s/') + 3);
      const view = (await (await fetch(new URL(`/api/shared/${token}`, base))).json()) as {
        photos: Array<{ videoUrl: string | null; durationMs: number | null; downloadUrl: string }>;
      };
      const [shared] = view.photos;
      expect(shared).toMatchObject({ durationMs: 3000 });
      const plays = await fetch(new URL(shared!.videoUrl!, base), { headers: { range: 'bytes=0-' } });
      expect(plays.status).toBe(206);
      expect(await hasPlace(Buffer.from(await plays.arrayBuffer()))).toBe(false);
      const download = Buffer.from(await (await fetch(new URL(shared!.downloadUrl, base))).arrayBuffer());
      expect(await hasPlace(download), `download with includePlaces=${includePlaces}`).toBe(includePlaces);
    }
  });

  it('a WebM gets a playable copy; a MOV with H.264 is only remuxed', async () => {
    const user = await signUp(t.app);
    for (const [kind, name] of [
      ['vp8-webm', 'recording.webm'],
      ['h264-mov', 'camera.mov'],
    ] as const) {
      const created = (await (await uploadVideo(base, user.cookie, fs.readFileSync(await makeVideo(kind)), name)).json()) as Photo;
      const video = await settled(user.cookie, created.id);
      expect(video.video?.playback, name).toBe('ready');
      const played = await get(user.cookie, video.video!.url);
      expect(played.headers.get('content-type')).toBe('video/mp4');
      const streams = await probeCodec(Buffer.from(await played.arrayBuffer()));
      expect(streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    }
  });

  it('a video whose playable copy failed counts as not processed, and Retry makes it again', async () => {
    const user = await signUp(t.app);
    const created = (await (
      await uploadVideo(base, user.cookie, fs.readFileSync(await makeVideo('vp8-webm', { seconds: 1 })), 'r.webm')
    ).json()) as Photo;
    await settled(user.cookie, created.id);
    // as the last failed try of the copy job leaves it
    await t.db.update(photos).set({ videoPlayback: 'unavailable' }).where(eq(photos.id, created.id));
    const processing = async () => (await (await get(user.cookie, '/api/photos/processing')).json()) as { pending: number; failed: number };
    expect(await processing()).toEqual({ pending: 0, failed: 1 });
    const retried = await fetch(new URL('/api/photos/retry-failed', base), { method: 'POST', headers: { cookie: user.cookie } });
    expect(await retried.json()).toEqual({ queued: 1 });
    expect((await settled(user.cookie, created.id)).video?.playback).toBe('ready');
    expect(await processing()).toEqual({ pending: 0, failed: 0 });
  });

  it('refuses what is not a video, by its bytes, and keeps nothing', async () => {
    const user = await signUp(t.app);
    const before = await storedFiles(t);
    const text = Buffer.from('this is not a video at all, only words in a file named like one\n'.repeat(20));
    const res = await uploadVideo(base, user.cookie, text, 'holiday.mp4');
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Only MP4, MOV, WebM/);
    // a picture is not a video either
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2213b9d0000000049454e44ae426082',
      'hex',
    );
    expect((await uploadVideo(base, user.cookie, png, 'x.mov')).status).toBe(415);
    expect(await storedFiles(t)).toEqual(before);
    expect(unfinishedUploads(t, 'video-uploads')).toEqual([]);
  });

  it('hostile input to the video routes gets a clear 4xx and changes nothing', async () => {
    const user = await signUp(t.app);
    const json = (uploadId: unknown) =>
      fetch(new URL('/api/photos/videos', base), {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ uploadId }),
      });
    for (const bad of ['../../etc/passwd', '', 'A'.repeat(32), 42, null]) {
      const res = await json(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await json('0'.repeat(32))).status).toBe(404);

    // an unfinished upload cannot become a video
    const begun = await fetch(new URL('/api/photos/video-uploads', base), {
      method: 'POST',
      headers: { cookie: user.cookie, 'tus-resumable': '1.0.0', 'upload-length': '1000' },
    });
    expect(begun.status).toBe(201);
    const begunId = begun.headers.get('location')!.split('/').pop()!;
    const early = await json(begunId);
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ message: 'This upload has not finished yet.' });
    // a wrong offset and a negative or huge length are refused by tus with a message
    const wrongOffset = await fetch(new URL(`/api/photos/video-uploads/${begunId}`, base), {
      method: 'PATCH',
      headers: { cookie: user.cookie, 'tus-resumable': '1.0.0', 'upload-offset': '500', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(10),
    });
    expect(wrongOffset.status).toBe(409);
    for (const length of ['-1', String(3 * 1024 * 1024 * 1024), 'many']) {
      const res = await fetch(new URL('/api/photos/video-uploads', base), {
        method: 'POST',
        headers: { cookie: user.cookie, 'tus-resumable': '1.0.0', 'upload-length': length },
      });
      expect(res.status, length).toBeGreaterThanOrEqual(400);
      expect(res.status, length).toBeLessThan(500);
    }

    // a name with a path keeps only its last part
    const created = (await (
      await uploadVideo(base, user.cookie, fs.readFileSync(await makeVideo('h264-mp4', { seconds: 1 })), '../../etc/cron.d/evil.mp4')
    ).json()) as Photo;
    expect(created.fileName).toBe('evil.mp4');
    await settled(user.cookie, created.id);

    // the play route's parameters
    expect((await get(user.cookie, '/api/photos/video/abc')).status).toBe(404); // a malformed id is no video (as for every id)
    expect((await get(user.cookie, '/api/photos/video/99999999')).status).toBe(404);
    expect((await get(user.cookie, `/api/photos/video/${created.id}?preview=maybe`)).status).toBe(400);
    const nonsense = await get(user.cookie, created.video!.url, { range: 'bytes=abc' });
    expect(nonsense.status).toBe(200);
    await nonsense.body?.cancel();
    // a picture is not a video
    const png = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      ...pngUpload(
        user.cookie,
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c96' } })
          .png()
          .toBuffer(),
      ),
    });
    expect(png.statusCode, png.body).toBe(201);
    expect((await get(user.cookie, `/api/photos/video/${png.json<Photo>().id}`)).status).toBe(404);
  });

  it('another user cannot take, play or see a video', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const bytes = fs.readFileSync(await makeVideo('h264-mp4'));
    const uploadId = await tusUpload(base, owner.cookie, bytes, 'mine.mp4');
    const stolen = await fetch(new URL('/api/photos/videos', base), {
      method: 'POST',
      headers: { cookie: other.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ uploadId }),
    });
    expect(stolen.status).toBe(404);
    const created = (await (await uploadVideo(base, owner.cookie, bytes, 'mine.mp4')).json()) as Photo;
    await settled(owner.cookie, created.id);
    for (const url of [`/api/photos/video/${created.id}`, `/api/photos/video/${created.id}?preview=true`, `/api/photos/${created.id}`]) {
      expect((await get(other.cookie, url)).status, url).toBe(404);
    }
  });

  it('counts toward the quota and leaves no file behind when deleted', async () => {
    const user = await signUp(t.app);
    const bytes = fs.readFileSync(await makeVideo('hevc-mov'));
    const usage = async () => ((await (await get(user.cookie, '/api/user/storage')).json()) as { usedBytes: number }).usedBytes;
    const before = await usage();
    const created = (await (await uploadVideo(base, user.cookie, bytes, 'a.mov')).json()) as Photo;
    await settled(user.cookie, created.id);
    expect(await usage()).toBeGreaterThan(before + bytes.length);
    const mine = async () => (await storedFiles(t)).filter((f) => f.startsWith(`users/${user.user.id}/photos/`));
    expect(await mine()).toHaveLength(5); // original, thumbnail, poster, preview, copy
    const deleted = await fetch(new URL(`/api/photos/${created.id}`, base), { method: 'DELETE', headers: { cookie: user.cookie } });
    expect(deleted.status).toBe(204);
    expect(await mine()).toEqual([]);
    expect(await usage()).toBe(before);
  });

  it('a video over the quota is refused when its upload is created', async () => {
    const small = await buildTestApp({ STORAGE_QUOTA_MB: '1' });
    try {
      const smallBase = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await signUp(small.app);
      const res = await fetch(new URL('/api/photos/video-uploads', smallBase), {
        method: 'POST',
        headers: { cookie: user.cookie, 'tus-resumable': '1.0.0', 'upload-length': String(5 * 1024 * 1024) },
      });
      expect(res.status).toBe(413);
    } finally {
      await small.close();
    }
  });
});

describe('videos on a server without ffmpeg', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('says so, stores the video and offers the original for download, without poster or playback', async () => {
    const user = await signUp(t.app);
    const caps = await t.app.inject({ method: 'GET', url: '/api/capabilities', headers: { cookie: user.cookie } });
    expect(caps.json()).toMatchObject({ videoProcessing: false });
    const original = fs.readFileSync(await makeVideo('h264-mp4'));
    const res = await uploadVideo(base, user.cookie, original, 'kept.mp4');
    expect(res.status, await res.clone().text()).toBe(201);
    const video = (await res.json()) as Photo;
    expect(video).toMatchObject({ mediaType: 'video', derivativeStatus: 'failed', video: { playback: 'unavailable', durationMs: null } });
    const play = await t.app.inject({ method: 'GET', url: video.video!.url, headers: { cookie: user.cookie } });
    expect(play.statusCode).toBe(422);
    const kept = await t.app.inject({ method: 'GET', url: `/api/photos/${video.id}/original`, headers: { cookie: user.cookie } });
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(original)).toBe(true);
    // still a video by its bytes: a text file is refused here too
    expect((await uploadVideo(base, user.cookie, Buffer.from('not a video '.repeat(50)), 'x.mp4')).status).toBe(415);
  });
});
