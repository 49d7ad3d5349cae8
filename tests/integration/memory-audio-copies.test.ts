// Audio every browser plays (decision 040): a WebM or Ogg attachment gets an M4A (AAC) copy made by real ffmpeg
// on the job queue, served with Range to its owner only, counted in the quota, removed with the attachment, the
// memory or the account, and queued again at start-up when it is missing. MP3, M4A and WAV get none.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { memoryAttachments } from '@server/db/schema';
import { AUDIO_COPY_JOB } from '@server/features/memories/audio-copies';
import { buildTestApp, multipart, removeStored, signUp, storedFiles, TEST_PASSWORD, type TestApp } from '@tests/helpers/server';
import { wavFile } from '@tests/helpers/audio';
import { FFMPEG, FFPROBE } from '@tests/helpers/video-fixture';

const run = promisify(execFile);
const recordedWebm = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/files/recorded-audio.webm'));

type User = Awaited<ReturnType<typeof signUp>>;
interface AttachmentJson {
  id: string;
  fileName: string;
  mimeType: string;
  filePath: string;
  playableUrl?: string | null;
}

/** ffprobe's streams and container tags of a file on disk. */
async function probeFile(file: string) {
  const { stdout } = await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return JSON.parse(stdout) as {
    streams: Array<{ codec_type: string; codec_name: string; channels?: number }>;
    format: { format_name: string; tags?: Record<string, string> };
  };
}

/** Half a second of a tone in Ogg/Opus, mono, with a title tag (which the copy must not carry). */
async function oggOpusFile(dir: string) {
  const out = path.join(dir, 'tone.ogg');
  await run(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=0.5'],
    ...['-ac', '1', '-c:a', 'libopus', '-metadata', 'title=Grandpa at the lake', out],
  ]);
  return fs.readFileSync(out);
}

describe('M4A copies of memory audio', () => {
  let t: TestApp;
  let owner: User;
  let other: User;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app);
    other = await signUp(t.app);
  });
  afterAll(() => t.close());

  const createMemory = async (user: User) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { cookie: user.cookie },
      payload: { title: 'Grandpa sings', content: 'At the lake.', eventDate: '1994-07-16', isPublic: false, tags: [] },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  };

  const upload = async (user: User, memoryId: number, filename: string, content: Buffer, contentType: string) => {
    const body = multipart([{ name: 'attachments', filename, content, contentType }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/memories/${memoryId}/attachments`,
      headers: { cookie: user.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as AttachmentJson[])[0]!;
  };

  const attachmentsOf = async (user: User, memoryId: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/memories/${memoryId}/attachments`, headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as AttachmentJson[];
  };

  const get = (user: User, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie, ...headers } });

  /** Waits until no audio copy job is queued, waiting for a retry, or running. */
  async function copiesDone(app = t.app) {
    while ((await app.jobs.pending(AUDIO_COPY_JOB)) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const rowOf = async (id: string) =>
    (
      await t.db
        .select()
        .from(memoryAttachments)
        .where(eq(memoryAttachments.id, Number(id)))
    )[0]!;
  const probeCopy = (key: string) => t.files.withLocalFile(`${key}.m4a`, probeFile);

  it('makes an AAC copy of a browser recording, without metadata, and serves it to its owner with Range', async () => {
    const memoryId = await createMemory(owner);
    const uploaded = await upload(owner, memoryId, 'Voice message.webm', recordedWebm, 'audio/webm');
    expect(uploaded.mimeType).toBe('audio/webm');
    expect(uploaded).toHaveProperty('playableUrl');
    await copiesDone();

    const [listed] = await attachmentsOf(owner, memoryId);
    expect(listed!.playableUrl).toBe(`/api/memories/${memoryId}/attachments/${uploaded.id}/file?format=m4a`);
    const row = await rowOf(uploaded.id);
    expect(row.audioCopy).toBe('ready');
    const copy = await probeCopy(row.filePath);
    expect(copy.format.format_name).toContain('mp4');
    expect(copy.streams.map((s) => [s.codec_type, s.codec_name, s.channels])).toEqual([['audio', 'aac', 2]]);
    expect(row.displaySize).toBe((await t.files.stat(`${row.filePath}.m4a`)).size);

    const whole = await get(owner, listed!.playableUrl!);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mp4');
    expect(whole.rawPayload.length).toBe(row.displaySize);
    const part = await get(owner, listed!.playableUrl!, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${row.displaySize}`);
    expect(part.rawPayload.length).toBe(100);
    // the original is still what the plain URL gives, byte for byte
    expect((await get(owner, listed!.filePath)).rawPayload.equals(recordedWebm)).toBe(true);

    // another account: 404 for the copy as for the original
    expect((await get(other, listed!.playableUrl!)).statusCode).toBe(404);
    expect((await get(other, listed!.filePath)).statusCode).toBe(404);

    const usage = await get(owner, '/api/user/storage');
    expect((usage.json() as { byKind: { attachments: number } }).byKind.attachments).toBeGreaterThanOrEqual(
      recordedWebm.length + row.displaySize,
    );
  });

  it('accepts Ogg/Opus, keeps mono mono and drops its tags', async () => {
    const memoryId = await createMemory(owner);
    const ogg = await oggOpusFile(t.dataDir);
    const uploaded = await upload(owner, memoryId, 'tone.ogg', ogg, 'audio/ogg');
    expect(uploaded.mimeType).toBe('audio/ogg');
    await copiesDone();
    const row = await rowOf(uploaded.id);
    expect(row.audioCopy).toBe('ready');
    const copy = await probeCopy(row.filePath);
    expect(copy.streams.map((s) => [s.codec_name, s.channels])).toEqual([['aac', 1]]);
    expect(copy.format.tags?.title).toBeUndefined();
  });

  it('makes no copy of audio every browser plays, and 404s one asked for', async () => {
    const memoryId = await createMemory(owner);
    const before = (await storedFiles(t)).length;
    const wav = await upload(owner, memoryId, 'hum.wav', wavFile(), 'audio/wav');
    await copiesDone();
    expect(wav).not.toHaveProperty('playableUrl');
    expect((await attachmentsOf(owner, memoryId))[0]).not.toHaveProperty('playableUrl');
    expect((await storedFiles(t)).length).toBe(before + 1);
    const res = await get(owner, `${wav.filePath}?format=m4a`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This attachment has no M4A copy' });
  });

  it('refuses an unknown format with a clear 400', async () => {
    const memoryId = await createMemory(owner);
    const wav = await upload(owner, memoryId, 'hum.wav', wavFile(), 'audio/wav');
    const res = await get(owner, `${wav.filePath}?format=exe`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'format must be m4a' });
  });

  it('404s the copy while it is still to be made', async () => {
    const memoryId = await createMemory(owner);
    const uploaded = await upload(owner, memoryId, 'Voice message.webm', recordedWebm, 'audio/webm');
    await copiesDone();
    // as it is between the upload and the job's end
    await t.db
      .update(memoryAttachments)
      .set({ audioCopy: null })
      .where(eq(memoryAttachments.id, Number(uploaded.id)));
    expect((await attachmentsOf(owner, memoryId))[0]!.playableUrl).toBeNull();
    expect((await get(owner, `${uploaded.filePath}?format=m4a`)).statusCode).toBe(404);
  });

  it('removes the copy with its attachment, with its memory and with the account', async () => {
    const memoryId = await createMemory(owner);
    const first = await upload(owner, memoryId, 'one.webm', recordedWebm, 'audio/webm');
    const second = await upload(owner, memoryId, 'two.webm', recordedWebm, 'audio/webm');
    await copiesDone();
    const firstKey = (await rowOf(first.id)).filePath;
    const secondKey = (await rowOf(second.id)).filePath;
    expect(await storedFiles(t)).toEqual(expect.arrayContaining([firstKey, `${firstKey}.m4a`, secondKey, `${secondKey}.m4a`]));

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/memories/${memoryId}/attachments/${first.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect((await storedFiles(t)).filter((f) => f.startsWith(firstKey))).toEqual([]);

    const delMemory = await t.app.inject({ method: 'DELETE', url: `/api/memories/${memoryId}`, headers: { cookie: owner.cookie } });
    expect(delMemory.statusCode).toBe(204);
    expect((await storedFiles(t)).filter((f) => f.startsWith(secondKey))).toEqual([]);

    const leaving = await signUp(t.app);
    const theirs = await createMemory(leaving);
    await upload(leaving, theirs, 'bye.webm', recordedWebm, 'audio/webm');
    await copiesDone();
    expect((await storedFiles(t)).filter((f) => f.startsWith(`users/${leaving.user.id}/`) && f.endsWith('.m4a'))).toHaveLength(1);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { cookie: leaving.cookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`users/${leaving.user.id}/`))).toEqual([]);
  });

  it('plays the copy through a public link without places, and only for what the link holds', async () => {
    const memoryId = await createMemory(owner);
    const uploaded = await upload(owner, memoryId, 'Voice message.webm', recordedWebm, 'audio/webm');
    const outsideMemory = await createMemory(owner);
    const outside = await upload(owner, outsideMemory, 'Private.webm', recordedWebm, 'audio/webm');
    await copiesDone();
    const headers = { cookie: owner.cookie };
    const collection = (await t.app.inject({ method: 'POST', url: '/api/collections', headers, payload: { title: 'Voices' } })).json() as {
      id: number;
    };
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/collections/${collection.id}/items`,
      headers,
      payload: { memoryIds: [memoryId] },
    });
    expect(added.statusCode).toBeLessThan(300);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/collections/${collection.id}/links`,
      headers,
      payload: { kind: 'public' },
    });
    const token = (made.json() as { url: string }).url.split('/s/')[1]!;
    const view = await t.app.inject({ method: 'GET', url: `/api/shared/${token}` });
    expect(view.statusCode).toBe(200);
    const shared = (view.json() as { memories: Array<{ attachments: Array<{ id: number; url: string; playableUrl?: string }> }> }).memories;
    const attachment = shared[0]!.attachments[0]!;
    expect(attachment.id).toBe(Number(uploaded.id));
    expect(attachment.playableUrl).toBe(`${attachment.url}?format=m4a`);

    const part = await t.app.inject({ method: 'GET', url: attachment.playableUrl!, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('audio/mp4');
    const copy = await probeCopy((await rowOf(uploaded.id)).filePath);
    expect(copy.format.tags?.title).toBeUndefined();
    // an attachment of a memory outside the collection is not reachable through the link, copy or not
    const notShared = await t.app.inject({ method: 'GET', url: `/api/shared/${token}/attachments/${outside.id}?format=m4a` });
    expect(notShared.statusCode).toBe(404);
  });

  it('queues a missing copy again at start-up', async () => {
    const memoryId = await createMemory(owner);
    const uploaded = await upload(owner, memoryId, 'Voice message.webm', recordedWebm, 'audio/webm');
    await copiesDone();
    const row = await rowOf(uploaded.id);
    // as a kill -9 leaves it between the row and its job: no copy, no job
    await removeStored(t, `${row.filePath}.m4a`);
    await t.db.update(memoryAttachments).set({ audioCopy: null, displaySize: 0 }).where(eq(memoryAttachments.id, row.id));

    const restarted = await buildApp({ env: t.env, db: t.db, files: t.files, logger: false });
    try {
      await restarted.ready();
      await copiesDone(restarted);
      await copiesDone();
    } finally {
      await restarted.close();
    }
    expect((await rowOf(uploaded.id)).audioCopy).toBe('ready');
    expect(await t.files.exists(`${row.filePath}.m4a`)).toBe(true);
  });
});
