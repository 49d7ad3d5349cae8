// API overhead (GET /api/user vs a bare route through the same plugins), /api/user p99 under mixed load
// with the timeline, start-up time (existing and empty DATA_DIR) and idle memory (Node + PostgreSQL).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { dataDirClient } from '../tests/helpers/database';
import { signUpHttp } from '../tests/helpers/users';
import { alternate, cannon, ensureBuild, median, printTable, saveRows, startProcess, treeRss, type Row } from './lib';

const ROUNDS = 7;
const SECONDS = 2;

export async function benchApi(): Promise<Row[]> {
  const { server, benchServer } = await ensureBuild();
  const rows: Row[] = [];

  // ── API overhead ──
  const app = await startProcess(benchServer);
  try {
    const {
      cookie,
      user: { id: userId },
    } = await signUpHttp(app.url);
    const run =
      (path: string, headers: Record<string, string> = {}) =>
      async () =>
        (await cannon({ url: `${app.url}${path}`, connections: 10, duration: SECONDS, headers })).requests.average;
    await run('/api/bench/hello')(); // warm-up
    await run('/api/user', { cookie })();
    const { a: hello, b: user } = await alternate(ROUNDS, run('/api/bench/hello'), run('/api/user', { cookie }));
    const ratio = median(user) / median(hello);
    rows.push({
      figure: 'API overhead: GET /api/user req/s vs bare route',
      value: median(user),
      unit: 'req/s',
      baseline: median(hello),
      ratio,
      goal: '≥ 0.5×',
      pass: ratio >= 0.5,
    });

    // ── Mixed load: the timeline under load while /api/user is measured ──
    const db = await dataDirClient(app.dataDir);
    try {
      await db.query(
        `INSERT INTO photos (user_id, file_path, file_name, file_size, mime_type, title, date_taken, derivative_status)
       SELECT $1::int, 'users/' || $1::int || '/photos/missing-' || g || '.jpg', 'p' || g || '.jpg', 1000, 'image/jpeg', 'Photo ' || g,
              now() - (g || ' days')::interval, 'ready' FROM generate_series(1, 2000) g`,
        [userId],
      );
      await db.query(
        `INSERT INTO memories (user_id, title, content, event_date) SELECT $1, 'Memory ' || g, 'Story ' || g, current_date - g FROM generate_series(1, 1000) g`,
        [userId],
      );
    } finally {
      await db.end();
    }
    const [, userUnderLoad] = await Promise.all([
      cannon({ url: `${app.url}/api/timeline`, connections: 5, duration: 10, headers: { cookie } }),
      cannon({ url: `${app.url}/api/user`, connections: 5, duration: 10, headers: { cookie } }),
    ]);
    const p99 = userUnderLoad.latency.p99;
    rows.push({
      figure: 'GET /api/user p99 with the timeline (3k items) under load',
      value: p99,
      unit: 'ms',
      goal: '≤ 50 ms',
      pass: p99 <= 50,
    });
  } finally {
    await app.stop();
  }

  // ── Start-up and idle memory (production build) ──
  const emptyStarts: number[] = [];
  const warmStarts: number[] = [];
  const baselineStarts: number[] = [];
  let idleRss = 0;
  for (let i = 0; i < 3; i++) {
    const fresh = await startProcess(server);
    emptyStarts.push(fresh.startMs);
    await fresh.stop();
    fs.rmSync(fresh.dataDir, { recursive: true, force: true });
  }
  const first = await startProcess(server);
  const dataDir = first.dataDir;
  await first.stop();
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    execFileSync(process.execPath, ['-e', "require('http').createServer().listen(0, () => process.exit(0))"]);
    baselineStarts.push(performance.now() - t0);
    const warm = await startProcess(server, {}, dataDir);
    warmStarts.push(warm.startMs);
    if (i === ROUNDS - 1) {
      await new Promise((r) => setTimeout(r, 3000)); // settle: idle, not starting
      idleRss = treeRss(warm.child.pid!);
    }
    await warm.stop();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const warm = median(warmStarts);
  const base = median(baselineStarts);
  rows.push({
    figure: 'Start-up to first 200 /api/health, existing DATA_DIR',
    value: warm,
    unit: 'ms',
    baseline: base,
    ratio: warm / base,
    goal: '≤ 1500 ms',
    pass: warm <= 1500,
    note: 'baseline: bare Node HTTP server start',
  });
  const empty = median(emptyStarts);
  rows.push({
    figure: 'Start-up to first 200 /api/health, empty DATA_DIR',
    value: empty,
    unit: 'ms',
    baseline: base,
    ratio: empty / base,
    goal: '≤ 5000 ms',
    pass: empty <= 5000,
  });
  rows.push({
    figure: 'Idle memory, Node + PostgreSQL (RSS)',
    value: idleRss / 2 ** 20,
    unit: 'MB',
    goal: '≤ 350 MB',
    pass: idleRss / 2 ** 20 <= 350,
  });
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchApi();
  printTable(rows);
  saveRows('api', rows);
}
