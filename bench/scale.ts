// npm run bench:scale — heirloom scaled out (issue 17): the load test's API mix (bench/load-user.ts, without
// think time) against one instance and then against two instances on one PostgreSQL and one bucket, in the
// same run; and photo upload throughput to a local S3 server vs to the local disk. Both instances share this
// machine's cores, so the ratio shows what sharing state costs, not a speed-up.
//
//   SCALE_SECONDS=20   length of each load phase (default 20)
//   SCALE_USERS=12     simulated people per phase (default 12)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { createScratchDatabase, startTempPostgres } from '../tests/helpers/database';
import { startLocalS3 } from '../tests/helpers/s3';
import { signUpHttp } from '../tests/helpers/users';
import { ensureBuild, percentile, printTable, saveRows, startProcess, type Row, type RunningServer } from './lib';
import { SimulatedUser, type Recorder, type Sample } from './load-user';

const SECONDS = Number(process.env.SCALE_SECONDS ?? 20);
const USERS = Number(process.env.SCALE_USERS ?? 12);
const UPLOADS = 24;
const UPLOADS_AT_ONCE = 4;
const MB = 2 ** 20;

/** A database on the machine's PostgreSQL (TEST_DATABASE_URL) or, without one, a temporary cluster. */
async function scratchDatabase(): Promise<{ url: string; dispose: () => Promise<unknown> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const scratch = await createScratchDatabase({ connectionString: admin }, 'heirloom_scale');
    return { url: scratch.config.connectionString!, dispose: () => scratch.drop() };
  }
  const temp = await startTempPostgres('heirloom-scale-db');
  return { url: temp.url, dispose: () => temp.dispose() };
}

interface MixResult {
  requestsPerSecond: number;
  jsonP95: number;
  imageP95: number;
  errors: number;
}

/** SimulatedUsers spread over the instances round-robin, clicking without pause for SECONDS. */
async function runMix(urls: string[]): Promise<MixResult> {
  const rec: Recorder = { samples: [], startedAt: performance.now() };
  const users = Array.from({ length: USERS }, (_, i) => new SimulatedUser(i, urls[i % urls.length]!, rec, () => []));
  for (const user of users) await user.signIn();
  rec.samples.length = 0;
  rec.startedAt = performance.now();
  const deadline = rec.startedAt + SECONDS * 1000;
  await Promise.all(users.map((u) => u.run(deadline, () => 0)));
  const elapsed = (performance.now() - rec.startedAt) / 1000;
  const ms = (kind: Sample['kind']) => rec.samples.filter((s) => s.kind === kind).map((s) => s.ms);
  return {
    requestsPerSecond: rec.samples.length / elapsed,
    jsonP95: percentile(ms('json'), 95),
    imageP95: percentile(ms('image'), 95),
    errors: rec.samples.filter((s) => s.status === 0 || s.status >= 500).length,
  };
}

/** MB/s of UPLOADS photo uploads (UPLOADS_AT_ONCE in flight) to one instance. */
async function uploadThroughput(url: string, images: Buffer[]): Promise<number> {
  const { cookie } = await signUpHttp(url);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: UPLOADS_AT_ONCE }, async () => {
      while (next < images.length) {
        const image = images[next++]!;
        const form = new FormData();
        form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'upload.jpg');
        const res = await fetch(`${url}/api/photos`, { method: 'POST', headers: { cookie }, body: form });
        if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      }
    }),
  );
  const bytes = images.reduce((sum, image) => sum + image.length, 0);
  return bytes / MB / ((performance.now() - started) / 1000);
}

/** A 4000×3000 noisy JPEG (~5 MB): a phone picture's size, different bytes each time. */
const phonePhoto = () =>
  sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .resize(4000, 3000, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .toBuffer();

async function benchScale(): Promise<Row[]> {
  const { server } = await ensureBuild();
  const s3 = await startLocalS3();
  const shared = await scratchDatabase();
  const diskDatabase = await scratchDatabase();
  const running: RunningServer[] = [];
  const start = async (env: Record<string, string>) => {
    const instance = await startProcess(server, { LOG_LEVEL: 'error', ...env });
    running.push(instance);
    return instance;
  };
  const rows: Row[] = [];
  try {
    const bucket = await s3.newBucket();
    const scaled = { ...bucket, DATABASE_URL: shared.url };
    const a = await start(scaled);

    console.log(`API mix, ${USERS} people, ${SECONDS} s: one instance…`);
    await runMix([a.url]); // warm-up: JIT, caches, the first rows
    const one = await runMix([a.url]);
    const b = await start(scaled);
    console.log('…two instances on one PostgreSQL and one bucket…');
    const two = await runMix([a.url, b.url]);
    const ratio = two.requestsPerSecond / one.requestsPerSecond;
    rows.push(
      {
        figure: 'Scale: API mix req/s, two instances vs one (same 2 cores)',
        value: Math.round(two.requestsPerSecond),
        unit: 'req/s',
        baseline: Math.round(one.requestsPerSecond),
        ratio,
        goal: '≥ 0.8×',
        pass: ratio >= 0.8,
        note: 'both instances share this machine: the ratio is the cost of shared state, not a speed-up',
      },
      {
        figure: 'Scale: JSON p95, two instances (baseline one)',
        value: Math.round(two.jsonP95),
        unit: 'ms',
        baseline: Math.round(one.jsonP95),
        ratio: two.jsonP95 / one.jsonP95,
        goal: '≤ 300 ms',
        pass: two.jsonP95 <= 300 && one.jsonP95 <= 300,
      },
      {
        figure: 'Scale: thumbnail p95, two instances (baseline one)',
        value: Math.round(two.imageP95),
        unit: 'ms',
        baseline: Math.round(one.imageP95),
        ratio: two.imageP95 / one.imageP95,
        goal: 'report',
        pass: null,
        note: 'includes thumbnails of photos uploaded a moment before, which wait up to 2 s for their making (decision 017)',
      },
      {
        figure: 'Scale: server errors (5xx or no answer) in both phases',
        value: one.errors + two.errors,
        unit: 'requests',
        goal: '0',
        pass: one.errors + two.errors === 0,
      },
    );
    await b.stop();

    console.log(`Upload throughput: ${UPLOADS} phone photos to the bucket and to the local disk…`);
    const disk = await start({ DATABASE_URL: diskDatabase.url });
    const images = await Promise.all(Array.from({ length: UPLOADS }, phonePhoto));
    await uploadThroughput(disk.url, images.slice(0, 4)); // warm-up
    await uploadThroughput(a.url, images.slice(0, 4));
    const toDisk = await uploadThroughput(disk.url, images);
    const toBucket = await uploadThroughput(a.url, images);
    rows.push({
      figure: 'Scale: photo upload MB/s to S3 (local server) vs local disk',
      value: Math.round(toBucket * 10) / 10,
      unit: 'MB/s',
      baseline: Math.round(toDisk * 10) / 10,
      ratio: toBucket / toDisk,
      goal: '≥ 0.5×',
      pass: toBucket / toDisk >= 0.5,
      note: 'the S3 server (s3rver) runs on the same cores as heirloom',
    });
  } finally {
    for (const instance of running) await instance.stop();
    await shared.dispose();
    await diskDatabase.dispose();
    await s3.close();
  }
  return rows;
}

const rows = await benchScale();
printTable(rows);
saveRows('scale', rows);
