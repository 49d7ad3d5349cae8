// npm run load — 25 simulated people use the production build at once for 5 minutes: browsing the gallery and
// thumbnails, the timeline, their account; adding memories and contacts; uploading photos, documents and
// attachments (bench/load-user.ts). Then every acknowledged write is checked through the API, byte-for-byte
// on disk and after a restart, and nothing may be left behind (bench/load-verify.ts). Exits non-zero when a
// check or goal fails. Not part of `npm test`.
//
//   LOAD_SECONDS=300  length of the load (default 300)
//   LOAD_USERS=25     simulated people (default 25)
//   LOAD_KEEP=1       keep the DATA_DIR afterwards (its path is printed)
//   HEIRLOOM_DIST     where the production build goes; default a private folder in the temp dir, so a build
//                     made meanwhile by someone else in ./dist cannot change the server under test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { dataDirClient } from '../tests/helpers/database';
import { ensureBuild, percentile, printTable, saveRows, startProcess, treeRss, type Row, type RunningServer } from './lib';
import { SimulatedUser, type Kind, type Recorder, type Sample } from './load-user';
import {
  checkDeletedGone,
  checkDownloads,
  checkLeftovers,
  checkPresentViaApi,
  checkStoredHashes,
  countUnacknowledgedRows,
  waitForDerivatives,
} from './load-verify';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const USERS = Number(process.env.LOAD_USERS ?? 25);
const RAMP_MS = 5_000;
const JSON_P95_GOAL_MS = 300;
const MB = 2 ** 20;

const t0 = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)}s]`, ...args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isError = (s: Sample) => s.status === 0 || s.status >= 400;
const round = (n: number) => Math.round(n * 10) / 10;

function stats(samples: Sample[]) {
  const ms = samples.map((s) => s.ms);
  return {
    n: samples.length,
    errors: samples.filter(isError).length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: Math.max(...ms),
  };
}

function printRoutes(samples: Sample[]) {
  const routes = [...new Set(samples.map((s) => s.route))];
  const lines = routes.map((route) => ({ route, ...stats(samples.filter((s) => s.route === route)) })).sort((a, b) => b.n - a.n);
  console.log('\nPer route (ms):');
  console.log(
    `${'route'.padEnd(44)} ${'n'.padStart(6)} ${'errors'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}`,
  );
  for (const l of lines) {
    console.log(
      `${l.route.padEnd(44)} ${String(l.n).padStart(6)} ${String(l.errors).padStart(6)} ${l.p50.toFixed(1).padStart(7)} ${l.p95.toFixed(1).padStart(7)} ${l.p99.toFixed(1).padStart(7)} ${l.max.toFixed(0).padStart(7)}`,
    );
  }
  return lines;
}

function printMinutes(samples: Sample[]) {
  console.log('\nPer minute (is it steady while the libraries grow?):');
  console.log(
    `${'minute'.padEnd(8)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)} ${'errors'.padStart(6)} ${'JSON p95'.padStart(9)} ${'upload p95'.padStart(11)}`,
  );
  const minutes = Math.ceil(Math.max(...samples.map((s) => s.at)) / 60_000);
  for (let m = 0; m < minutes; m++) {
    const inMinute = samples.filter((s) => s.at >= m * 60_000 && s.at < (m + 1) * 60_000);
    const seconds = Math.min(60, SECONDS - m * 60);
    const json = stats(inMinute.filter((s) => s.kind === 'json'));
    const upload = stats(inMinute.filter((s) => s.kind === 'upload'));
    console.log(
      `${String(m + 1).padEnd(8)} ${String(inMinute.length).padStart(8)} ${(inMinute.length / seconds).toFixed(1).padStart(7)} ${String(inMinute.filter(isError).length).padStart(6)} ${json.p95.toFixed(1).padStart(9)} ${upload.p95.toFixed(1).padStart(11)}`,
    );
  }
}

/** Every server this run started, stopped on the way out whatever happens. */
const started: RunningServer[] = [];
const start = async (entry: string, dataDir: string) => {
  const server = await startProcess(entry, {}, dataDir);
  started.push(server);
  return server;
};

async function main() {
  process.env.HEIRLOOM_DIST ??= path.join(os.tmpdir(), 'heirloom-load-dist');
  log(`building the production app into ${process.env.HEIRLOOM_DIST} (when sources changed)…`);
  await ensureBuild();
  const entry = path.join(path.resolve(process.env.HEIRLOOM_DIST), 'server', 'main.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-load-'));
  const server = await start(entry, dataDir);
  const pid = server.child.pid!;
  let serverLog = '';
  server.child.stdout!.on('data', (c: Buffer) => (serverLog += c));
  server.child.stderr!.on('data', (c: Buffer) => (serverLog += c));
  log(`server up at ${server.url} in ${server.startMs.toFixed(0)} ms, DATA_DIR ${dataDir}`);
  const idleRss = treeRss(pid);
  const loadBefore = os.loadavg()[0]!;

  // ── The load ──
  const rec: Recorder = { samples: [], startedAt: performance.now() };
  const users: SimulatedUser[] = [];
  for (let i = 0; i < USERS; i++) users.push(new SimulatedUser(i, server.url, rec, () => users.map((u) => u.email).filter(Boolean)));
  const deadline = rec.startedAt + SECONDS * 1000;
  let peakRss = idleRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRss(pid))), 2000);
  const progress = setInterval(() => {
    const elapsed = (performance.now() - rec.startedAt) / 1000;
    log(
      `${elapsed.toFixed(0)}/${SECONDS} s: ${rec.samples.length} requests (${(rec.samples.length / elapsed).toFixed(1)}/s), ${rec.samples.filter(isError).length} errors, RSS ${(treeRss(pid) / MB).toFixed(0)} MB`,
    );
  }, 30_000);
  log(`load: ${USERS} users for ${SECONDS} s (sign-ups spread over the first ${RAMP_MS / 1000} s)`);
  const signInFailures: string[] = [];
  await Promise.all(
    users.map(async (u, i) => {
      await sleep((i * RAMP_MS) / USERS);
      try {
        await u.signIn();
      } catch (err) {
        signInFailures.push(`user ${i}: ${String(err)}`);
        return;
      }
      await u.run(deadline);
    }),
  );
  clearInterval(sampler);
  clearInterval(progress);
  const elapsedS = (performance.now() - rec.startedAt) / 1000;
  const loadAfter = os.loadavg()[0]!;
  const active = users.filter((u) => u.cookie);
  const samples = rec.samples;
  log(`load done after ${elapsedS.toFixed(1)} s: ${samples.length} requests`);

  // ── Figures ──
  const byRoute = printRoutes(samples);
  printMinutes(samples);
  const errors = samples.filter(isError);
  if (errors.length > 0) {
    console.log('\nFirst errors:');
    for (const e of errors.slice(0, 10)) console.log(`  ${e.route} → ${e.status} after ${e.ms.toFixed(0)} ms: ${e.error ?? ''}`);
  }
  const kind = (k: Kind) => stats(samples.filter((s) => s.kind === k));
  const json = kind('json');
  const thumbs = kind('image');
  const requests = samples.filter((s) => s.kind !== 'auth').length;
  const notModified = samples.filter((s) => s.status === 304).length;
  const ack = (get: (u: SimulatedUser) => Map<number, unknown>) => active.reduce((s, u) => s + get(u).size, 0);
  const acked = {
    memories: ack((u) => u.ack.memories),
    contacts: ack((u) => u.ack.contacts),
    photos: ack((u) => u.ack.photos),
    vault: ack((u) => u.ack.vault),
    attachments: ack((u) => u.ack.attachments),
  };
  const ackedTotal = Object.values(acked).reduce((a, b) => a + b, 0);
  const failedWrites = active.reduce((s, u) => s + u.ack.failedWrites, 0);
  const contract = [...signInFailures, ...active.flatMap((u) => u.problems.map((p) => `user ${u.userId}: ${p}`))];

  const rows: Row[] = [
    {
      figure: 'Load: simulated users, each signing up then clicking with 200–800 ms think time',
      value: active.length,
      unit: 'users',
      goal: `${USERS}`,
      pass: active.length === USERS,
      note: `${SECONDS} s`,
    },
    {
      figure: 'Load: machine load average (1 min) before / at the end of the load',
      value: loadAfter,
      unit: '',
      goal: 'report',
      pass: null,
      note: `${loadBefore.toFixed(2)} before (2 cores, shared with other work)`,
    },
    {
      figure: 'Load: requests (after sign-in)',
      value: requests,
      unit: 'req',
      goal: 'report',
      pass: null,
      note: `${notModified} answered 304`,
    },
    { figure: 'Load: throughput', value: requests / elapsedS, unit: 'req/s', goal: 'report', pass: null },
    {
      figure: 'Load: errors (non-2xx/3xx or no answer within 30 s)',
      value: errors.length,
      unit: 'req',
      goal: '0',
      pass: errors.length === 0,
    },
    {
      figure: 'Load: contract problems (unexpected answers, failed sign-ups)',
      value: contract.length,
      unit: '',
      goal: '0',
      pass: contract.length === 0,
      note: contract.slice(0, 3).join('; ') || undefined,
    },
    { figure: 'Load: JSON routes p50', value: json.p50, unit: 'ms', goal: 'report', pass: null, note: `n=${json.n}` },
    { figure: 'Load: JSON routes p95', value: json.p95, unit: 'ms', goal: `≤ ${JSON_P95_GOAL_MS} ms`, pass: json.p95 <= JSON_P95_GOAL_MS },
    { figure: 'Load: JSON routes p99', value: json.p99, unit: 'ms', goal: 'report', pass: null, note: `max ${json.max.toFixed(0)} ms` },
    {
      figure: 'Load: thumbnails GET /api/photos/image/:id?size=thumb p95',
      value: thumbs.p95,
      unit: 'ms',
      goal: 'report',
      pass: null,
      note: `p50 ${round(thumbs.p50)}, p99 ${round(thumbs.p99)}, n=${thumbs.n}`,
    },
  ];
  for (const r of byRoute.filter((l) => samples.find((s) => s.route === l.route)?.kind === 'upload')) {
    rows.push({
      figure: `Load: upload ${r.route} p95`,
      value: r.p95,
      unit: 'ms',
      goal: 'report',
      pass: null,
      note: `p50 ${round(r.p50)}, p99 ${round(r.p99)}, n=${r.n}`,
    });
  }
  for (const r of byRoute.filter((l) => samples.find((s) => s.route === l.route)?.kind === 'delete')) {
    rows.push({
      figure: `Load: ${r.route} p95`,
      value: r.p95,
      unit: 'ms',
      goal: 'report',
      pass: null,
      note: `p50 ${round(r.p50)}, p99 ${round(r.p99)}, n=${r.n}`,
    });
  }
  const auth = kind('auth');
  rows.push({
    figure: 'Load: sign-up + sign-in (argon2, 25 within 5 s) p95',
    value: auth.p95,
    unit: 'ms',
    goal: 'report',
    pass: null,
    note: `p50 ${round(auth.p50)}, n=${auth.n}`,
  });
  for (const r of byRoute.filter((l) => samples.find((s) => s.route === l.route)?.kind === 'json')) {
    rows.push({
      figure: `Load: ${r.route} p95`,
      value: r.p95,
      unit: 'ms',
      goal: 'report',
      pass: null,
      note: `p50 ${round(r.p50)}, p99 ${round(r.p99)}, n=${r.n}`,
    });
  }

  // ── Checks ──
  log(`checking ${ackedTotal} acknowledged writes (${JSON.stringify(acked)}; ${failedWrites} writes failed)…`);
  const db = await dataDirClient(dataDir);
  const derivatives = await waitForDerivatives(db, 120_000);
  const present = await checkPresentViaApi(server.url, active);
  const hashes = await checkStoredHashes(db, dataDir, active);
  const downloads = await checkDownloads(server.url, active);
  const leftovers = await checkLeftovers(db, dataDir);
  const unacked = await countUnacknowledgedRows(db, active);
  const deletedRemaining = await checkDeletedGone(db, active);
  const deletedCount = active.reduce((n, u) => n + u.deleted.memories.size + u.deleted.photos.size + u.deleted.vault.size, 0);
  await db.end();
  const endRss = treeRss(pid);
  const logged = serverLog.split('\n').filter((l) => /"level":(50|60)/.test(l) || /^heirloom could not|Error:/.test(l));
  rows.push(
    {
      figure: 'Load: acknowledged writes listed by the API, as sent',
      value: ackedTotal,
      unit: 'writes',
      goal: 'all',
      pass: present.length === 0 && ackedTotal > 0,
      note: present.slice(0, 3).join('; ') || JSON.stringify(acked),
    },
    {
      figure: 'Load: acknowledged deletes gone (API lists and rows)',
      value: deletedCount,
      unit: 'deletes',
      goal: 'all',
      pass: deletedRemaining.length === 0 && !present.some((p) => p.includes('deleted')),
      note: deletedRemaining.join('; ') || undefined,
    },
    {
      figure: 'Load: stored files whose sha256 is the sent bytes’ (photos, vault, attachments)',
      value: hashes.checked,
      unit: 'files',
      goal: 'all',
      pass: hashes.problems.length === 0 && hashes.checked > 0,
      note: hashes.problems.slice(0, 3).join('; ') || undefined,
    },
    {
      figure: 'Load: vault files and attachments downloaded byte-for-byte',
      value: downloads.checked,
      unit: 'files',
      goal: 'all',
      pass: downloads.problems.length === 0,
      note: downloads.problems.slice(0, 3).join('; ') || undefined,
    },
    {
      figure: 'Load: temp files, pending_files entries, files without a row',
      value: leftovers.problems.length,
      unit: 'kinds',
      goal: '0',
      pass: leftovers.problems.length === 0,
      note: leftovers.problems.join('; ') || `${leftovers.stored} files stored`,
    },
    {
      figure: 'Load: rows no acknowledged write accounts for',
      value: unacked.total,
      unit: 'rows',
      goal: `0..${failedWrites} (failed writes)`,
      pass: unacked.total >= 0 && unacked.total <= failedWrites,
      note: unacked.total ? JSON.stringify(unacked.rows) : undefined,
    },
    {
      figure: 'Load: photo derivatives all ready after the load',
      value: derivatives.ms,
      unit: 'ms to drain',
      goal: '0 pending, 0 failed',
      pass: derivatives.pending === 0 && derivatives.failed === 0,
      note: `${derivatives.ready} ready, ${derivatives.pending} pending, ${derivatives.failed} failed`,
    },
    {
      figure: 'Load: server errors logged',
      value: logged.length,
      unit: 'lines',
      goal: '0',
      pass: logged.length === 0,
      note: logged[0]?.slice(0, 200),
    },
    { figure: 'Load: memory (RSS, Node + PostgreSQL) idle before the load', value: idleRss / MB, unit: 'MB', goal: 'report', pass: null },
    {
      figure: 'Load: memory (RSS, Node + PostgreSQL) peak during the load',
      value: peakRss / MB,
      unit: 'MB',
      goal: 'report',
      pass: null,
      note: 'sampled every 2 s',
    },
    { figure: 'Load: memory (RSS, Node + PostgreSQL) at the end', value: endRss / MB, unit: 'MB', goal: 'report', pass: null },
  );

  // ── A clean stop and a restart keep everything ──
  const stopStarted = performance.now();
  await server.stop();
  const stopMs = performance.now() - stopStarted;
  const exit = { code: server.child.exitCode, signal: server.child.signalCode };
  rows.push({
    figure: 'Load: clean shutdown (SIGTERM) after the load',
    value: stopMs,
    unit: 'ms',
    goal: 'exit 0, ≤ 10 s',
    pass: exit.code === 0 && stopMs <= 10_000,
    note: `exit ${exit.code ?? exit.signal}`,
  });
  const again = await start(entry, dataDir);
  try {
    const db2 = await dataDirClient(dataDir);
    const presentAfter = await checkPresentViaApi(again.url, active);
    const hashesAfter = await checkStoredHashes(db2, dataDir, active);
    const leftoversAfter = await checkLeftovers(db2, dataDir);
    await db2.end();
    const problems = [...presentAfter, ...hashesAfter.problems, ...leftoversAfter.problems];
    rows.push({
      figure: 'Load: after a restart, every acknowledged write present and intact',
      value: ackedTotal,
      unit: 'writes',
      goal: 'all',
      pass: problems.length === 0,
      note: problems.slice(0, 3).join('; ') || `restart ${again.startMs.toFixed(0)} ms`,
    });
  } finally {
    await again.stop();
  }

  console.log();
  printTable(rows);
  console.log('\nNotes:');
  for (const r of rows.filter((x) => x.note)) console.log(`  ${r.figure}: ${r.note}`);
  saveRows('load', rows);
  if (process.env.LOAD_KEEP) log(`DATA_DIR kept: ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
  const failed = rows.filter((r) => r.pass === false);
  if (failed.length > 0) {
    console.log(`\n${failed.length} check(s) failed: ${failed.map((r) => r.figure).join(' | ')}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  for (const server of started) await server.stop();
}
