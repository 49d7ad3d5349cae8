// Transcription (decision 039) against a real OpenAI-compatible /audio/transcriptions server on 127.0.0.1:
// what it is sent, what the user gets back, and the failures the provider can cause.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '@shared/limits';
import { TRANSCRIPTION_MESSAGES } from '@shared/schemas/transcription';
import { createTranscriber } from '@server/ai/transcription';
import { AiError } from '@server/ai/provider';
import { buildTestApp, multipart, signUp, tempFiles, type TestApp } from '@tests/helpers/server';
import { jpegFile, wavFile } from './memories.test-files';

type User = Awaited<ReturnType<typeof signUp>>;
type Handler = (res: http.ServerResponse) => void;
interface Received {
  url?: string;
  authorization?: string;
  form: FormData;
}

const RECORDING = fs.readFileSync(path.resolve('tests/fixtures/files/recorded-audio.webm'));
const PROVIDER_SECRET = 'stack trace at /srv/whisper/model.py line 12';

describe('memory transcription', () => {
  let provider: http.Server;
  let baseUrl: string;
  let handler: Handler;
  let seen: Received[];
  let t: TestApp;
  let off: TestApp;
  let owner: User;
  let other: User;

  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        // The provider reads the multipart body the way a real one would.
        const request = new Request('http://provider.test/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        });
        void request.formData().then((form) => {
          seen.push({ url: req.url, authorization: req.headers.authorization, form });
          handler(res);
        });
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
    t = await buildTestApp({ AI_BASE_URL: baseUrl, AI_TRANSCRIBE_MODEL: 'whisper-test', AI_API_KEY: 'sk-voice' });
    off = await buildTestApp();
    owner = await signUp(t.app);
    other = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    provider.closeAllConnections();
    await new Promise((resolve) => provider.close(resolve));
  });
  beforeEach(() => {
    seen = [];
    handler = reply(200, JSON.stringify({ text: ' Grandpa sang by the fire. ' }));
  });

  const reply =
    (status: number, body: string): Handler =>
    (res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };

  const transcribeUpload = (app: TestApp, user: User, file: { filename: string; content: Buffer; contentType?: string }) => {
    const body = multipart([{ name: 'audio', ...file }]);
    return app.app.inject({
      method: 'POST',
      url: '/api/memories/transcriptions',
      headers: { cookie: user.cookie, ...body.headers },
      payload: body.payload,
    });
  };

  async function memoryWith(user: User, file: { filename: string; content: Buffer }) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { cookie: user.cookie },
      payload: { title: 'Songs', content: 'By the fire.', eventDate: '1980-12-24', isPublic: false, tags: [] },
    });
    const memoryId = (created.json() as { id: number }).id;
    const body = multipart([{ name: 'attachments', ...file }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/memories/${memoryId}/attachments`,
      headers: { cookie: user.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    return { memoryId, attachmentId: (uploaded.json() as Array<{ id: string }>)[0]!.id };
  }

  const transcribeSaved = (user: User, memoryId: number, attachmentId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/memories/${memoryId}/attachments/${attachmentId}/transcription`,
      headers: { cookie: user.cookie },
    });

  it('sends a browser recording with the model and the key, and answers its words', async () => {
    const res = await transcribeUpload(t, owner, { filename: 'Voice message.webm', content: RECORDING, contentType: 'audio/webm' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'Grandpa sang by the fire.' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/v1/audio/transcriptions');
    expect(seen[0]!.authorization).toBe('Bearer sk-voice');
    expect(seen[0]!.form.get('model')).toBe('whisper-test');
    expect(seen[0]!.form.get('response_format')).toBe('json');
    const file = seen[0]!.form.get('file') as File;
    expect(file.name).toBe('Voice message.webm');
    expect(file.type).toBe('audio/webm');
    expect(Buffer.from(await file.arrayBuffer()).equals(RECORDING)).toBe(true);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('transcribes a picked WAV file', async () => {
    const wav = wavFile();
    const res = await transcribeUpload(t, owner, { filename: 'interview.wav', content: wav });
    expect(res.statusCode).toBe(200);
    const file = seen[0]!.form.get('file') as File;
    expect(Buffer.from(await file.arrayBuffer()).equals(wav)).toBe(true);
  });

  it('refuses a text file and a photo with 415 before asking the provider', async () => {
    for (const file of [
      { filename: 'notes.webm', content: Buffer.from('just some words, not a recording\n'.repeat(20)) },
      { filename: 'photo.jpg', content: await jpegFile() },
    ]) {
      const res = await transcribeUpload(t, owner, file);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ message: TRANSCRIPTION_MESSAGES.notAudio });
    }
    expect(seen).toHaveLength(0);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('takes one file at a time and no more than an attachment may weigh, keeping nothing', async () => {
    const two = multipart([
      { name: 'audio', filename: 'a.webm', content: RECORDING },
      { name: 'audio', filename: 'b.webm', content: RECORDING },
    ]);
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/memories/transcriptions',
      headers: { cookie: owner.cookie, ...two.headers },
      payload: two.payload,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: 'Send one audio file at a time.' });

    const huge = await transcribeUpload(t, owner, {
      filename: 'long.webm',
      content: Buffer.concat([RECORDING, Buffer.alloc(ATTACHMENT_MAX_BYTES)]),
    });
    expect(huge.statusCode).toBe(413);
    const none = multipart([{ name: 'other', value: 'x' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/memories/transcriptions',
      headers: { cookie: owner.cookie, ...none.headers },
      payload: none.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(seen).toHaveLength(0);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('answers 503 with a safe message when the provider fails, and removes the recording', async () => {
    handler = reply(500, JSON.stringify({ error: { message: PROVIDER_SECRET } }));
    const res = await transcribeUpload(t, owner, { filename: 'a.webm', content: RECORDING });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'The speech-to-text service is not available right now.' });
    expect(res.body).not.toContain('whisper');
    expect(await tempFiles(t)).toEqual([]);
  });

  it('answers 503 when the provider refuses the key, and 502 for an answer that is not JSON', async () => {
    handler = reply(401, JSON.stringify({ error: PROVIDER_SECRET }));
    const refused = await transcribeUpload(t, owner, { filename: 'a.webm', content: RECORDING });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: 'The speech-to-text service refused the API key.' });

    handler = reply(200, `<html>${PROVIDER_SECRET}</html>`);
    const garbled = await transcribeUpload(t, owner, { filename: 'a.webm', content: RECORDING });
    expect(garbled.statusCode).toBe(502);
    expect(garbled.json()).toMatchObject({ message: 'The speech-to-text service answered in an unexpected format.' });
    expect(garbled.body).not.toContain(PROVIDER_SECRET);
  });

  it('transcribes a saved audio attachment of the caller, and 404s for another user', async () => {
    const { memoryId, attachmentId } = await memoryWith(owner, { filename: 'Voice message.webm', content: RECORDING });
    const res = await transcribeSaved(owner, memoryId, attachmentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'Grandpa sang by the fire.' });
    const file = seen[0]!.form.get('file') as File;
    expect(Buffer.from(await file.arrayBuffer()).equals(RECORDING)).toBe(true);

    const stranger = await transcribeSaved(other, memoryId, attachmentId);
    expect(stranger.statusCode).toBe(404);
    expect(seen).toHaveLength(1);
  });

  it('refuses a saved photo with 415 and a linked item or unknown id with 404', async () => {
    const { memoryId, attachmentId } = await memoryWith(owner, { filename: 'fire.jpg', content: await jpegFile() });
    const photo = await transcribeSaved(owner, memoryId, attachmentId);
    expect(photo.statusCode).toBe(415);
    expect(photo.json()).toMatchObject({ message: TRANSCRIPTION_MESSAGES.notAudio });
    expect((await transcribeSaved(owner, memoryId, 'p-1')).statusCode).toBe(404);
    expect((await transcribeSaved(owner, memoryId, '999999')).statusCode).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it('answers 404 with the not-configured message when no speech-to-text model is set, keeping nothing', async () => {
    const user = await signUp(off.app);
    const res = await transcribeUpload(off, user, { filename: 'a.webm', content: RECORDING });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: TRANSCRIPTION_MESSAGES.notConfigured });
    const saved = await off.app.inject({
      method: 'POST',
      url: '/api/memories/1/attachments/1/transcription',
      headers: { cookie: user.cookie },
    });
    expect(saved.statusCode).toBe(404);
    expect(saved.json()).toMatchObject({ message: TRANSCRIPTION_MESSAGES.notConfigured });
    expect(await tempFiles(off)).toEqual([]);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/memories/transcriptions' });
    expect(res.statusCode).toBe(401);
  });

  it('gives up on a provider that does not answer in time (the client on its own, with a short timeout)', async () => {
    handler = () => {}; // never answers
    const transcriber = createTranscriber({ baseUrl, model: 'whisper-test', timeoutMs: 300 });
    const failure = await transcriber.transcribe({ data: new Blob([RECORDING]), fileName: 'a.webm', mimeType: 'audio/webm' }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(AiError);
    expect(failure).toMatchObject({ kind: 'unavailable', message: 'The speech-to-text service did not answer in time.' });
  });
});
