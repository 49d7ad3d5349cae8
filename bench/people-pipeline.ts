// The pipeline part of npm run bench:people (issue 29): photos uploaded through the API to the app in this process
// (FACE_RECOGNITION on), which makes their copies and finds their faces in its worker thread, against the model
// alone (face-finder.ts, its own worker thread) on the same pictures at the same size, in the same run. The
// pictures: the model package's sample pictures, each in a few variants made with sharp (mirrored, brighter,
// cropped) so that no two files are the same.
//  • seconds a photo, server pipeline (copies + faces + grouping) vs the model alone (goal ≤ 1.3×)
//  • photos an hour on this machine; the process's memory growth (goal ≤ 300 MB)
//  • event-loop delay p99 in the app's process while the backfill runs (goal ≤ 20 ms)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { PeopleStatus } from '@shared/schemas/people';
import { createFaceFinder } from '../src/server/ai/faces/face-finder';
import { signUp } from '../tests/helpers/users';
import { startInProcessApp, type Row } from './lib';

const assets = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')), '..', 'assets');
const SOURCES = ['samples.jpg', 'screenshot-faceid.jpg', 'screenshot-facedetect.jpg', 'screenshot-facematch.jpg', 'screenshot-vrm.jpg'];

async function pictures(dir: string, count: number) {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const source = path.join(assets, SOURCES[i % SOURCES.length]!);
    const round = Math.floor(i / SOURCES.length);
    let s = sharp(source).resize(1280, 1280, { fit: 'inside' });
    if (round % 2 === 1) s = s.flop();
    s = s.modulate({ brightness: 1 + (round % 4) * 0.05 });
    const file = path.join(dir, `picture-${i}.jpg`);
    await s.jpeg({ quality: 90 - (round % 5) }).toFile(file);
    files.push(file);
  }
  return files;
}

export async function measurePipeline(scale: number, log: (...a: unknown[]) => void): Promise<Row[]> {
  const count = Math.max(5, Math.round(40 * scale));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-faces-'));
  try {
    const files = await pictures(dir, count);
    // The model alone: the same pictures at the size the server looks at (its mobile copy is at most 1,280 px;
    // the worker takes it to 1,024).
    const finder = createFaceFinder();
    await finder.find(files[0]!); // the models loaded, as the server's worker will have them for all but its first photo
    let t = performance.now();
    let alone = 0;
    for (const file of files) alone += (await finder.find(file)).faces.length;
    const aloneMs = (performance.now() - t) / files.length;
    await finder.close();
    log(`pipeline: the model alone ${aloneMs.toFixed(0)} ms a photo, ${alone} faces in ${files.length} photos`);

    const { app, base, db, close } = await startInProcessApp({ FACE_RECOGNITION: 'on' });
    try {
      const { cookie } = await signUp(app);
      const status = async () => (await (await fetch(`${base}/api/people/status`, { headers: { cookie } })).json()) as PeopleStatus;
      const rss0 = process.memoryUsage().rss;
      let peak = rss0;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      t = performance.now();
      for (const [i, file] of files.entries()) {
        const form = new FormData();
        form.append('photo', await fs.openAsBlob(file), `photo-${i}.jpg`);
        const res = await fetch(`${base}/api/photos`, { method: 'POST', body: form, headers: { cookie } });
        if (res.status !== 201) throw new Error(`upload ${res.status}: ${await res.text()}`);
      }
      let done: PeopleStatus;
      for (;;) {
        done = await status();
        if (done.photosDone + done.photosFailed >= files.length) break;
        if (performance.now() - t > 30 * 60_000) throw new Error('the photos were not looked at within half an hour');
        await new Promise((r) => setTimeout(r, 200));
      }
      const serverMs = (performance.now() - t) / files.length;
      loop.disable();
      clearInterval(sampler);
      const faces = (await db.execute<{ n: number }>(sql`select count(*)::int as n from faces where source = 'detected'`)).rows[0]!.n;
      const growthMb = (peak - rss0) / 2 ** 20;
      const p99 = loop.percentile(99) / 1e6;
      log(
        `pipeline: the server ${serverMs.toFixed(0)} ms a photo (${faces} faces), +${growthMb.toFixed(0)} MB, loop p99 ${p99.toFixed(1)} ms`,
      );
      return [
        {
          figure: `people pipeline: seconds a photo (≤1,280 px copy, faces at 1,024 px), server vs model alone`,
          value: serverMs / 1000,
          unit: 's',
          baseline: aloneMs / 1000,
          ratio: serverMs / aloneMs,
          goal: '≤ 1.3×',
          pass: serverMs / aloneMs <= 1.3,
          note: `${files.length} photos; ${faces} faces found by the server, ${alone} by the model alone`,
        },
        {
          figure: 'people pipeline: photos an hour (this machine)',
          value: 3_600_000 / serverMs,
          unit: 'photos',
          goal: 'report',
          pass: null,
        },
        { figure: 'people pipeline: memory growth of the process', value: growthMb, unit: 'MB', goal: '≤ 300 MB', pass: growthMb <= 300 },
        { figure: 'people pipeline: event-loop p99 during the backfill', value: p99, unit: 'ms', goal: '≤ 20 ms', pass: p99 <= 20 },
      ];
    } finally {
      await close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
