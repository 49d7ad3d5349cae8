// npm run bench:photos — the photo pipeline, as ratios against baselines measured in the same run (absolute
// numbers swing about 2× between runs on these shared 2-core machines; ratios do not).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  use that server (a scratch database is
//                                                                    created and dropped); otherwise an
//                                                                    embedded PostgreSQL in a temp dir.
//   BENCH_SECONDS=3  length of each autocannon round.
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import * as schema from '../src/server/db/schema';
import { createHeicDecoder } from '../src/server/lib/heic-decoder';
import { renderDerivatives } from '../src/server/features/photos/photo-derivatives';
import { signUp } from '../tests/helpers/users';
import { cannonProcess, median, row, startInProcessApp, printTable, saveRows, type Row } from './lib';
import { ensureTool } from '../scripts/ensure-tool.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const MB = 1024 * 1024;
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);
const FIXTURES = path.join(os.tmpdir(), 'heirloom-bench-photos');
const execFileAsync = promisify(execFile);

/** A 4000 × 3000 photo-like JPEG (gradients and sensor-like noise: it compresses like a real photo). */
async function twelveMegapixelJpeg(file: string) {
  if (fs.existsSync(file)) return;
  const w = 4000;
  const h = 3000;
  const raw = Buffer.alloc(w * h * 3);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 24;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const n = noise();
      raw[i] = Math.max(0, Math.min(255, 128 + 100 * Math.sin(x / 300) + n));
      raw[i + 1] = Math.max(0, Math.min(255, 128 + 100 * Math.cos(y / 200) + n));
      raw[i + 2] = Math.max(0, Math.min(255, (x + y) / 28 + n));
    }
  }
  await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(file);
}

async function main() {
  fs.mkdirSync(FIXTURES, { recursive: true });
  const jpeg12 = path.join(FIXTURES, '12mp.jpg');
  const heic12 = path.join(FIXTURES, '12mp.heic');
  await twelveMegapixelJpeg(jpeg12);
  ensureTool('heif-enc', 'libheif-examples', 'The photos benchmark (it makes a 12 MP HEIC to upload)');
  if (!fs.existsSync(heic12)) execFileSync('heif-enc', ['-q', '50', '-p', 'preset=ultrafast', '-o', heic12, jpeg12], { stdio: 'ignore' });
  const padded = path.join(FIXTURES, 'upload-10mb.jpg');
  if (!fs.existsSync(padded)) {
    const tiny = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(padded, Buffer.concat([tiny, Buffer.alloc(10 * MB - 1024 - tiny.length)]));
  }
  log(`fixtures: 12 MP JPEG ${(fs.statSync(jpeg12).size / MB).toFixed(2)} MB, 12 MP HEIC ${(fs.statSync(heic12).size / MB).toFixed(2)} MB`);

  const { app, db, dataDir, base, close } = await startInProcessApp();
  const rows: Row[] = [];

  try {
    const {
      cookie,
      user: { id: userId },
    } = await signUp(app);

    const upload = async (file: string, name: string) => {
      const form = new FormData();
      form.append('photo', await fs.openAsBlob(file), name);
      const res = await fetch(`${base}/api/photos`, { method: 'POST', body: form, headers: { cookie } });
      if (res.status !== 201) throw new Error(`upload ${res.status}: ${await res.text()}`);
      return (await res.json()) as { id: number };
    };
    const waitReady = async (id: number) => {
      for (;;) {
        const list = (await (await fetch(`${base}/api/photos`, { headers: { cookie } })).json()) as {
          id: number;
          derivativeStatus: string;
        }[];
        if (list.find((p) => p.id === id)?.derivativeStatus !== 'pending') return;
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    // 1. Twenty concurrent 10 MB uploads (first, on a fresh process): memory growth and wall time vs writing
    // the same bytes straight to disk.
    const uploadDir = path.join(dataDir, 'raw-writes');
    fs.mkdirSync(uploadDir, { recursive: true });
    const rawWrite = async () => {
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const out = path.join(uploadDir, `raw-${i}`);
          const { pipeline } = await import('node:stream/promises');
          await pipeline(fs.createReadStream(padded), fs.createWriteStream(out, { flush: true }));
        }),
      );
      const ms = performance.now() - t0;
      fs.rmSync(uploadDir, { recursive: true, force: true });
      fs.mkdirSync(uploadDir, { recursive: true });
      return ms;
    };
    // The clients are curl processes (streaming from disk), so the process RSS is the server's alone.
    const curlUpload = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(
          'curl',
          [
            '-s',
            '-o',
            '/dev/null',
            '-w',
            '%{http_code}',
            '-H',
            `cookie: ${cookie}`,
            '-F',
            `photo=@${padded};filename=big-${i}.jpg;type=image/jpeg`,
            `${base}/api/photos`,
          ],
          { stdio: ['ignore', 'pipe', 'ignore'] },
        );
        let code = '';
        child.stdout.on('data', (d: Buffer) => (code += d.toString()));
        child.on('error', reject);
        child.on('close', () => (code === '201' ? resolve() : reject(new Error(`upload answered ${code}`))));
      });
    const uploadAll = async () => {
      global.gc?.();
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
      const t0 = performance.now();
      await Promise.all(Array.from({ length: 20 }, (_, i) => curlUpload(i)));
      const ms = performance.now() - t0;
      clearInterval(sampler);
      return { ms, growth: peak - before };
    };
    const rawTimes: number[] = [];
    const uploadTimes: number[] = [];
    const growths: number[] = [];
    for (let round = 0; round < 2; round++) {
      rawTimes.push(await rawWrite());
      const u = await uploadAll();
      uploadTimes.push(u.ms);
      growths.push(u.growth);
    }
    const growth = Math.max(...growths) / MB;
    rows.push(
      row('photos: memory growth, 20 concurrent 10 MB uploads', growth, 'MB', '≤ 64 MB', growth <= 64, {
        note: 'server process RSS; clients are curl',
      }),
    );
    const perMb = median(uploadTimes) / 200;
    const rawPerMb = median(rawTimes) / 200;
    rows.push(
      row('photos: upload time per MB vs raw disk write (20 × 10 MB)', perMb, 'ms/MB', '≤ 4×', perMb / rawPerMb <= 4, {
        baseline: rawPerMb,
        ratio: perMb / rawPerMb,
      }),
    );
    log(
      `20 × 10 MB uploads: ${median(uploadTimes).toFixed(0)} ms (raw write ${median(rawTimes).toFixed(0)} ms), RSS growth ${growth.toFixed(1)} MB`,
    );

    // 2. Mobile variant bytes vs the original, for a 12 MP photo.
    const photo = await upload(jpeg12, '12mp.jpg');
    await waitReady(photo.id);
    const original = fs.statSync(jpeg12).size;
    const mobile = (await (await fetch(`${base}/api/photos/image/${photo.id}?mobile=true`, { headers: { cookie } })).arrayBuffer())
      .byteLength;
    const mobileRatio = mobile / original;
    rows.push(
      row('photos: mobile variant bytes / original (12 MP)', mobile / 1024, 'KB', '≤ 1/15 (0.067)', mobileRatio <= 1 / 15, {
        baseline: original / 1024,
        ratio: mobileRatio,
      }),
    );
    log(`mobile variant ${(mobile / 1024).toFixed(0)} KB of ${(original / 1024).toFixed(0)} KB = 1/${(1 / mobileRatio).toFixed(1)}`);

    // 3. The image route for a ready thumbnail vs @fastify/static serving the same file, A B A B.
    const [stored] = await db.select({ key: schema.photos.filePath }).from(schema.photos).where(eq(schema.photos.id, photo.id));
    const thumbKey = `${path.basename(stored!.key)}.thumb.webp`;
    const staticApp = Fastify({ logger: false });
    await staticApp.register(fastifyStatic, { root: path.join(dataDir, 'files', `users/${userId}/photos`) });
    await staticApp.listen({ port: 0, host: '127.0.0.1' });
    const staticAddress = staticApp.server.address();
    const staticBase = `http://127.0.0.1:${typeof staticAddress === 'object' && staticAddress ? staticAddress.port : 0}`;
    const routeRps: number[] = [];
    const staticRps: number[] = [];
    let non2xx = 0;
    for (let round = 0; round < 3; round++) {
      const a = await cannonProcess(`${base}/api/photos/image/${photo.id}?size=thumb&t=1`, { cookie }, 10, SECONDS);
      const b = await cannonProcess(`${staticBase}/${thumbKey}`, {}, 10, SECONDS);
      routeRps.push(a.requests.average);
      staticRps.push(b.requests.average);
      non2xx += a.non2xx + b.non2xx;
    }
    await staticApp.close();
    const throughput = median(routeRps) / median(staticRps);
    rows.push(
      row('photos: thumbnail route req/s vs @fastify/static', median(routeRps), 'req/s', '≥ 0.9×', throughput >= 0.9, {
        baseline: median(staticRps),
        ratio: throughput,
        note: non2xx ? `${non2xx} non-2xx` : undefined,
      }),
    );
    log(
      `thumbnail route ${median(routeRps).toFixed(0)} req/s, @fastify/static ${median(staticRps).toFixed(0)} req/s (${throughput.toFixed(2)}×)`,
    );

    // 4. Derivatives per second (mobile + thumbnail) for 12 MP JPEGs, two at a time as the queue runs them.
    const heic = createHeicDecoder();
    const jobs = 12;
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      [0, 1].map(async () => {
        while (next++ < jobs) await renderDerivatives(jpeg12, 'image/jpeg', heic);
      }),
    );
    const perSecond = jobs / ((performance.now() - t0) / 1000);
    rows.push(row('photos: 12 MP thumbnails (+ mobile size) per second', perSecond, '/s', 'report', null));
    log(`derivatives: ${perSecond.toFixed(1)} photos/s`);

    // 5. HEIC 12 MP → full-size JPEG, in the worker, vs Debian's native heif-convert; event-loop delay meanwhile.
    const heifConvert = async () => {
      const out = path.join(FIXTURES, 'heif-convert-out.jpg');
      const t = performance.now();
      await execFileAsync('heif-convert', ['-q', '90', heic12, out]);
      return performance.now() - t;
    };
    const ours = async () => {
      const t = performance.now();
      const decoded = await heic.decode(heic12);
      await sharp(decoded.data, { raw: { width: decoded.width, height: decoded.height, channels: 4 } })
        .flatten({ background: '#fff' })
        .jpeg({ quality: 90 })
        .toBuffer();
      return performance.now() - t;
    };
    await ours(); // the worker's first start (loading libheif) is not what we measure
    const oursTimes: number[] = [];
    const nativeTimes: number[] = [];
    const allTimes: number[] = [];
    const p99s: number[] = [];
    const maxes: number[] = [];
    for (let round = 0; round < 3; round++) {
      // a fresh histogram per round: a re-enabled one would count the pause in between as one long delay
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      oursTimes.push(await ours());
      const t = performance.now();
      await renderDerivatives(heic12, 'image/heic', heic);
      allTimes.push(performance.now() - t);
      delay.disable();
      p99s.push(delay.percentile(99) / 1e6);
      maxes.push(delay.max / 1e6);
      nativeTimes.push(await heifConvert());
    }
    await heic.close();
    const heicRatio = median(oursTimes) / median(nativeTimes);
    const p99 = Math.max(...p99s);
    rows.push(
      row('photos: HEIC 12 MP → JPEG vs heif-convert', median(oursTimes), 'ms', '≤ 1.5×', heicRatio <= 1.5, {
        baseline: median(nativeTimes),
        ratio: heicRatio,
        note: `all 3 derivatives ${median(allTimes).toFixed(0)} ms`,
      }),
    );
    rows.push(row('photos: event-loop delay p99 during HEIC conversion', p99, 'ms', '≤ 20 ms', p99 <= 20));
    log(
      `HEIC: ours ${median(oursTimes).toFixed(0)} ms, heif-convert ${median(nativeTimes).toFixed(0)} ms (${heicRatio.toFixed(2)}×); event loop p99 ${p99.toFixed(1)} ms (worst round), max ${Math.max(...maxes).toFixed(1)} ms`,
    );
  } finally {
    await close();
  }

  console.log('');
  printTable(rows);
  saveRows('photos', rows);
  log('done');
}

await main();
