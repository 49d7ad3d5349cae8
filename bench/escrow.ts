// npm run bench:escrow — escrow bundles (decision 070) at the size of a real legacy: a 300 MB bundle of three
// 100 MB files written by the server's streaming writer to disk, then opened and read back whole by the reader
// the heir's browser runs (here over a file-backed Blob). Each against a baseline in the same run: the same bytes
// copied to disk through a plain stream, and the bundle read in the same slices without decrypting. Memory
// growth is this process's peak RSS (sampled every 10 ms) over its RSS just before each step. Goals: memory
// growth ≤ 100 MB while writing and while reading, whatever the bundle's size; the times are reported as ratios.
//
//   BENCH_ESCROW_MB=30  a smaller bundle, for a quick check of the benchmark (saves nothing).
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
import { writeEscrowBundle, type EscrowBundleFile } from '../src/server/lib/escrow-bundle-writer';
import { printTable, row, saveRows, type Row } from './lib';

const TOTAL_MB = Number(process.env.BENCH_ESCROW_MB ?? 300);
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
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const rows = await main();
// a smaller bundle is a check of the benchmark, not a figure
if (TOTAL_MB === 300) saveRows('escrow', rows);
printTable(rows);
