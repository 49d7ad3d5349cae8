// npm run bench:timeline — the timeline under a large library. Ratios, not assertions: absolute numbers
// swing about 2x between runs on small machines, ratios measured in the same run do not.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  use that server (a scratch database
//                                                                    is created and dropped); otherwise
//                                                                    an embedded PostgreSQL in a temp dir.
//   BENCH_SECONDS=4  length of each autocannon round.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { timelineSchema } from '../src/shared/schemas/timeline';
import { buildApp } from '../src/server/app';
import type { Db } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { runMigrations } from '../src/server/db/migrate';
import * as schema from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';
import { createTimelineCache } from '../src/server/features/timeline/timeline-cache';
import { createTimelineRepo } from '../src/server/features/timeline/timeline.repo';
import { createTimelineService } from '../src/server/features/timeline/timeline.service';
import { createFileStore } from '../src/server/lib/file-store';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);

async function openDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const name = `heirloom_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: adminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`), max: 20 });
    return {
      pool,
      async close() {
        await pool.end();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-'));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres(dir);
  const pool = new pg.Pool({ ...embedded.connection, max: 20 });
  return {
    pool,
    async close() {
      await pool.end();
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** photos / memories / documents for one user, dated over 1990–2025, in a few set-based statements. */
async function seed(db: Db, userId: number, n: { photos: number; memories: number; documents: number }) {
  const span = 35 * 365 * 86400; // seconds from 1990 to 2025
  await db.execute(sql`
    insert into memories (user_id, title, content, event_date)
    select ${userId}, 'Memory ' || g, repeat('A line of the story. ', 10 + g % 20), date '1990-01-01' + (random() * 12775)::int
    from generate_series(1, ${n.memories}) g`);
  await db.execute(sql`
    insert into photos (user_id, file_path, file_name, file_size, mime_type, title, description, date_taken, created_at)
    select ${userId}, 'users/' || ${userId} || '/photos/' || g || '.jpg', 'IMG_' || g || '.jpg', 2000000, 'image/jpeg',
      case when g % 4 = 0 then null else 'Photo ' || g end,
      case when g % 3 = 0 then 'What happened in photo ' || g else null end,
      case when g % 10 = 0 then null else timestamptz '1990-01-01 00:00Z' + random() * ${span} * interval '1 second' end,
      timestamptz '2024-01-01 00:00Z' + random() * 600 * interval '1 day'
    from generate_series(1, ${n.photos}) g`);
  await db.execute(sql`
    insert into vault_files (user_id, file_name, original_name, file_path, file_size, mime_type, description, uploaded_at)
    select ${userId}, g || '.pdf', 'Document ' || g || '.pdf', 'users/' || ${userId} || '/vault/' || g || '.pdf', 50000, 'application/pdf',
      case when g % 2 = 0 then 'Kept for later' else null end, timestamptz '2010-01-01 00:00Z' + random() * 5800 * interval '1 day'
    from generate_series(1, ${n.documents}) g`);
  // Attachments: an own file on every 5th memory, a linked photo on every 10th, a linked document on every 50th.
  await db.execute(sql`
    insert into memory_attachments (memory_id, user_id, file_path, file_name, file_size, mime_type)
    select id, ${userId}, 'users/' || ${userId} || '/attachments/' || id || '.mp3', 'voice-' || id || '.mp3', 300000, 'audio/mpeg'
    from memories where user_id = ${userId} and id % 5 = 0`);
  await db.execute(sql`
    update photos p set memory_id = m.id
    from (select id, row_number() over (order by id) rn from memories where user_id = ${userId} and id % 10 = 0) m
    join (select id, row_number() over (order by id) rn from photos where user_id = ${userId}) ph on ph.rn = m.rn
    where p.id = ph.id`);
  await db.execute(sql`
    update vault_files v set memory_id = m.id
    from (select id, row_number() over (order by id) rn from memories where user_id = ${userId} and id % 50 = 0) m
    join (select id, row_number() over (order by id) rn from vault_files where user_id = ${userId}) d on d.rn = m.rn
    where v.id = d.id`);
}

async function signUp(app: FastifyInstance, email: string) {
  const password = 'Bench-pass-1!';
  const reg = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { firstName: 'Bench', surname: 'User', email, dateOfBirth: '1960-01-01', password, confirmPassword: password },
  });
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  return { id: (reg.json() as { id: number }).id, cookie };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

async function main() {
  const database = await openDatabase();
  const db = drizzle(database.pool, { schema }) as Db;
  await runMigrations(db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-bench-data-'));
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000' });
  const files = createFileStore(path.join(dataDir, 'files'));
  await files.init();
  const app = await buildApp({ env, db, files, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  try {
    const main = await signUp(app, 'bench@example.com');
    const small = await signUp(app, 'small@example.com');
    const huge = await signUp(app, 'huge@example.com');
    await seed(db, main.id, { photos: 10_000, memories: 5_000, documents: 1_000 });
    await seed(db, small.id, { photos: 1_000, memories: 500, documents: 100 });
    await seed(db, huge.id, { photos: 100_000, memories: 50_000, documents: 10_000 });
    await db.execute(sql`analyze`);
    log('seeded: 16k items (bench user), 1.6k (small), 160k (huge)');

    // 1. GET /api/timeline built fresh: every request follows a change, so none is served from the cache.
    const fresh: number[] = [];
    let rawBytes = 0;
    for (let i = 0; i < 6; i += 1) {
      await db.execute(sql`update photos set title = ${`Edited ${i}`} where id = (select min(id) from photos where user_id = ${main.id})`);
      const t0 = performance.now();
      const res = await fetch(`${base}/api/timeline`, { headers: { cookie: main.cookie, 'accept-encoding': 'identity' } });
      const body = await res.arrayBuffer();
      fresh.push(performance.now() - t0);
      rawBytes = body.byteLength;
    }
    const gzBytes = gzipSync(Buffer.from(JSON.stringify(await (await fetch(`${base}/api/timeline`, { headers: { cookie: main.cookie } })).json()))).length;
    const service = createTimelineService({ repo: createTimelineRepo(db), cache: createTimelineCache() });
    const parts = { query: [] as number[], validate: [] as number[], stringify: [] as number[] };
    for (let i = 0; i < 5; i += 1) {
      const t0 = performance.now();
      const groups = await service.list(main.id, {});
      const t1 = performance.now();
      timelineSchema.parse(groups);
      const t2 = performance.now();
      JSON.stringify(groups);
      parts.query.push(t1 - t0);
      parts.validate.push(t2 - t1);
      parts.stringify.push(performance.now() - t2);
    }
    log(`GET /api/timeline built fresh (16k items): median ${fmt(median(fresh.slice(1)))}, ${kb(rawBytes)} JSON, ${kb(gzBytes)} gzip`);
    log(`  of which: queries + mapping ${fmt(median(parts.query))}, schema check ${fmt(median(parts.validate))}, JSON.stringify ${fmt(median(parts.stringify))}`);

    // 2. Throughput against a trivial route, alternating A B A B in the same run.
    const run = (url: string, headers: Record<string, string>, connections = 10, duration = SECONDS) =>
      autocannon({ url: `${base}${url}`, connections, duration, headers });
    const cookieH = { cookie: main.cookie };
    const gzipH = { cookie: main.cookie, 'accept-encoding': 'gzip' };
    const etag = (await fetch(`${base}/api/timeline`, { headers: gzipH })).headers.get('etag') ?? '';
    const rounds: Record<string, number[]> = { trivial: [], timeline: [], conditional: [] };
    for (let round = 0; round < 2; round += 1) {
      rounds.trivial!.push((await run('/api/user', cookieH)).requests.average);
      rounds.timeline!.push((await run('/api/timeline', gzipH)).requests.average);
      rounds.conditional!.push((await run('/api/timeline', { ...gzipH, 'if-none-match': etag })).requests.average);
    }
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const trivial = avg(rounds.trivial!);
    log(`throughput: GET /api/user ${trivial.toFixed(0)} req/s (baseline)`);
    log(`  GET /api/timeline (cached, gzip) ${avg(rounds.timeline!).toFixed(0)} req/s = ${(avg(rounds.timeline!) / trivial).toFixed(3)} of baseline`);
    log(`  GET /api/timeline (If-None-Match → 304) ${avg(rounds.conditional!).toFixed(0)} req/s = ${(avg(rounds.conditional!) / trivial).toFixed(3)} of baseline`);

    // 3. GET /api/user p99 while the timeline is under load: served from cache, and with a row changing every 100 ms.
    const underLoad = async (churn: boolean) => {
      let stop = false;
      const churner = (async () => {
        let i = 0;
        while (churn && !stop) {
          await db.execute(sql`update photos set title = ${`Churn ${i++}`} where id = (select min(id) from photos where user_id = ${main.id})`);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const [, user] = await Promise.all([run('/api/timeline', gzipH, 10, SECONDS + 1), run('/api/user', cookieH, 2, SECONDS)]);
      stop = true;
      await churner;
      return user;
    };
    const idle = await run('/api/user', cookieH, 2, SECONDS);
    const cached: Result = await underLoad(false);
    const churned: Result = await underLoad(true);
    log(`GET /api/user p99: idle ${fmt(idle.latency.p99)}; timeline under load ${fmt(cached.latency.p99)}; under load with a change every 100 ms ${fmt(churned.latency.p99)} (goal ≤ 50 ms)`);

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
        for (let hop = 0; hop < 3 && cursor; hop += 1) cursor = (await get(`/api/timeline/period?year=2015&limit=50&cursor=${cursor}`)).body.nextCursor;
        if (cursor) deep.push((await get(`/api/timeline/period?year=2015&limit=50&cursor=${cursor}`)).ms);
        month.push((await get('/api/timeline/period?year=2024&month=6&limit=50&sortDirection=asc')).ms);
      }
      const summary: number[] = [];
      for (let i = 0; i < 5; i += 1) summary.push((await get('/api/timeline/summary')).ms);
      return { first: median(first.slice(5)), firstP99: p99(first.slice(5)), deep: deep.length ? median(deep) : NaN, month: median(month.slice(5)), summary: median(summary) };
    };
    const s = await pageTimes(small.cookie);
    const h = await pageTimes(huge.cookie);
    log(`GET /api/timeline/period (50 items), 1.6k → 160k items: first page of a year ${fmt(s.first)} → ${fmt(h.first)} (p99 ${fmt(s.firstP99)} → ${fmt(h.firstP99)}); 5th page ${fmt(s.deep)} → ${fmt(h.deep)}; a month ${fmt(s.month)} → ${fmt(h.month)} (goal ≤ 20 ms)`);
    log(`GET /api/timeline/summary, 1.6k → 160k items: ${fmt(s.summary)} → ${fmt(h.summary)}`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
