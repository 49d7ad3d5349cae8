// npx tsx bench/escrow-opener.ts — the escrow opener alone (decision 076): a sealed copy of 2 GB in three files,
// written to a folder in the system's temporary directory (deleted afterwards), opened in Chromium from file://
// until it says every file is checked. Prints the seconds and the browser's memory growth, in all and per
// process (renderer, browser process, others) with the page's JavaScript heap, against the goal of ≤ 100 MB.
// The same step is part of bench:escrow; this one skips the sealing, reading and uploading around it.
//
//   BENCH_ESCROW_MB=300  a smaller copy, for a quick check (saves nothing).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { makeReleaseKey } from '../src/shared/escrow/release-key';
import { keyCodeFromBytes } from '../src/shared/key-code';
import { heirPublicKey } from '../src/shared/sealed-letter';
import { writeEscrowBundle, type EscrowBundleFile } from '../src/server/lib/escrow-bundle-writer';
import { describeOpenerMemory, openInChromium } from './escrow-chromium';
import { printTable, row, saveRows } from './lib';

const FULL_MB = 2048;
const TOTAL_MB = Number(process.env.BENCH_ESCROW_MB ?? FULL_MB);
const FILES = 3;
const MiB = 1024 * 1024;
const MB = 1e6;

const piece = randomBytes(MiB);
const source = (mib: number) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < mib; i++) yield piece;
    })(),
  );

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-escrow-opener-'));
try {
  const keyCode = keyCodeFromBytes(randomBytes(17));
  const release = await makeReleaseKey(2, 3);
  const perFile = Math.max(1, Math.round(TOTAL_MB / FILES));
  const files: EscrowBundleFile[] = Array.from({ length: FILES }, (_, i) => ({ name: `part-${i + 1}.bin`, open: () => source(perFile) }));
  const bundlePath = path.join(dir, 'bundle.heirloom-escrow');
  await writeEscrowBundle({ heirPublicKey: await heirPublicKey(keyCode), release, files }, fs.createWriteStream(bundlePath));
  const bytes = fs.statSync(bundlePath).size;
  console.log(`bundle: ${(bytes / MB).toFixed(0)} MB; opening it in Chromium with the opener`);

  const opened = await openInChromium(dir, bundlePath, { keyCode, verifierCodes: release.codes.slice(0, 2) });
  console.log(`Chromium: ${opened.seconds.toFixed(1)} s, ${describeOpenerMemory(opened)}`);

  const size = `${(bytes / MB).toFixed(0)} MB bundle`;
  const rows = [
    row(`escrow opener: ${size} opened in Chromium, every file checked`, opened.seconds, 's', 'reported', null, {
      note: `${(bytes / MB / opened.seconds).toFixed(1)} MB/s`,
    }),
    row(`escrow opener: Chromium memory growth while opening, ${size}`, opened.growthMb, 'MB', '≤ 100 MB', opened.growthMb <= 100, {
      ratio: opened.growthMb / 100,
      note: describeOpenerMemory(opened),
    }),
  ];
  // a smaller copy is a check of the benchmark, not a figure
  if (TOTAL_MB === FULL_MB) saveRows('escrow-opener', rows);
  printTable(rows);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
