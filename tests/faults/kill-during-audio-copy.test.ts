// kill -9 of the server while ffmpeg makes a memory recording's M4A copy (decision 040): the ffmpeg left behind
// finishes on its own but puts nothing in place (only the server renames), no half-made copy is served, and
// after the restart the job runs again by itself until the whole copy is there.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { dataDirClient } from '@tests/helpers/database';
import { FFMPEG, FFPROBE } from '@tests/helpers/video-fixture';
import { killableHeirloom, processesWith } from './helpers';

const run = promisify(execFile);
/** Long enough that the copy is still being made when the kill comes, on any machine (a few MB of Opus). */
const SECONDS = 240;
const AUDIO_COPY_JOB = 'memory.audio-copy';

interface AttachmentJson {
  id: string;
  filePath: string;
  playableUrl?: string | null;
}

describe('kill -9 while an audio copy is made', () => {
  const heirloom = killableHeirloom('heirloom-kill-audio-copy');
  const filesRoot = () => path.join(heirloom.dataDir, 'files');
  const userFiles = () => fs.readdirSync(filesRoot(), { recursive: true, encoding: 'utf8' }).filter((f) => f.startsWith('users/'));
  const api = (url: string, init: RequestInit = {}) =>
    fetch(`${heirloom.server.url}${url}`, { ...init, headers: { cookie: heirloom.cookie, ...init.headers } });

  it('puts no half-made copy in place when the server is killed, and makes the whole copy after the restart', async () => {
    const source = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'long-voice-')), 'long.webm');
    await run(FFMPEG, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=220:duration=${SECONDS}`],
      ...['-ac', '1', '-c:a', 'libopus', '-b:a', '8k', source],
    ]);
    const created = await api('/api/memories', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'A long story', content: 'Grandpa talks.', eventDate: '2026-11-28', isPublic: false, tags: [] }),
    });
    const { id: memoryId } = (await created.json()) as { id: number };
    const form = new FormData();
    form.append('attachments', new Blob([fs.readFileSync(source)], { type: 'audio/webm' }), 'long.webm');
    const uploaded = await api(`/api/memories/${memoryId}/attachments`, { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const [attachment] = (await uploaded.json()) as AttachmentJson[];

    // wait until ffmpeg is making the copy, then kill
    const original = userFiles().find((f) => f.endsWith('.webm'))!;
    for (let i = 0; processesWith(path.basename(original)) === ''; i++) {
      expect(
        userFiles().filter((f) => f.endsWith('.m4a')),
        'the copy finished before the kill: make the recording longer',
      ).toEqual([]);
      if (i > 600) throw new Error('the copy never started');
      await new Promise((r) => setTimeout(r, 100));
    }
    heirloom.server.child.kill('SIGKILL');
    await heirloom.server.exited;

    // ffmpeg ends with the server (setpriv --pdeathsig; where that is missing it runs to its end) and renames nothing
    for (let i = 0; i < 3000 && processesWith(path.basename(original)) !== ''; i++) await new Promise((r) => setTimeout(r, 100));
    expect(processesWith(path.basename(original)), 'the orphaned ffmpeg has ended').toBe('');
    expect(
      userFiles().filter((f) => f.endsWith('.m4a')),
      'nothing half-made is in place',
    ).toEqual([]);

    await heirloom.start(); // no request: the job comes back by itself
    const copyUrl = `${attachment!.filePath}?format=m4a`;
    expect((await api(copyUrl)).status, 'no copy is served before it is whole').toBe(404);
    // the restart puts the interrupted try back to wait for its retry delay (30 s and more): it is brought
    // forward here rather than waited for (how long a retry waits is the queue's setting, not this test's matter)
    const db = await dataDirClient(heirloom.dataDir);
    let listed: AttachmentJson | undefined;
    try {
      for (let i = 0; i < 1800; i++) {
        await db.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'retry' AND start_after > now()`, [
          AUDIO_COPY_JOB,
        ]);
        listed = ((await (await api(`/api/memories/${memoryId}/attachments`)).json()) as AttachmentJson[])[0];
        if (listed?.playableUrl) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await db.end();
    }
    expect(listed?.playableUrl).toBe(copyUrl);
    expect(fs.readdirSync(path.join(filesRoot(), '.tmp')), 'the temp folder holds nothing of it').toEqual([]);

    // the whole copy plays: AAC, as long as the original
    const played = await api(copyUrl);
    expect(played.headers.get('content-type')).toBe('audio/mp4');
    const file = path.join(heirloom.dataDir, 'played.m4a');
    fs.writeFileSync(file, Buffer.from(await played.arrayBuffer()));
    const { stdout } = await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
    const probe = JSON.parse(stdout) as { format: { duration: string }; streams: Array<{ codec_name: string }> };
    expect(probe.streams.map((s) => s.codec_name)).toEqual(['aac']);
    expect(Number(probe.format.duration)).toBeCloseTo(SECONDS, 0);
    fs.rmSync(path.dirname(source), { recursive: true, force: true });
  });
});
