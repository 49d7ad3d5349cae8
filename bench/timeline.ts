// npm run bench:timeline — the timeline under a large library. Ratios, not assertions: absolute numbers
// swing about 2x between runs on small machines, ratios measured in the same run do not.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  use that server (a scratch database
//                                                                    is created and dropped); otherwise
//                                                                    an embedded PostgreSQL in a temp dir.
//   BENCH_SECONDS=4  length of each autocannon round.
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { signUp } from '../tests/helpers/users';
import { cannonProcess, startInProcessApp, printTable, saveRows, type Row } from './lib';
import { seed } from './timeline-seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

async function main() {
  const { app, db, base, close } = await startInProcessApp();

  const rows: Row[] = [];
  try {
    const main = await signUp(app);
    const small = await signUp(app);
    const huge = await signUp(app);
    await seed(db, main.user.id, { photos: 10_000, memories: 5_000, documents: 1_000 });
    await seed(db, small.user.id, { photos: 1_000, memories: 500, documents: 100 });
    await seed(db, huge.user.id, { photos: 100_000, memories: 50_000, documents: 10_000 });
    await db.execute(sql`analyze`);
    log('seeded: 16k items (bench user), 1.6k (small), 160k (huge)');

    // 1. GET /api/timeline built fresh, one request at a time.
    const fresh: number[] = [];
    let raw = Buffer.alloc(0);
    for (let i = 0; i < 6; i += 1) {
      await db.execute(
        sql`update photos set title = ${`Edited ${i}`} where id = (select min(id) from photos where user_id = ${main.user.id})`,
      );
      const t0 = performance.now();
      const res = await fetch(`${base}/api/timeline`, { headers: { cookie: main.cookie, 'accept-encoding': 'identity' } });
      raw = Buffer.from(await res.arrayBuffer());
      fresh.push(performance.now() - t0);
    }
    log(
      `GET /api/timeline built fresh (16k items): median ${fmt(median(fresh.slice(1)))}, ${kb(raw.length)} JSON, ${kb(gzipSync(raw).length)} gzip`,
    );
    rows.push({
      figure: 'GET /api/timeline built fresh, 16k items',
      value: median(fresh.slice(1)),
      unit: 'ms',
      goal: 'report',
      pass: null,
      note: `${kb(raw.length)} JSON, ${kb(gzipSync(raw).length)} gzip`,
    });

    // 2. Throughput against a trivial route, alternating A B A B in the same run.
    const run = (url: string, headers: Record<string, string>, connections = 10, duration = SECONDS) =>
      cannonProcess(`${base}${url}`, headers, connections, duration);
    const cookieH = { cookie: main.cookie };
    const gzipH = { cookie: main.cookie, 'accept-encoding': 'gzip' };
    const etag = (await fetch(`${base}/api/timeline`, { headers: gzipH })).headers.get('etag') ?? '';
    const rounds: Record<string, number[]> = { trivial: [], timeline: [], conditional: [] };
    let bytesPerTimeline = 0;
    for (let round = 0; round < 2; round += 1) {
      rounds.trivial!.push((await run('/api/user', cookieH)).requests.average);
      const timeline = await run('/api/timeline', gzipH);
      rounds.timeline!.push(timeline.requests.average);
      bytesPerTimeline = timeline.throughput.average / Math.max(1, timeline.requests.average);
      rounds.conditional!.push((await run('/api/timeline', { ...gzipH, 'if-none-match': etag })).requests.average);
    }
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const trivial = avg(rounds.trivial!);
    log(`throughput: GET /api/user ${trivial.toFixed(0)} req/s (baseline)`);
    log(
      `  GET /api/timeline (gzip) ${avg(rounds.timeline!).toFixed(0)} req/s = ${(avg(rounds.timeline!) / trivial).toFixed(3)} of baseline (${kb(bytesPerTimeline)} per response)`,
    );
    log(
      `  GET /api/timeline (If-None-Match → 304) ${avg(rounds.conditional!).toFixed(0)} req/s = ${(avg(rounds.conditional!) / trivial).toFixed(3)} of baseline`,
    );
    rows.push({
      figure: 'GET /api/timeline (16k, gzip) req/s vs GET /api/user',
      value: avg(rounds.timeline!),
      unit: 'req/s',
      baseline: trivial,
      ratio: avg(rounds.timeline!) / trivial,
      goal: 'report',
      pass: null,
    });
    rows.push({
      figure: 'GET /api/timeline (16k, 304) req/s vs GET /api/user',
      value: avg(rounds.conditional!),
      unit: 'req/s',
      baseline: trivial,
      ratio: avg(rounds.conditional!) / trivial,
      goal: 'report',
      pass: null,
    });

    // 3. GET /api/user p99 while the timeline is under load, unchanged and with a row changing every second.
    const underLoad = async (churn: boolean) => {
      let stop = false;
      const churner = (async () => {
        let i = 0;
        while (churn && !stop) {
          await db.execute(
            sql`update photos set title = ${`Churn ${i++}`} where id = (select min(id) from photos where user_id = ${main.user.id})`,
          );
          await new Promise((r) => setTimeout(r, 1000));
        }
      })();
      const [, user] = await Promise.all([run('/api/timeline', gzipH, 10, SECONDS + 1), run('/api/user', cookieH, 2, SECONDS)]);
      stop = true;
      await churner;
      return user;
    };
    const idle = await run('/api/user', cookieH, 2, SECONDS);
    const steady = await underLoad(false);
    const churned = await underLoad(true);
    log(
      `GET /api/user p99: idle ${fmt(idle.latency.p99)}; timeline under load ${fmt(steady.latency.p99)}; under load with a change every second ${fmt(churned.latency.p99)} (goal ≤ 50 ms)`,
    );
    const worstP99 = Math.max(steady.latency.p99, churned.latency.p99);
    rows.push({
      figure: 'GET /api/user p99 while the 16k timeline is under load',
      value: worstP99,
      unit: 'ms',
      baseline: idle.latency.p99,
      ratio: worstP99 / Math.max(1, idle.latency.p99),
      goal: '≤ 50 ms',
      pass: worstP99 <= 50,
    });

    // 4. The paged endpoint from 1.6k to 160k items: first page and a deep page of a busy year, and a month.
    const pageTimes = async (cookie: string) => {
      const get = async (url: string) => {
        const t0 = performance.now();
        const res = await fetch(`${base}${url}`, { headers: { cookie } });
        const body = (await res.json()) as { nextCursor: string | null };
        return { ms: performance.now() - t0, body };
      };
      const first: number[] = [];
      const deep: number[] = [];
      const month: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const a = await get('/api/timeline/period?year=2015&limit=50');
        first.push(a.ms);
        let cursor = a.body.nextCursor;
        for (let hop = 0; hop < 3 && cursor; hop += 1)
          cursor = (await get(`/api/timeline/period?year=2015&limit=50&cursor=${cursor}`)).body.nextCursor;
        if (cursor) deep.push((await get(`/api/timeline/period?year=2015&limit=50&cursor=${cursor}`)).ms);
        month.push((await get('/api/timeline/period?year=2024&month=6&limit=50&sortDirection=asc')).ms);
      }
      const summary: number[] = [];
      for (let i = 0; i < 5; i += 1) summary.push((await get('/api/timeline/summary')).ms);
      return {
        first: median(first.slice(5)),
        firstP99: p99(first.slice(5)),
        deep: deep.length ? median(deep) : NaN,
        month: median(month.slice(5)),
        summary: median(summary),
      };
    };
    const s = await pageTimes(small.cookie);
    const h = await pageTimes(huge.cookie);
    log(
      `GET /api/timeline/period (50 items), 1.6k → 160k items: first page of a year ${fmt(s.first)} → ${fmt(h.first)} (p99 ${fmt(s.firstP99)} → ${fmt(h.firstP99)}); 5th page ${Number.isNaN(s.deep) ? 'n/a (a single page)' : fmt(s.deep)} → ${fmt(h.deep)}; a month ${fmt(s.month)} → ${fmt(h.month)} (goal ≤ 20 ms)`,
    );
    log(`GET /api/timeline/summary, 1.6k → 160k items: ${fmt(s.summary)} → ${fmt(h.summary)}`);
    const worstPage = Math.max(h.first, Number.isNaN(h.deep) ? 0 : h.deep, h.month);
    rows.push({
      figure: 'GET /api/timeline/period page (50 items) at 160k items vs 1.6k',
      value: worstPage,
      unit: 'ms',
      baseline: s.first,
      ratio: worstPage / s.first,
      goal: '≤ 20 ms',
      pass: worstPage <= 20,
    });
    rows.push({
      figure: 'GET /api/timeline/summary at 160k items vs 1.6k',
      value: h.summary,
      unit: 'ms',
      baseline: s.summary,
      ratio: h.summary / s.summary,
      goal: 'report',
      pass: null,
    });
    printTable(rows);
    saveRows('timeline', rows);
  } finally {
    await close();
  }
}

await main();
