// The phase table of a test run (docs/testing.md): each phase's seconds, and the slowest test files from the
// JSON reports Vitest and Playwright leave in test-results/. `node scripts/phases.mjs run <phase> -- <cmd…>`
// times one command; `node scripts/phases.mjs report` prints the table.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = 'test-results';
const log = path.join(dir, 'phases.jsonl');

/** The machine's [busy, total] CPU ticks so far (Linux); a phase's share of busy ticks says whether it waits. */
function cpuTicks() {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
    const ticks = fields.map(Number);
    const idle = ticks[3] + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    return [total - idle, total];
  } catch {
    return undefined;
  }
}

function record(phase, started, before, status) {
  const after = cpuTicks();
  fs.mkdirSync(dir, { recursive: true });
  const busy = before && after ? Math.round((100 * (after[0] - before[0])) / Math.max(1, after[1] - before[1])) : undefined;
  const ended = Date.now();
  fs.appendFileSync(log, JSON.stringify({ phase, seconds: (ended - started) / 1000, started, ended, busy, status }) + '\n');
  return status;
}

/** Runs a command with inherited output, records how long it took, and returns its exit status. */
export function timed(phase, cmd, args) {
  const started = Date.now();
  const before = cpuTicks();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } });
  return record(phase, started, before, res.status ?? 1);
}

/** timed(), without blocking: several phases can run side by side (the table's total is the time they spanned). */
export function timedAsync(phase, cmd, args) {
  const started = Date.now();
  const before = cpuTicks();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } });
    child.on('error', () => resolve(record(phase, started, before, 1)));
    child.on('exit', (code) => resolve(record(phase, started, before, code ?? 1)));
  });
}

/** Seconds covered by at least one phase: phases run side by side count once. */
function wallSeconds(phases) {
  const spans = phases.map((p) => [p.started ?? 0, p.ended ?? p.seconds * 1000]).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [start, end] of spans) {
    if (end > reach) total += end - Math.max(start, reach);
    reach = Math.max(reach, end);
  }
  return total / 1000;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** [file, seconds] of every Vitest report (vitest-*.json). */
function vitestFiles() {
  const rows = [];
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!/^vitest-.*\.json$/.test(name)) continue;
    const report = readJson(path.join(dir, name));
    for (const file of report?.testResults ?? []) {
      const label = `${path.relative(process.cwd(), file.name)} (${name.slice(7, -5)})`;
      rows.push([label, (file.endTime - file.startTime) / 1000]);
    }
  }
  return rows;
}

/** [file, seconds summed over its tests] of the Playwright report. */
function playwrightFiles() {
  const report = readJson(path.join(dir, 'playwright.json'));
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return [...perFile].map(([file, ms]) => [`tests/e2e/${file} (browser, summed)`, ms / 1000]);
}

/** The tests that passed only when run again (CI runs a failed test once more): Vitest's and Playwright's. */
function passedOnRetry() {
  const names = [];
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!/^vitest-.*\.json$/.test(name)) continue;
    for (const file of readJson(path.join(dir, name))?.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'passed' && (test.failureMessages ?? []).length > 0)
          names.push(`${path.relative(process.cwd(), file.name)} › ${test.fullName}`);
      }
    }
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === 'flaky') names.push(`tests/e2e/${spec.file} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of readJson(path.join(dir, 'playwright.json'))?.suites ?? []) walk(suite);
  return names;
}

function report() {
  const phases = fs.existsSync(log)
    ? fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  const total = phases.every((p) => p.started) ? wallSeconds(phases) : phases.reduce((sum, p) => sum + p.seconds, 0);
  console.log('\n── phases ──');
  // busy: the share of the machine's CPU time in use during the phase (both cores busy = 100 %)
  for (const p of phases) {
    const busy = p.busy === undefined ? '' : `  ${String(p.busy).padStart(3)} % busy`;
    console.log(`${p.phase.padEnd(34)} ${p.seconds.toFixed(0).padStart(6)} s${busy}${p.status ? '  FAILED' : ''}`);
  }
  console.log(`${'total'.padEnd(34)} ${total.toFixed(0).padStart(6)} s`);
  const slowest = [...vitestFiles(), ...playwrightFiles()].sort((a, b) => b[1] - a[1]).slice(0, 10);
  if (slowest.length > 0) console.log('\n── slowest 10 test files ──');
  for (const [file, seconds] of slowest) console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}`);
  const retried = passedOnRetry();
  console.log(`\n── passed only when run again: ${retried.length} ──`);
  for (const name of retried) console.log(`  ${name}`);
}

const [command, phase, separator, cmd, ...args] = process.argv.slice(2);
if (command === 'report') report();
else if (command === 'reset') fs.rmSync(log, { force: true });
else if (command === 'run' && phase && separator === '--' && cmd) process.exit(timed(phase, cmd, args));
