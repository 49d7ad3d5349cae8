// kill -9 of the server while it looks for faces in a library (issue 29, decision 057): after the restart the
// job takes up the photos where it stopped, by itself. No photo is looked at twice (each keeps exactly its one
// face) and none is skipped (every photo ends done). The server runs with every connection off this machine
// refused (tests/helpers/no-network.cjs, in its worker threads too): the whole pipeline works offline.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Face, PeopleStatus } from '@shared/schemas/people';
import { killableHeirloom } from './helpers';

const PHOTOS = 30;
const portrait = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '..',
  'assets',
  'screenshot-faceid.jpg',
);

const guard = path.resolve('tests/helpers/no-network.cjs');
const refusedLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-no-network-')), 'refused.log');
const offline = { NODE_OPTIONS: `--require ${guard}`, NO_NETWORK_LOG: refusedLog };

describe('kill -9 while faces are found', () => {
  const heirloom = killableHeirloom('heirloom-kill-faces', { FACE_RECOGNITION: 'on', ...offline });

  it('runs the server where nothing off this machine can be reached (the guard refuses and writes it down)', () => {
    const log = path.join(path.dirname(refusedLog), 'probe.log');
    const script = "fetch('http://192.0.2.1/').then(() => process.exit(1), () => process.exit(0))";
    execFileSync(process.execPath, ['-e', script], { env: { ...process.env, ...offline, NO_NETWORK_LOG: log } });
    expect(fs.readFileSync(log, 'utf8')).toContain('connect 192.0.2.1:80');
  });
  const api = (url: string, init: RequestInit = {}) =>
    fetch(`${heirloom.server.url}${url}`, { ...init, headers: { cookie: heirloom.cookie, ...init.headers } });
  const status = async () => (await (await api('/api/people/status')).json()) as PeopleStatus;

  it('takes up the photos where it stopped after the restart: none looked at twice, none skipped', async () => {
    const ids: number[] = [];
    for (let i = 0; i < PHOTOS; i++) {
      // the same face, each photo a little different (size, light), so each is its own file
      const picture = await sharp(portrait)
        .resize(500 + i * 10)
        .modulate({ brightness: 0.9 + (i % 5) * 0.05 })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), `portrait-${i}.jpg`);
      const res = await api('/api/photos', { method: 'POST', body: form });
      expect(res.status, await res.clone().text()).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }

    // kill once some photos are done and others are not
    for (let i = 0; ; i++) {
      const now = await status();
      expect(now.photosPending, 'every photo was done before the kill: add photos').toBeGreaterThan(0);
      if (now.photosDone >= 3) break;
      if (i > 1200) throw new Error('no photo was looked at');
      await new Promise((r) => setTimeout(r, 50));
    }
    heirloom.server.child.kill('SIGKILL');
    await heirloom.server.exited;

    await heirloom.start(); // no request: the job comes back by itself
    let after = await status();
    for (let i = 0; i < 1200 && after.photosDone < PHOTOS; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await status();
    }
    expect(after).toMatchObject({ photosTotal: PHOTOS, photosDone: PHOTOS, photosPending: 0, photosFailed: 0 });
    for (const id of ids) {
      const faces = (await (await api(`/api/photos/${id}/faces`)).json()) as Face[];
      expect(faces, `photo ${id}`).toHaveLength(1);
    }
    expect(fs.existsSync(refusedLog) ? fs.readFileSync(refusedLog, 'utf8') : '', 'connections off this machine').toBe('');
  }, 240_000);
});
