// Shared helpers for the benchmarks: every figure is a ratio against a baseline measured in the same run,
// alternating A B A B … and taking medians, because these 2-core machines are shared and noisy.
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { buildApp } from '../src/server/app';
import type { Db } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import * as schema from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';
import { createFileStore } from '../src/server/lib/file-store';
import { createScratchDatabase, startTempPostgres } from '../tests/helpers/database';
import { freePort } from '../tests/helpers/process';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const RESULTS_DIR = path.join(ROOT, 'bench-results');

export interface Row {
  figure: string;
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  goal: string;
  pass: boolean | null;
  note?: string;
}

/** One line of a bench's table. */
export const row = (figure: string, value: number, unit: string, goal: string, pass: boolean | null, extra: Partial<Row> = {}): Row => ({
  figure,
  value,
  unit,
  goal,
  pass,
  ...extra,
});

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

/** Alternate A and B `rounds` times; returns the per-round values of each. */
export async function alternate(rounds: number, a: () => Promise<number>, b: () => Promise<number>) {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await a());
    bs.push(await b());
  }
  return { a: as, b: bs };
}

export function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

interface CannonResult {
  requests: { average: number };
  throughput: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
}

/** autocannon in its own process, so the load generator never competes with an in-process server's event loop. */
export function cannonProcess(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<CannonResult> {
  const args = ['-j', '-c', String(connections), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/autocannon'), args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out) as CannonResult);
      } catch {
        reject(new Error(`autocannon gave no result for ${url}`));
      }
    });
  });
}

/**
 * The production build ($HEIRLOOM_DIST, default dist/) plus the small bench server bundle. Builds when sources
 * changed. A private HEIRLOOM_DIST keeps a benchmark's build apart from others built from the same checkout.
 */
export async function ensureBuild() {
  const { build, isStale } = await import(path.join(ROOT, 'scripts/build.mjs'));
  if (isStale(ROOT)) build(ROOT);
  const dist = path.resolve(ROOT, process.env.HEIRLOOM_DIST ?? 'dist');
  const out = path.join(dist, 'bench');
  execFileSync(
    path.join(ROOT, 'node_modules/.bin/tsup'),
    ['bench/bench-server.ts', '--format', 'esm', '--platform', 'node', '--target', 'node20', '--out-dir', out, '--silent', '--no-config'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return { server: path.join(dist, 'server/main.js'), benchServer: path.join(out, 'bench-server.js') };
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startProcess(
  entry: string,
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<RunningServer & { startMs: number }> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const started = performance.now();
  let log = '';
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      REGISTRATION: 'open', // benchmarks sign up their own users
      FACE_RECOGNITION: 'off', // a benchmark of faces turns it on; the others measure without the model's work
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (log += c));
  child.stderr!.on('data', (c: Buffer) => (log += c));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - started;
  return {
    child,
    url,
    dataDir: dir,
    startMs,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

/** Every running process's children, by the parent's pid (from /proc). */
export function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  return children;
}

/** Sum of RSS (bytes) of a process and all its descendants (Node + PostgreSQL). */
export function treeRss(pid: number): number {
  const children = childrenByParent();
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      /* gone */
    }
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

const fmt = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '' : Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(n < 1 ? 3 : 2);

export function printTable(rows: Row[]) {
  const header = ['figure', 'value', 'baseline', 'ratio', 'goal', 'result'];
  const body = rows.map((r) => [
    r.figure,
    `${fmt(r.value)} ${r.unit}`,
    r.baseline === undefined ? '' : fmt(r.baseline),
    r.ratio === undefined ? '' : `${fmt(r.ratio)}×`,
    r.goal,
    r.pass === null ? 'n/a' : r.pass ? 'pass' : 'MISS',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
}

/** Merge rows into bench-results/latest.json (by figure) and write bench-results/<name>.json. */
export function saveRows(name: string, rows: Row[]) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
  const latestPath = path.join(RESULTS_DIR, 'latest.json');
  const latest = fs.existsSync(latestPath) ? (JSON.parse(fs.readFileSync(latestPath, 'utf8')) as { rows: Row[] }) : { rows: [] };
  const merged = [...latest.rows.filter((r) => !rows.some((n) => n.figure === r.figure)), ...rows];
  fs.writeFileSync(
    latestPath,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
        rows: merged,
      },
      null,
      2,
    ),
  );
}

/**
 * A database for in-process benchmarks: a scratch database on BENCH_DATABASE_URL (created and dropped), or an
 * embedded PostgreSQL in a temp dir.
 */
/** A pool for a bench database that is stopped when the bench ends: an idle client hearing the shutdown is no failure. */
function benchPool(config: pg.PoolConfig) {
  const pool = new pg.Pool({ ...config, max: 20 });
  pool.on('error', () => {});
  return pool;
}

async function openBenchDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const scratch = await createScratchDatabase({ connectionString: adminUrl }, 'heirloom_bench');
    const pool = benchPool(scratch.config);
    return {
      pool,
      async close() {
        await pool.end();
        await scratch.drop();
      },
    };
  }
  const embedded = await startTempPostgres('heirloom-bench');
  const pool = benchPool(embedded.connection);
  return {
    pool,
    async close() {
      await pool.end();
      await embedded.dispose();
    },
  };
}

/** The app in this process on a fresh bench database and DATA_DIR, listening on a free port. */
export async function startInProcessApp(envOverrides: Record<string, string> = {}) {
  const database = await openBenchDatabase();
  const db = drizzle(database.pool, { schema }) as Db;
  await runMigrations(db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-data-'));
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    REGISTRATION: 'open',
    FACE_RECOGNITION: 'off',
    ...envOverrides,
  });
  const files = createFileStore(path.join(dataDir, 'files'));
  await files.init();
  const app = await buildApp({ env, db, files, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    db,
    files,
    dataDir,
    base,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
