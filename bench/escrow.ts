// npm run bench:escrow — escrow bundles (decisions 070 and 074) at the size of a real legacy: a 2 GB release of
// three files, sealed by the server's streaming writer
//   - to disk, against the same bytes copied to disk through a plain stream;
//   - into a bucket on a local S3 server (in its own process) through the escrow run's own upload, against the
//     same bytes uploaded unsealed the same way just before and just after it, whose mean time is the baseline, so
//     a machine that slows down or speeds up during the run moves both sides (goal: sealed throughput ≥ 0.7 ×
//     unsealed);
// then opened and read back whole by the reader the heir's browser runs, in Node over a file-backed Blob (against
// the same slices read without decrypting) and in Chromium: the opener page from file://, the copy chosen, the
// codes typed, until it says every file is checked (seconds, and the browser's memory growth, per process:
// bench/escrow-chromium.ts).
// Memory growth is the peak RSS (sampled every 10 ms) over the RSS just before each step: this process's for the
// server's steps, the browser's processes' for the opener. Goals: growth ≤ 100 MB while sealing, uploading and
// reading, whatever the size; times are reported as ratios.
//
//   BENCH_ESCROW_MB=30  a smaller release, for a quick check of the benchmark (saves nothing).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_CHUNK_SIZE, TAG_LENGTH } from '../src/shared/escrow/bundle-format';
import { openBundle } from '../src/shared/escrow/bundle-reader';
import { makeReleaseKey } from '../src/shared/escrow/release-key';
import { keyCodeFromBytes } from '../src/shared/key-code';
import { heirPublicKey } from '../src/shared/sealed-letter';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { openEscrowBucket } from '../src/server/features/escrow/escrow-bucket';
import { escrowBundleStream, writeEscrowBundle, type EscrowBundleFile } from '../src/server/lib/escrow-bundle-writer';
import { describeOpenerMemory, openInChromium } from './escrow-chromium';
import { printTable, row, saveRows, type Row } from './lib';

const FULL_MB = 2048;
const TOTAL_MB = Number(process.env.BENCH_ESCROW_MB ?? FULL_MB);
const FILES = 3;
const MiB = 1024 * 1024;
const MB = 1e6;
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);

const piece = randomBytes(MiB);
/** `mib` MiB of data, made as it is read: the input costs no memory of its own. */
const source = (mib: number) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < mib; i++) yield piece;
    })(),
  );

/** Runs `work`, returning its seconds and the peak RSS growth in MB over the RSS just before it. */
async function measured(work: () => Promise<void>): Promise<{ seconds: number; growthMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const start = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  return { seconds: (performance.now() - start) / 1000, growthMb: (peak - before) / MB };
}

/** The local S3 server in a child process, with one empty bucket. */
async function startBucket() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'escrow-s3-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await Promise.race([
    once(readline.createInterface({ input: child.stdout }), 'line').then(([first]) => first as string),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`the S3 server exited (${String(code)})`))),
  ]);
  const env = JSON.parse(line) as Record<string, string>;
  const bucket = openEscrowBucket(
    {
      endpoint: env.S3_ENDPOINT!,
      bucket: env.S3_BUCKET!,
      region: 'us-east-1',
      prefix: '',
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: true,
    },
    true,
  );
  return {
    bucket,
    stop() {
      bucket.close();
      child.kill('SIGTERM');
    },
  };
}

async function main(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-escrow-'));
  try {
    const keyCode = keyCodeFromBytes(randomBytes(17));
    const release = await makeReleaseKey(2, 3);
    const perFile = Math.max(1, Math.round(TOTAL_MB / FILES));
    const files: EscrowBundleFile[] = Array.from({ length: FILES }, (_, i) => ({ name: `part-${i + 1}.bin`, open: () => source(perFile) }));
    const bundlePath = path.join(dir, 'bundle.heirloom-escrow');
    const plainPath = path.join(dir, 'plain.bin');

    log(`copying ${FILES} × ${perFile} MiB to disk through a plain stream (baseline)`);
    const copy = await measured(async () => {
      for (let i = 0; i < FILES; i++) await pipeline(source(perFile), fs.createWriteStream(plainPath, { flags: i ? 'a' : 'w' }));
    });
    fs.rmSync(plainPath);
    log('writing the bundle');
    const write = await measured(async () => {
      await writeEscrowBundle({ heirPublicKey: await heirPublicKey(keyCode), release, files }, fs.createWriteStream(bundlePath));
    });
    const bytes = fs.statSync(bundlePath).size;
    log(`bundle: ${(bytes / MB).toFixed(0)} MB in ${write.seconds.toFixed(1)} s, +${write.growthMb.toFixed(0)} MB`);

    log('reading the bundle in chunk-sized slices without decrypting (baseline)');
    const slices = await measured(async () => {
      const blob = await fs.openAsBlob(bundlePath);
      const step = DEFAULT_CHUNK_SIZE + TAG_LENGTH;
      for (let at = 0; at < blob.size; at += step) await blob.slice(at, Math.min(blob.size, at + step)).arrayBuffer();
    });
    log('opening the bundle and reading every file');
    let plaintext = 0;
    const read = await measured(async () => {
      const bundle = await openBundle(await fs.openAsBlob(bundlePath), { keyCode, verifierCodes: release.codes.slice(1) });
      for (const file of bundle.files) {
        await pipeline(
          Readable.from(bundle.chunks(file)),
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              plaintext += chunk.length;
              done();
            },
          }),
        );
      }
    });
    if (plaintext !== FILES * perFile * MiB) throw new Error(`read ${plaintext} bytes, expected ${FILES * perFile * MiB}`);
    log(`read: ${read.seconds.toFixed(1)} s, +${read.growthMb.toFixed(0)} MB`);

    log('uploading the same bytes unsealed to a local S3 server (baseline), sealing them into it, and unsealed again');
    const s3 = await startBucket();
    const plainUploads: Awaited<ReturnType<typeof measured>>[] = [];
    let sealedUpload: Awaited<ReturnType<typeof measured>>;
    const uploadPlain = async () => {
      plainUploads.push(
        await measured(async () => {
          const all = Readable.from(
            (async function* () {
              for (let i = 0; i < FILES; i++) yield* source(perFile);
            })(),
          );
          await s3.bucket.upload('plain.bin', all, 'application/octet-stream');
        }),
      );
    };
    try {
      await uploadPlain();
      sealedUpload = await measured(async () => {
        const sealed = escrowBundleStream({ heirPublicKey: await heirPublicKey(keyCode), release, files });
        await s3.bucket.upload('sealed.heirloom-escrow', sealed, 'application/octet-stream');
      });
      await uploadPlain();
    } finally {
      s3.stop();
    }
    const plainUpload = {
      seconds: (plainUploads[0]!.seconds + plainUploads[1]!.seconds) / 2,
      growthMb: Math.max(plainUploads[0]!.growthMb, plainUploads[1]!.growthMb),
    };
    log(
      `upload: unsealed ${plainUploads.map((u) => u.seconds.toFixed(1)).join(' s and ')} s, sealed ${sealedUpload.seconds.toFixed(1)} s, +${sealedUpload.growthMb.toFixed(0)} MB`,
    );

    log('opening the bundle in Chromium with the opener');
    const browser = await openInChromium(dir, bundlePath, { keyCode, verifierCodes: release.codes.slice(0, 2) });
    log(`Chromium: ${browser.seconds.toFixed(1)} s, ${describeOpenerMemory(browser)}`);

    const size = `${(bytes / MB).toFixed(0)} MB bundle`;
    return [
      row(`escrow: ${size} written to disk`, write.seconds, 's', 'reported', null, {
        baseline: copy.seconds,
        ratio: write.seconds / copy.seconds,
        note: 'baseline: the same bytes copied to disk through a plain stream',
      }),
      row(`escrow: writer memory growth, ${size}`, write.growthMb, 'MB', '≤ 100 MB', write.growthMb <= 100, { baseline: copy.growthMb }),
      row(`escrow: ${size} opened and read`, read.seconds, 's', 'reported', null, {
        baseline: slices.seconds,
        ratio: read.seconds / slices.seconds,
        note: 'baseline: the bundle read in the same slices without decrypting',
      }),
      row(`escrow: reader memory growth, ${size}`, read.growthMb, 'MB', '≤ 100 MB', read.growthMb <= 100, { baseline: slices.growthMb }),
      row(
        `escrow: ${size} sealed and uploaded, throughput against unsealed`,
        plainUpload.seconds / sealedUpload.seconds,
        '×',
        '≥ 0.7×',
        plainUpload.seconds / sealedUpload.seconds >= 0.7,
        {
          baseline: plainUpload.seconds,
          note: `sealed ${sealedUpload.seconds.toFixed(1)} s; baseline: the same bytes uploaded unsealed the same way, the mean of ${plainUploads.map((u) => `${u.seconds.toFixed(1)} s`).join(' before and ')} after`,
        },
      ),
      row(`escrow: upload memory growth, ${size}`, sealedUpload.growthMb, 'MB', '≤ 100 MB', sealedUpload.growthMb <= 100, {
        baseline: plainUpload.growthMb,
      }),
      row(`escrow: ${size} opened in Chromium, every file checked`, browser.seconds, 's', 'reported', null, {
        baseline: read.seconds,
        ratio: browser.seconds / read.seconds,
        note: 'baseline: the same reader in Node',
      }),
      row(`escrow: Chromium memory growth while opening, ${size}`, browser.growthMb, 'MB', '≤ 100 MB', browser.growthMb <= 100, {
        ratio: browser.growthMb / 100,
        note: describeOpenerMemory(browser),
      }),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const rows = await main();
// a smaller bundle is a check of the benchmark, not a figure
if (TOTAL_MB === FULL_MB) saveRows('escrow', rows);
printTable(rows);
