// A voice message in a plain Legacy Plan letter (decision 039): checked by its bytes like a memory's audio,
// kept in the letter, and played back by the heir once the letter is released (sealed letters carry theirs
// inside the ciphertext: letter-dialog-record.test.tsx).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_ATTACHMENTS_TOO_LARGE, LETTER_AUDIO_ONLY, type Letter, type Received, type Release } from '@shared/schemas/legacy';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { addHeir, call, newKeyCode, openWith, readZip, release, type Actor } from './legacy.test-world';

const RECORDING = fs.readFileSync(path.resolve('tests/fixtures/files/recorded-audio.webm'));
const VIDEO = fs.readFileSync(path.resolve('tests/fixtures/files/recorded-video.webm'));
const NAME = 'Voice message 2026-11-26 14.03.webm';

let t: TestApp;
let owner: Actor;
let stranger: Actor;
let heirId: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, { firstName: 'Ada', surname: 'Lovelace' });
  stranger = await signUp(t.app);
  const contact = await call(t, owner, 'POST', '/api/contacts', {
    firstName: 'Grace',
    lastName: 'King',
    relationship: 'family',
    email: 'grace@example.com',
  });
  heirId = (await addHeir(t, owner, (contact.json() as { id: number }).id)).id;
});
afterAll(() => t.close());

const letterWith = (who: Actor, attachments: Array<{ name: string; type: string; data: string }>, extra: object = {}) =>
  call(t, who, 'POST', '/api/legacy/letters', { heirId, title: 'Listen', body: 'This is my voice.', attachments, ...extra });

describe('a voice message in a plain letter', () => {
  it('survives send → release → the heir opens it, byte for byte, in the view and in Download everything', async () => {
    const sent = await letterWith(owner, [{ name: NAME, type: 'audio/webm;codecs=opus', data: RECORDING.toString('base64') }]);
    expect(sent.statusCode).toBe(201);
    const letter = sent.json() as Letter;
    // the owner's list names it without its bytes; the type is the one the bytes say
    expect(letter.attachments).toEqual([{ name: NAME, type: 'audio/webm', size: RECORDING.length }]);

    const releases = (await call(t, owner, 'GET', '/api/legacy/releases')).json() as Release[];
    await release(t, releases.find((r) => r.target.kind === 'letter' && r.target.id === letter.id)!.id);
    const keyCode = await newKeyCode(t, owner, heirId);
    const { cookie } = await openWith(t, keyCode);
    const received = (await t.app.inject({ method: 'GET', url: '/api/legacy/received', headers: { cookie } })).json() as Received;
    const got = received.letters.find((l) => l.id === letter.id)!;
    expect(got.body).toBe('This is my voice.');
    expect(got.attachments).toHaveLength(1);
    expect(got.attachments[0]).toMatchObject({ name: NAME, type: 'audio/webm' });
    expect(Buffer.from(got.attachments[0]!.data, 'base64').equals(RECORDING)).toBe(true);

    const zip = await readZip(
      (await t.app.inject({ method: 'GET', url: '/api/legacy/received/download', headers: { cookie } })).rawPayload,
    );
    expect(zip.get(`letters/Listen - ${NAME}`)!.equals(RECORDING)).toBe(true);
    // the letter's own page plays it with no script; letters/index.html links it
    const file = encodeURIComponent(`Listen - ${NAME}`);
    expect(zip.get('letters/Listen.html')!.toString()).toContain(`<audio controls src="${file}"`);
    expect(zip.get('letters/index.html')!.toString()).toContain(`<a href="${file}">${NAME}</a>`);
  });

  it('refuses what is not sound by its bytes (a text named .webm, a video recording) with 415, keeping nothing', async () => {
    const before = ((await call(t, owner, 'GET', '/api/legacy/letters')).json() as Letter[]).length;
    for (const data of [Buffer.from('not a recording at all\n'.repeat(10)), VIDEO]) {
      const res = await letterWith(owner, [{ name: NAME, type: 'audio/webm', data: data.toString('base64') }]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ message: LETTER_AUDIO_ONLY });
    }
    expect(((await call(t, owner, 'GET', '/api/legacy/letters')).json() as Letter[]).length).toBe(before);
  });

  it('refuses more than 9 MB in all, an empty file, and files beside a sealed letter', async () => {
    const half = Buffer.concat([RECORDING, Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    const big = await letterWith(owner, [
      { name: 'a.webm', type: 'audio/webm', data: half },
      { name: 'b.webm', type: 'audio/webm', data: half },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: LETTER_ATTACHMENTS_TOO_LARGE });
    expect((await letterWith(owner, [{ name: 'a.webm', type: 'audio/webm', data: '' }])).statusCode).toBe(400);

    const both = await call(t, owner, 'POST', '/api/legacy/letters', {
      heirId,
      title: 'x',
      sealed: {
        version: 1,
        recipientPublicKey: 'a'.repeat(43),
        ephemeralPublicKey: 'a'.repeat(43),
        wrappedKey: 'a',
        wrapIv: 'a',
        iv: 'a',
        ciphertext: 'a',
      },
      attachments: [{ name: NAME, type: 'audio/webm', data: RECORDING.toString('base64') }],
    });
    expect(both.statusCode).toBe(400);
  });

  it('another user cannot write to this heir, recording or not', async () => {
    const res = await letterWith(stranger, [{ name: NAME, type: 'audio/webm', data: RECORDING.toString('base64') }]);
    expect(res.statusCode).toBe(404);
  });
});
