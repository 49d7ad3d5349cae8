// Voice messages recorded in the browser (decision 037): a WebM or MP4 is an attachment only when its track
// list says sound only. The WebM files were made by Chromium's MediaRecorder (tests/fixtures/files/README.md).
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryAttachments } from '@server/db/schema';
import { AUDIO_COPY_JOB } from '@server/features/memories/audio-copies';
import { isAudioOnlyMp4, isAudioOnlyWebm } from '@server/features/memories/audio-only';
import { buildTestApp, multipart, signUp, storedFiles, type TestApp } from '@tests/helpers/server';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/files', name));
const audioWebm = fixture('recorded-audio.webm');
const videoWebm = fixture('recorded-video.webm');

const WRONG_TYPE = 'File type must be an image (JPEG, PNG, GIF, WebP, HEIC, HEIF) or audio (MP3, WAV, OGG, M4A)';

/** An ISO BMFF box: 32-bit size, type, contents. */
const box = (type: string, ...contents: Buffer[]) => {
  const body = Buffer.concat(contents);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const track = (handler: 'soun' | 'vide') =>
  box(
    'trak',
    box('tkhd', Buffer.alloc(84)),
    box('mdia', box('mdhd', Buffer.alloc(24)), box('hdlr', Buffer.alloc(8), Buffer.from(handler), Buffer.alloc(13))),
  );
/** A fragmented MP4 as Safari's recorder starts one: ftyp (isom, not M4A), moov with its tracks, then media. */
const mp4With = (...handlers: Array<'soun' | 'vide'>) =>
  Buffer.concat([
    box('ftyp', Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isomiso2mp41')),
    box('moov', box('mvhd', Buffer.alloc(100)), ...handlers.map(track)),
    box('moof', Buffer.alloc(64)),
    box('mdat', Buffer.alloc(2000, 7)),
  ]);

describe('voice message attachments', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let memoryId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { cookie: owner.cookie },
      payload: {
        title: 'Grandma reads a poem',
        content: 'Recorded at the kitchen table.',
        eventDate: '2026-11-26',
        isPublic: false,
        tags: [],
      },
    });
    memoryId = (res.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  const upload = (filename: string, content: Buffer, contentType: string) => {
    const body = multipart([{ name: 'attachments', filename, content, contentType }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/memories/${memoryId}/attachments`,
      headers: { cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const rowCount = async () => (await t.db.select().from(memoryAttachments).where(eq(memoryAttachments.memoryId, memoryId))).length;

  it('reads the track lists of real recordings and of MP4 boxes', () => {
    expect(isAudioOnlyWebm(audioWebm)).toBe(true);
    expect(isAudioOnlyWebm(videoWebm)).toBe(false);
    // Cut before its Tracks element ends: nothing to go by.
    expect(isAudioOnlyWebm(audioWebm.subarray(0, 0xd0))).toBe(false);
    expect(isAudioOnlyMp4(mp4With('soun'))).toBe(true);
    expect(isAudioOnlyMp4(mp4With('soun', 'vide'))).toBe(false);
    expect(isAudioOnlyMp4(mp4With())).toBe(false);
  });

  it('stores an audio-only WebM as audio/webm, lists it and serves it back byte for byte', async () => {
    const res = await upload('Voice message 2026-11-26 14.03.webm', audioWebm, 'audio/webm;codecs=opus');
    expect(res.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: `/api/memories/${memoryId}/attachments`, headers: { cookie: owner.cookie } });
    const voice = (list.json() as Array<Record<string, string>>).find((a) => a.fileName === 'Voice message 2026-11-26 14.03.webm');
    expect(voice).toMatchObject({ mimeType: 'audio/webm', fileSize: String(audioWebm.length) });
    const [row] = await t.db
      .select()
      .from(memoryAttachments)
      .where(eq(memoryAttachments.id, Number(voice!.id)));
    expect(row!.filePath).toMatch(/\.webm$/);
    const file = await t.app.inject({ method: 'GET', url: voice!.filePath!, headers: { cookie: owner.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^audio\/webm/);
    expect(file.rawPayload.equals(audioWebm)).toBe(true);
  });

  it('stores an audio-only MP4 as audio/mp4 whatever its name', async () => {
    const res = await upload('Voice message.mp4', mp4With('soun'), 'audio/mp4');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject([{ mimeType: 'audio/mp4' }]);
  });

  it('refuses a WebM or MP4 with a video track and keeps nothing of it', async () => {
    // the M4A copy of the voice message stored above (decision 040) is made in the background: let it land first
    while ((await t.app.jobs.pending(AUDIO_COPY_JOB)) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const rowsBefore = await rowCount();
    const filesBefore = await storedFiles(t);
    for (const [name, content, type] of [
      ['Voice message.webm', videoWebm, 'audio/webm'],
      ['clip.mp4', mp4With('soun', 'vide'), 'audio/mp4'],
    ] as const) {
      const res = await upload(name, content, type);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(WRONG_TYPE);
    }
    expect(await rowCount()).toBe(rowsBefore);
    expect(await storedFiles(t)).toEqual(filesBefore);
  });
});
