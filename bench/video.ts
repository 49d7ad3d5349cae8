// npm run bench:video — a 1080p, 60-second HEVC clip (made here with the ffmpeg `npm ci` installs) uploaded
// as an iPhone would send it, through the resumable upload, until it plays (decision 038):
//   - the playable MP4 copy: time from the upload's end to 'ready', against the same ffmpeg command run alone
//     on the same file, in the same run (goal ≤ 1.2×);
//   - the server's event loop meanwhile (p99 ≤ 20 ms) and its memory growth (≤ 100 MB);
//   - the poster: ready ≤ 3 s after the upload.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Photo } from '../src/shared/schemas/photos';
import { findMediaTools, runFfmpeg } from '../src/server/lib/ffmpeg';
import { makePlayableCopy } from '../src/server/features/photos/video-derivatives';
import { signUp } from '../tests/helpers/users';
import { printTable, saveRows, startInProcessApp, type Row } from './lib';

const MB = 1024 * 1024;
const FIXTURES = path.join(os.tmpdir(), 'heirloom-bench-video');
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);

async function main() {
  const tools = await findMediaTools();
  if (!tools.available) throw new Error(`The video benchmark needs ffmpeg: ${tools.problem}`);
  fs.mkdirSync(FIXTURES, { recursive: true });
  const clip = path.join(FIXTURES, 'hevc-1080p-60s.mov');
  if (!fs.existsSync(clip)) {
    log('making a 1080p 60 s HEVC clip (once; kept in the temp folder)...');
    const partial = `${clip}.partial.mov`;
    await runFfmpeg(tools, [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
      ...[
        '-t',
        '60',
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'log-level=error',
        '-tag:v',
        'hvc1',
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-c:a', 'aac', '-shortest', partial],
    ]);
    fs.renameSync(partial, clip);
  }
  const size = fs.statSync(clip).size;
  log(`clip: ${(size / MB).toFixed(1)} MB`);

  // The baseline: the very command the server runs, alone, on the same file.
  const alone = path.join(FIXTURES, 'alone.mp4');
  const t0 = performance.now();
  await makePlayableCopy(tools, clip, alone, 'transcode', {});
  const aloneMs = performance.now() - t0;
  fs.rmSync(alone, { force: true });
  log(`ffmpeg alone: ${(aloneMs / 1000).toFixed(1)} s`);

  const { app, base, close } = await startInProcessApp();
  const rows: Row[] = [];
  try {
    const { cookie } = await signUp(app);
    const created = await fetch(`${base}/api/photos/video-uploads`, {
      method: 'POST',
      headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': `filename ${btoa('IMG_0001.MOV')}` },
    });
    const location = new URL(created.headers.get('location')!, base).toString();
    // curl streams the file from disk: the process's memory is the server's alone
    await new Promise<void>((resolve, reject) => {
      const curl = spawn('curl', [
        ...['-s', '-f', '-X', 'PATCH', '-H', `cookie: ${cookie}`, '-H', 'tus-resumable: 1.0.0', '-H', 'upload-offset: 0'],
        ...['-H', 'content-type: application/offset+octet-stream', '--data-binary', `@${clip}`, location],
      ]);
      curl.on('error', reject);
      curl.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`curl ended with ${code}`))));
    });

    global.gc?.();
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 100);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();

    const t1 = performance.now();
    const made = await fetch(`${base}/api/photos/videos`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ uploadId: location.split('/').pop() }),
    });
    if (made.status !== 201) throw new Error(`POST /api/photos/videos: ${made.status} ${await made.text()}`);
    const video = (await made.json()) as Photo;
    const createdMs = performance.now() - t1;
    let posterMs: number | undefined;
    let readyMs: number | undefined;
    while (readyMs === undefined) {
      await new Promise((r) => setTimeout(r, 250));
      const now = (await (await fetch(`${base}/api/photos/${video.id}`, { headers: { cookie } })).json()) as Photo;
      if (posterMs === undefined && now.derivativeStatus !== 'pending') posterMs = performance.now() - t1;
      if (now.video?.playback !== 'preparing') {
        if (now.video?.playback !== 'ready') throw new Error(`the video ended ${now.video?.playback}`);
        readyMs = performance.now() - t1;
      }
    }
    loop.disable();
    clearInterval(sampler);
    const p99 = loop.percentile(99) / 1e6;
    const growth = (rssPeak - rssBefore) / MB;
    log(`created in ${createdMs.toFixed(0)} ms, poster ${posterMs} ms, ready ${(readyMs / 1000).toFixed(1)} s`);

    rows.push(
      {
        figure: 'video: HEVC 1080p 60 s → playable MP4, upload end to ready',
        value: Math.round(readyMs),
        unit: 'ms',
        baseline: Math.round(aloneMs),
        ratio: readyMs / aloneMs,
        goal: '≤ 1.2× ffmpeg alone',
        pass: readyMs / aloneMs <= 1.2,
      },
      {
        figure: 'video: event-loop delay p99 while preparing',
        value: Number(p99.toFixed(1)),
        unit: 'ms',
        goal: '≤ 20 ms',
        pass: p99 <= 20,
      },
      {
        figure: 'video: server memory growth while preparing',
        value: Number(growth.toFixed(1)),
        unit: 'MB',
        goal: '≤ 100 MB',
        pass: growth <= 100,
      },
      {
        figure: 'video: poster ready after the upload',
        value: Math.round(posterMs!),
        unit: 'ms',
        goal: '≤ 3000 ms',
        pass: posterMs! <= 3000,
      },
      {
        figure: 'video: POST /api/photos/videos (probe, hash, store)',
        value: Math.round(createdMs),
        unit: 'ms',
        goal: 'report',
        pass: null,
      },
    );
  } finally {
    await close();
  }
  printTable(rows);
  saveRows('video', rows);
}

await main();
