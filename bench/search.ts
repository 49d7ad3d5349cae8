// npm run bench:search — GET /api/search at 160,000 items for one account (issue 15: p95 ≤ 50 ms).
// The baseline is GET /api/user (a signed-in request through the same app and session, served from the session
// cache), alternated with the searches in the same run: it shows how busy the shared machine was.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  use that server (a scratch database is
//                                                                    created and dropped); otherwise an
//                                                                    embedded PostgreSQL in a temp dir.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { signUp } from '../tests/helpers/users';
import { percentile, printTable, saveRows, startInProcessApp, type Row } from './lib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const started = performance.now();
const log = (...args: unknown[]) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s]`, ...args);

// A family's vocabulary: names with accents, places, events, cameras. Items combine them by their number.
const WORDS = `birthday wedding christmas holiday picnic beach garden graduation baptism harvest lake mountain
  school church market bicycle kitchen letter recipe violin football summer winter autumn spring grandma grandpa
  cousin uncle aunt baby puppy kitten camping fishing sailing dancing concert museum airport train ferry island
  village farm orchard bakery festival reunion anniversary`.split(/\s+/);
const FIRST = ['José', 'María', 'François', 'Zoë', 'Ingrid', 'Seán', 'Anna', 'Peter', 'Léa', 'Jürgen', 'Ana', 'Tomás'];
const LAST = ['García', 'Müller', 'Dubois', 'Søndergaard', "O'Brien", 'Nowak', 'Rossi', 'Svensson', 'Álvarez', 'Smith'];
const PLACES = ['Paris', 'Kraków', 'Zürich', 'Lisbon', 'Annecy', 'Galway', 'Bergen', 'Sevilla', 'Montréal', 'Brno'];
const CAMERAS = ['Canon EOS 5D', 'Nikon D700', 'iPhone 12', 'Pixel 7', 'Kodak Instamatic', 'Olympus OM-1'];

/** One account's library with varied text, in set-based statements. */
async function seed(db: Pick<Db, 'execute'>, userId: number, n: { memories: number; photos: number; documents: number; contacts: number }) {
  const arr = (xs: string[]) => sql`${`{${xs.map((x) => `"${x.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;
  const w = arr(WORDS);
  const word = (expr: string) => sql`(${w})[1 + (${sql.raw(expr)}) % ${WORDS.length}]`;
  await db.execute(sql`
    insert into memories (user_id, title, content, event_date, tags, location)
    select ${userId}, initcap(${word('g')}) || ' at ' || (${arr(PLACES)})[1 + g % ${PLACES.length}],
      'We remember the ' || ${word('g * 7')} || ' with ' || (${arr(FIRST)})[1 + g % ${FIRST.length}] || '. '
        || repeat('It was a day of ' || ${word('g * 13')} || ' and ' || ${word('g * 17')} || '. ', 3 + g % 8),
      date '1950-01-01' + (g * 7919) % 27000,
      array[${word('g * 3')}, ${word('g * 5')}], (${arr(PLACES)})[1 + g % ${PLACES.length}]
    from generate_series(1, ${n.memories}) g`);
  await db.execute(sql`
    insert into photos (user_id, file_path, file_name, file_size, mime_type, title, description, date_taken, location, camera_info, tags, derivative_status)
    select ${userId}, 'users/' || ${userId} || '/photos/' || g || '.jpg', 'IMG_' || g || '.JPG', 2000000, 'image/jpeg',
      case when g % 4 = 0 then null else initcap(${word('g * 11')}) || ' ' || g end,
      case when g % 3 = 0 then 'The ' || ${word('g * 19')} || ' in ' || (${arr(PLACES)})[1 + g % ${PLACES.length}] else null end,
      timestamptz '1960-01-01 00:00Z' + ((g * 7919) % 23000) * interval '1 day',
      (${arr(PLACES)})[1 + (g * 3) % ${PLACES.length}], (${arr(CAMERAS)})[1 + g % ${CAMERAS.length}],
      array[${word('g * 23')}], 'ready'
    from generate_series(1, ${n.photos}) g`);
  await db.execute(sql`
    insert into vault_files (user_id, file_name, original_name, file_path, file_size, mime_type, description)
    select ${userId}, g || '.pdf', initcap(${word('g * 29')}) || ' papers ' || g || '.pdf', 'users/' || ${userId} || '/vault/' || g || '.pdf',
      50000, 'application/pdf', case when g % 2 = 0 then 'Kept after the ' || ${word('g')} else null end
    from generate_series(1, ${n.documents}) g`);
  await db.execute(sql`
    insert into contacts (owner_id, first_name, last_name, relationship, family_relation, notes)
    select ${userId}, (${arr(FIRST)})[1 + g % ${FIRST.length}], (${arr(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
      (case when g % 2 = 0 then 'family' else 'friend' end)::relationship, case when g % 2 = 0 then 'Cousin' else null end,
      'Met at the ' || ${word('g * 31')}
    from generate_series(1, ${n.contacts}) g`);
}

/** What people type: names without accents, half-typed words, places, tags, two words, a phrase, an exclusion. */
const QUERIES = [
  'jose',
  'muller',
  'zurich',
  'birthday',
  'wedd',
  'grandma christmas',
  'canon',
  'lake -beach',
  '"summer at paris"',
  'sondergaard',
  'orch',
  'img_4242',
];

async function main() {
  const { app, db, base, close } = await startInProcessApp();
  const rows: Row[] = [];
  try {
    const owner = await signUp(app);
    const other = await signUp(app);
    await seed(db, owner.user.id, { memories: 50_000, photos: 100_000, documents: 8_000, contacts: 2_000 });
    await seed(db, other.user.id, { memories: 5_000, photos: 10_000, documents: 800, contacts: 200 });
    await db.execute(sql`analyze`);
    log('seeded: 160,000 items (owner) + 16,000 (another account)');

    const time = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${url}`, { headers: { cookie: owner.cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
      return performance.now() - t0;
    };
    for (const q of QUERIES) await time(`/api/search?q=${encodeURIComponent(q)}`); // warm up

    const search: number[] = [];
    const byPk: number[] = [];
    const perQuery = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of QUERIES) {
        const ms = await time(`/api/search?q=${encodeURIComponent(q)}`);
        search.push(ms);
        perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
        byPk.push(await time('/api/user'));
      }
    }
    for (const [q, xs] of perQuery) log(`  ${JSON.stringify(q).padEnd(22)} p95 ${percentile(xs, 95).toFixed(1)} ms`);
    const p95 = percentile(search, 95);
    const base95 = percentile(byPk, 95);
    log(`GET /api/search (all four kinds) p95 ${p95.toFixed(1)} ms; GET /api/user p95 ${base95.toFixed(1)} ms`);
    rows.push({
      figure: 'GET /api/search p95 at 160k items (all kinds) vs GET /api/user',
      value: p95,
      unit: 'ms',
      baseline: base95,
      ratio: p95 / base95,
      goal: '≤ 50 ms',
      pass: p95 <= 50,
      note: `${QUERIES.length} queries × ${ROUNDS} rounds`,
    });

    const page: number[] = [];
    for (let round = 0; round < ROUNDS; round++) page.push(await time('/api/search?q=birthday&kind=memory'));
    rows.push({
      figure: 'GET /api/search one kind, page of 20 (memories matching "birthday")',
      value: percentile(page, 95),
      unit: 'ms',
      goal: 'report',
      pass: null,
    });
    printTable(rows);
    saveRows('search', rows);
  } finally {
    await close();
  }
}

await main();
