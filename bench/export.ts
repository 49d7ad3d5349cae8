// npm run bench:export — "Export everything" and importing the archive again, on a 2 GB library (issue 14):
//   - export throughput as a ratio against `zip -0 -r` of the same files, timed in the same run (goal ≥ 0.5×);
//   - the server process's memory growth while it exports and while it imports (goal ≤ 100 MB each);
//   - import throughput as a ratio against `unzip` of the same archive (no goal: for comparison).
//
//   BENCH_EXPORT_MB=2048  size of the library (photos, voice recordings, documents).
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import sharp from 'sharp';
import { ensureTool } from '../scripts/ensure-tool.mjs';
import { dataDirClient } from '../tests/helpers/database';
import { signUpHttp } from '../tests/helpers/users';
import { ensureBuild, printTable, saveRows, startProcess, type Row } from './lib';

const MB = 1024 * 1024;
const LIBRARY_BYTES = Number(process.env.BENCH_EXPORT_MB ?? 2048) * MB;
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);

ensureTool('zip', 'zip', 'The export benchmark (its baseline is zip -0)');
ensureTool('unzip', 'unzip', 'The export benchmark (its import baseline is unzip)');

/** RSS of one process (the Node server, without its PostgreSQL). */
function rss(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples a process's RSS every 50 ms until stopped; returns the peak. */
function sampleRss(pid: number) {
  let peak = rss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 50);
  return {
    peak: () => peak,
    stop() {
      clearInterval(timer);
      return Math.max(peak, rss(pid));
    },
  };
}

/** A 3000 × 2000 photo-like JPEG: gradients and noise, so it is as large as a camera's. */
async function photoLikeJpeg() {
  const w = 3000;
  const h = 2000;
  const raw = Buffer.alloc(w * h * 3);
  let seed = 11;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = ((i / 3) % w) / 12 + (seed % 64);
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The same JPEG made unique by a comment segment right after SOI (no re-encoding, still a valid image). */
function uniqueJpeg(base: Buffer, n: number) {
  const text = Buffer.from(`heirloom bench photo ${n}`);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), segment, text, base.subarray(2)]);
}

/** A WAV voice recording of `bytes` bytes (random samples: incompressible, like real audio). */
function wav(bytes: number) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(bytes - 8, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(44100, 24);
  header.writeUInt32LE(88200, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(bytes - 44, 40);
  return Buffer.concat([header, randomBytes(bytes - 44)]);
}

/**
 * Seeds the library straight into storage and the database (uploading 2 GB through the API would time the
 * photo pipeline, not the exporter). Photos are marked 'failed' so no derivative job touches them.
 */
async function seedLibrary(dataDir: string, userId: number) {
  const filesRoot = path.join(dataDir, 'files');
  const db = await dataDirClient(dataDir);
  const write = (key: string, data: Buffer) => {
    fs.mkdirSync(path.dirname(path.join(filesRoot, key)), { recursive: true });
    fs.writeFileSync(path.join(filesRoot, key), data);
    return createHash('sha256').update(data).digest('hex');
  };
  const base = await photoLikeJpeg();
  let total = 0;
  let photos = 0;
  let recordings = 0;
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO memories (user_id, title, content, event_date, tags, location)
       SELECT $1, 'Memory ' || g, 'What happened that day, told at length. ' || g, date '1980-01-01' + g * 40, '{family,summer}', 'Lisbon'
       FROM generate_series(1, 40) g RETURNING id`,
      [userId],
    );
    const memoryIds = rows.map((r) => r.id);
    // about 30% photos, 65% voice recordings, 5% documents
    while (total < LIBRARY_BYTES * 0.3) {
      const data = uniqueJpeg(base, photos);
      const key = `users/${userId}/photos/bench-${photos}.jpg`;
      const hash = write(key, data);
      await db.query(
        `INSERT INTO photos (user_id, file_path, file_name, file_size, mime_type, title, date_taken, content_hash, width, height, derivative_status, memory_id)
         VALUES ($1, $2, $3, $4, 'image/jpeg', $5, now() - $6 * interval '1 day', $7, 3000, 2000, 'failed', $8)`,
        [userId, key, `IMG_${photos}.jpg`, data.length, `Photo ${photos}`, photos, hash, photos % 5 === 0 ? memoryIds[photos % 40] : null],
      );
      total += data.length;
      photos++;
    }
    while (total < LIBRARY_BYTES * 0.95) {
      const data = wav(15 * MB - 1024);
      const key = `users/${userId}/attachments/bench-${recordings}.wav`;
      const hash = write(key, data);
      await db.query(
        `INSERT INTO memory_attachments (memory_id, user_id, file_path, file_name, file_size, mime_type, content_hash)
         VALUES ($1, $2, $3, $4, $5, 'audio/wav', $6)`,
        [memoryIds[recordings % 40], userId, key, `voice-${recordings}.wav`, data.length, hash],
      );
      total += data.length;
      recordings++;
    }
    const documents = Math.max(1, Math.floor((LIBRARY_BYTES - total) / (2 * MB)));
    for (let i = 0; i < documents; i++) {
      const data = randomBytes(2 * MB);
      const key = `users/${userId}/vault/bench-${i}.bin`;
      const hash = write(key, data);
      await db.query(
        `INSERT INTO vault_files (user_id, file_name, original_name, file_path, file_size, mime_type, content_hash)
         VALUES ($1, $2, $3, $2, $4, 'application/octet-stream', $5)`,
        [userId, key, `Document ${i}.bin`, data.length, hash],
      );
      total += data.length;
    }
    return { bytes: total, photos, recordings, documents };
  } finally {
    await db.end();
  }
}

interface Job {
  id: number;
  status: string;
  error: string | null;
  bytes?: number | null;
  report?: unknown;
}

async function waitForJob(url: string, cookie: string): Promise<Job> {
  for (;;) {
    const job = (await (await fetch(url, { headers: { cookie } })).json()) as Job;
    if (job.status === 'ready' || job.status === 'done') return job;
    if (job.status === 'failed') throw new Error(`${url} failed: ${job.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const seconds = (since: number) => (performance.now() - since) / 1000;

const { server: entry } = await ensureBuild();
// MALLOC_ARENA_MAX=2 as `npm start` sets it: glibc otherwise keeps a growing arena per image-decoding thread.
const server = await startProcess(entry, { MALLOC_ARENA_MAX: '2', STORAGE_QUOTA_MB: String(Math.ceil((LIBRARY_BYTES * 3) / MB)) });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-export-'));
try {
  const owner = await signUpHttp(server.url);
  const library = await seedLibrary(server.dataDir, owner.user.id);
  log(
    `library: ${(library.bytes / MB).toFixed(0)} MB — ${library.photos} photos, ${library.recordings} recordings, ${library.documents} documents`,
  );
  const pid = server.child.pid!;

  // Export
  const rssBeforeExport = rss(pid);
  const exportRss = sampleRss(pid);
  let t = performance.now();
  const res = await fetch(`${server.url}/api/exports`, { method: 'POST', headers: { cookie: owner.cookie } });
  if (res.status !== 202) throw new Error(`POST /api/exports: ${res.status} ${await res.text()}`);
  const { id: exportId } = (await res.json()) as { id: number };
  const ready = await waitForJob(`${server.url}/api/exports/${exportId}`, owner.cookie);
  const exportSeconds = seconds(t);
  const exportPeak = exportRss.stop();
  log(`export: ${exportSeconds.toFixed(1)} s, archive ${((ready.bytes ?? 0) / MB).toFixed(0)} MB`);

  // Baseline: zip -0 of the same files
  t = performance.now();
  execFileSync('zip', ['-0', '-r', '-q', path.join(work, 'baseline.zip'), `users/${owner.user.id}`], {
    cwd: path.join(server.dataDir, 'files'),
  });
  const zipSeconds = seconds(t);
  fs.rmSync(path.join(work, 'baseline.zip'));
  log(`zip -0: ${zipSeconds.toFixed(1)} s`);

  const archive = path.join(work, 'export.zip');
  const download = await fetch(`${server.url}/api/exports/${exportId}/download`, { headers: { cookie: owner.cookie } });
  if (!download.ok) throw new Error(`GET /api/exports/${exportId}/download: ${download.status} ${await download.text()}`);
  await pipeline(Readable.fromWeb(download.body! as ReadableStream), fs.createWriteStream(archive));

  // Import into a second account
  const heir = await signUpHttp(server.url);
  const rssBeforeImport = rss(pid);
  const importRss = sampleRss(pid);
  t = performance.now();
  const form = new FormData();
  form.append('archive', await fs.openAsBlob(archive, { type: 'application/zip' }), 'export.zip');
  const posted = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { cookie: heir.cookie }, body: form });
  if (posted.status !== 202) throw new Error(`POST /api/imports: ${posted.status} ${await posted.text()}`);
  const { id: importId } = (await posted.json()) as { id: number };
  const uploadPeak = importRss.peak();
  const done = await waitForJob(`${server.url}/api/imports/${importId}`, heir.cookie);
  const importSeconds = seconds(t);
  const importPeak = importRss.stop();
  log(`import: ${importSeconds.toFixed(1)} s`, JSON.stringify((done.report as { imported?: unknown })?.imported));
  log(`server memory growth while the archive was uploaded: ${((uploadPeak - rssBeforeImport) / MB).toFixed(0)} MB`);

  // Baseline: unzip of the same archive
  t = performance.now();
  execFileSync('unzip', ['-q', archive, '-d', path.join(work, 'unzipped')]);
  const unzipSeconds = seconds(t);
  log(`unzip: ${unzipSeconds.toFixed(1)} s`);

  const libraryMb = library.bytes / MB;
  const exportGrowth = (exportPeak - rssBeforeExport) / MB;
  const importGrowth = (importPeak - rssBeforeImport) / MB;
  const rows: Row[] = [
    {
      figure: 'export: throughput vs zip -0',
      value: libraryMb / exportSeconds,
      unit: 'MB/s',
      baseline: libraryMb / zipSeconds,
      ratio: zipSeconds / exportSeconds,
      goal: '≥ 0.5×',
      pass: zipSeconds / exportSeconds >= 0.5,
    },
    { figure: 'export: server memory growth', value: exportGrowth, unit: 'MB', goal: '≤ 100 MB', pass: exportGrowth <= 100 },
    {
      figure: 'import: throughput vs unzip',
      value: libraryMb / importSeconds,
      unit: 'MB/s',
      baseline: libraryMb / unzipSeconds,
      ratio: unzipSeconds / importSeconds,
      goal: 'for comparison',
      pass: null,
    },
    { figure: 'import: server memory growth', value: importGrowth, unit: 'MB', goal: '≤ 100 MB', pass: importGrowth <= 100 },
  ];
  printTable(rows);
  saveRows('export', rows);
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
