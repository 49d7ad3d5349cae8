// npm run bench: every benchmark of the project, one after another, against fresh data each seeds itself.
// Prints one table (figure, value, baseline, ratio, goal, pass/miss) and writes bench-results/latest.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild, printTable, RESULTS_DIR, ROOT, type Row } from './lib';

const BENCHES = [
  'api',
  'photos',
  'timeline',
  'frontend',
  'timeline-scroll',
  'export',
  'search',
  'library',
  'video',
  'scale',
  'people',
  'tree',
  'book',
];

fs.rmSync(path.join(RESULTS_DIR, 'latest.json'), { force: true });
await ensureBuild(); // once, before any timing starts
// Benchmarks that quote another's figure (library quotes search) reuse it when it was measured in this run.
process.env.BENCH_RUN_STARTED = new Date().toISOString();
const started = performance.now();
const failed: string[] = [];
for (const name of BENCHES) {
  console.log(`\n── bench: ${name} ──`);
  const res = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'bench', `${name}.ts`)], {
    stdio: 'inherit',
    cwd: ROOT,
  });
  if (res.status !== 0) failed.push(name);
}
const latest = JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, 'latest.json'), 'utf8')) as { rows: Row[] };
console.log(`\n── all figures (${((performance.now() - started) / 60_000).toFixed(1)} min) ──`);
printTable(latest.rows);
console.log(`\nWritten to ${path.relative(ROOT, path.join(RESULTS_DIR, 'latest.json'))}.`);
if (failed.length) {
  console.error(`These benchmarks did not finish: ${failed.join(', ')}`);
  process.exit(1);
}
