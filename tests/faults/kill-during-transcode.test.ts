// kill -9 of the server while ffmpeg makes a video's playable copy (decision 038): ffmpeg goes with it (the
// kernel ends it: setpriv --pdeathsig), nothing half-made is in place, and after the restart the job runs
// again by itself until the whole copy plays.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Photo } from '@shared/schemas/photos';
import { dataDirClient } from '@tests/helpers/database';
import { FFPROBE, makeVideo, uploadVideo } from '@tests/helpers/video-fixture';
import { killableHeirloom, processesWith } from './helpers';

/** Long enough that the copy is still being made when the kill comes, on any machine. */
const SECONDS = 20;
const PLAYABLE_JOB = 'video.playable';

describe('kill -9 while a video is transcoded', () => {
  const heirloom = killableHeirloom('heirloom-kill-transcode');
  const filesRoot = () => path.join(heirloom.dataDir, 'files');
  const userFiles = () => fs.readdirSync(filesRoot(), { recursive: true, encoding: 'utf8' }).filter((f) => f.startsWith('users/'));

  async function video(id: number): Promise<Photo> {
    const res = await fetch(`${heirloom.server.url}/api/photos/${id}`, { headers: { cookie: heirloom.cookie } });
    return (await res.json()) as Photo;
  }

  it('stops ffmpeg with the server, serves no half-made copy, and finishes the copy after the restart', async () => {
    const clip = fs.readFileSync(await makeVideo('hevc-mov', { seconds: SECONDS, size: '640x360' }));
    const res = await uploadVideo(heirloom.server.url, heirloom.cookie, clip, 'long.mov');
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as Photo;

    // wait until the copy is under way (progress reported), then kill
    for (let i = 0; ; i++) {
      const now = await video(id);
      if ((now.video?.progress ?? 0) > 0) break;
      expect(now.video?.playback, 'the copy finished before the kill: make the clip longer').toBe('preparing');
      if (i > 600) throw new Error('the copy never started');
      await new Promise((r) => setTimeout(r, 100));
    }
    const original = userFiles().find((f) => f.endsWith('.mov'))!;
    expect(processesWith(path.basename(original)), 'ffmpeg is making the copy').not.toBe('');
    heirloom.server.child.kill('SIGKILL');
    await heirloom.server.exited;

    // the kernel ends ffmpeg with its parent: gone at once, long before the copy could have been finished
    for (let i = 0; i < 10 && processesWith(path.basename(original)) !== ''; i++) await new Promise((r) => setTimeout(r, 100));
    expect(processesWith(path.basename(original)), 'no ffmpeg left running for a dead server').toBe('');
    expect(
      userFiles().filter((f) => f.endsWith('.play.mp4')),
      'nothing half-made is in place',
    ).toEqual([]);

    await heirloom.start(); // no request, no maintenance
    // the restart puts the interrupted try back to wait for its retry delay (30 s and more): it is brought
    // forward here rather than waited for (how long a retry waits is the queue's setting, not this test's matter)
    const db = await dataDirClient(heirloom.dataDir);
    let ready: Photo | undefined;
    try {
      for (let i = 0; i < 1200; i++) {
        await db.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'retry' AND start_after > now()`, [
          PLAYABLE_JOB,
        ]);
        const now = await video(id);
        if (now.video?.playback !== 'preparing') {
          ready = now;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await db.end();
    }
    expect(ready?.video?.playback).toBe('ready');
    expect(fs.readdirSync(path.join(filesRoot(), '.tmp')), 'the temp folder holds nothing of it').toEqual([]);

    // the whole copy plays: H.264, as long as the original
    const played = await fetch(`${heirloom.server.url}${ready!.video!.url}`, { headers: { cookie: heirloom.cookie } });
    expect(played.headers.get('content-type')).toBe('video/mp4');
    const file = path.join(heirloom.dataDir, 'played.mp4');
    fs.writeFileSync(file, Buffer.from(await played.arrayBuffer()));
    const { stdout } = await promisify(execFile)(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
    const probe = JSON.parse(stdout) as { format: { duration: string }; streams: Array<{ codec_type: string; codec_name: string }> };
    expect(probe.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(Number(probe.format.duration)).toBeCloseTo(SECONDS, 0);
  });
});
