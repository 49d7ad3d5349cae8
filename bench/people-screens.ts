// The screens part of npm run bench:people (issue 29): /people and /people/<id> in Chromium with a library of
// 100,000 photos, measured as bench:library measures its screens (production build, a fresh browser for each
// visit, medians of BENCH_ROUNDS cold visits alternated with a small account in the same run).
//  • The library: bench/library-seed.ts's 100,000 photos, 20,000 memories and 2,000 contacts, then 150,000 faces
//    written straight into PostgreSQL: 400 family members whose share of the faces falls like 1/rank, the 20 most
//    seen named (every other one linked to a contact), 6,000 strangers seen once, each a person of their own (as
//    a regroup leaves them), and one family face in a hundred a question ("Is this …?") rather than placed. No
//    embeddings or centroids: the screens do not read them.
//  • The baseline: a second account with 1,000 photos (200 memories, 20 contacts), 1,500 faces, 30 family
//    members (5 named), 60 strangers.
//  • /people: time from navigation until the first face of the people grid has loaded; /people/<id> of the most
//    seen person: until their name is on screen and the first of their photos has loaded. DOM nodes after the
//    network is idle. Server runs with FACE_RECOGNITION=on and every photo already looked at, as after a backfill.
import fs from 'node:fs';
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Page } from '@playwright/test';
import type pg from 'pg';
import * as schema from '../src/server/db/schema';
import { dataDirClient } from '../tests/helpers/database';
import { signUpHttp, type SignedUp } from '../tests/helpers/users';
import { launchBrowser, requestsBefore, signedInContext, uploadPhotos } from './browser';
import { seedLibrary } from './library-seed';
import { ensureBuild, median, row, startProcess, type Row } from './lib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SCREEN_TIMEOUT_MS = 60_000;
const VIEWPORT = { width: 1280, height: 800 };
/** Where the first face of /people and the first photo of /people/<id> are drawn (the screens' own landmarks). */
const PEOPLE_GRID = 'ul[aria-label="People"]';
const PERSON_PHOTOS = 'section[aria-labelledby="person-photos-title"]';

export interface PeopleLibrarySize {
  photos: number;
  memories: number;
  contacts: number;
  faces: number;
  /** People seen again and again (their share of faces falls like 1/rank). */
  family: number;
  /** People seen once, each a person of their own. */
  strangers: number;
  /** The most seen family members with a name (every other one linked to a contact). */
  named: number;
}

export function libraryOfPeople(scale: number): PeopleLibrarySize {
  const s = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  return {
    photos: s(100_000, 1_000),
    memories: s(20_000, 200),
    contacts: s(2_000, 40),
    faces: s(150_000, 1_500),
    family: s(400, 30),
    strangers: s(6_000, 60),
    named: 20,
  };
}

export const SMALL_ACCOUNT: PeopleLibrarySize = {
  photos: 1_000,
  memories: 200,
  contacts: 20,
  faces: 1_500,
  family: 30,
  strangers: 60,
  named: 5,
};

interface Account extends SignedUp {
  label: string;
  size: PeopleLibrarySize;
  /** The most seen person: their id, name and number of faces. */
  top?: { id: number; name: string; faces: number };
}

/**
 * The faces and people of `size` for `userId`, whose photos are seeded already, in set-based SQL on one
 * connection (setseed makes them the same on every run).
 */
async function seedPeople(client: pg.Client, userId: number, size: PeopleLibrarySize) {
  await client.query('select setseed(0.29)');
  const everyone = size.family + size.strangers;
  // People by rank: 1…family the family, the most seen first; then the strangers. The top `named` carry the name
  // of one of the owner's contacts, every other one linked to that contact. One INSERT whose rows come in rank
  // order, on this one connection: the identities follow the ranks.
  const { rows: first } = await client.query<{ id: number }>(
    `with named as (
       select row_number() over (order by id) as rank, id, first_name || ' ' || coalesce(last_name, '') as name
       from contacts where owner_id = $1 order by id limit $3
     ), ins as (
       insert into people (user_id, name, contact_id)
       select $1, trim(named.name), case when g % 2 = 1 then named.id end
       from generate_series(1, $2::int) g left join named on named.rank = g
       order by g
       returning id
     )
     select min(id)::int as id from ins`,
    [userId, everyone, size.named],
  );
  const base = first[0]!.id - 1; // person of rank r: base + r
  // Faces: the strangers' first, one each, then the family by 1/rank (the inverse of a 1/x density). Each face in
  // one of the owner's photos at random; a box as the detector gives them (square in pixels, 4:3 photos).
  await client.query(
    `with photo as materialized (
       select id, row_number() over (order by id) as n from photos where user_id = $1
     ), f as materialized (
       select g,
         case when g <= $4 then $3 + g else least($3, floor(exp(random() * ln($3 + 1)))::int) end as rank,
         1 + floor(random() * (select count(*) from photo))::int as n,
         random() as asked, 0.06 + random() * 0.12 as w
       from generate_series(1, $2::int) g
     )
     insert into faces (user_id, photo_id, person_id, suggested_person_id, similarity, box_x, box_y, box_width, box_height,
       score, source)
     select $1, photo.id,
       case when f.rank > $3 or f.asked >= 0.01 then $5 + f.rank end,
       case when f.rank <= $3 and f.asked < 0.01 then $5 + f.rank end,
       case when f.rank <= $3 and f.asked < 0.01 then 0.6 + f.asked * 10 end,
       0.05 + random() * (0.9 - f.w), 0.05 + random() * (0.85 - f.w * 4 / 3), f.w, f.w * 4 / 3, 0.7 + random() * 0.3, 'detected'
     from f join photo using (n)`,
    [userId, size.faces, size.family, size.strangers, base],
  );
  // Never one person twice in a photo.
  await client.query(
    `delete from faces a using faces b
     where a.user_id = $1 and b.user_id = $1 and a.photo_id = b.photo_id and a.person_id = b.person_id and a.id > b.id`,
    [userId],
  );
  await client.query(
    `update people set face_count = c.n
     from (select person_id, count(*)::int as n from faces where user_id = $1 and person_id is not null group by person_id) c
     where people.id = c.person_id and people.user_id = $1`,
    [userId],
  );
  // Every photo looked at, as after a backfill; face recognition on again for the account (off while seeding,
  // so the uploaded photos were not given to the model).
  await client.query(`update photos set face_status = 'done' where user_id = $1`, [userId]);
  await client.query('update users set faces_enabled = true where id = $1', [userId]);
  const { rows: top } = await client.query<{ id: number; name: string | null; faces: number }>(
    'select id, name, face_count as faces from people where user_id = $1 order by face_count desc, id limit 1',
    [userId],
  );
  const { rows: counts } = await client.query<{ people: number; asked: number }>(
    `select (select count(*)::int from people where user_id = $1) as people,
       (select count(*)::int from faces where user_id = $1 and suggested_person_id is not null) as asked`,
    [userId],
  );
  if (!top[0]?.name) throw new Error('the most seen person has no name: the seed is not as planned');
  return { top: { id: top[0].id, name: top[0].name, faces: top[0].faces }, ...counts[0]! };
}

/** A few real photos through the API, then the library as rows that share their files, then its faces. */
async function seedAccount(url: string, dataDir: string, account: Account, log: (...a: unknown[]) => void) {
  const client = await dataDirClient(dataDir);
  try {
    await client.query('update users set faces_enabled = false where id = $1', [account.user.id]);
    await uploadPhotos(url, account.cookie, 4);
    const photoPaths = (await client.query<{ file_path: string }>('select file_path from photos where user_id = $1', [account.user.id]))
      .rows;
    const t0 = performance.now();
    const { photos, memories, contacts } = account.size;
    await seedLibrary(
      drizzle(client, { schema }),
      account.user.id,
      { photos, memories, contacts, documents: 0 },
      { photoPaths: photoPaths.map((r) => r.file_path), documents: [{ path: 'none', size: 0 }] },
    );
    const seeded = await seedPeople(client, account.user.id, account.size);
    account.top = seeded.top;
    await client.query('vacuum analyze'); // the steady state autovacuum leaves a library in, as bench:library measures
    log(
      `${account.label}: seeded ${photos} photos, ${account.size.faces} faces, ${seeded.people} people (${seeded.asked} faces asked about);` +
        ` most seen ${seeded.top.name} in ${seeded.top.faces} photos; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}

declare global {
  interface Window {
    __people: { image?: number; name?: number; first?: number };
  }
}

/**
 * From navigation on: when the first picture from /api/photos/image/ inside `within` finished loading, and when
 * an h1 holding `name` was on the page (0 = navigation start). First content is the later of the two. Plain
 * JavaScript text: a function passed from here would carry the TypeScript runner's helpers into the page.
 */
const observePage = (within: string, name: string | null) => `
  const bench = {};
  window.__people = bench;
  const name = ${JSON.stringify(name)};
  const done = () => {
    if (bench.first === undefined && bench.image !== undefined && (name === null || bench.name !== undefined))
      bench.first = Math.max(bench.image, bench.name ?? 0);
  };
  document.addEventListener('load', (e) => {
    const img = e.target;
    if (bench.image === undefined && img instanceof HTMLImageElement && img.src.includes('/api/photos/image/')
        && img.closest(${JSON.stringify(within)})) {
      bench.image = performance.now();
      done();
    }
  }, true);
  if (name !== null) {
    const observer = new MutationObserver(() => {
      for (const h of document.getElementsByTagName('h1'))
        if ((h.textContent || '').includes(name)) {
          bench.name = performance.now();
          observer.disconnect();
          done();
          return;
        }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }`;

interface Visit {
  firstMs?: number;
  nodes?: number;
  /** What the page fetched before its first content: `start–end ms  path  (server ms, KB)`. */
  trace?: string[];
  error?: string;
}

/** The requests that began before the first content (0 = navigation start). */
const waterfall = async (page: Page) => requestsBefore(page, await page.evaluate(() => window.__people.first!));

/** Opens `screen` in a browser of its own (cold cache); first content, then DOM nodes once the network is idle. */
async function visit(url: string, account: Account, screen: string, within: string, name: string | null): Promise<Visit> {
  const browser = await launchBrowser();
  let timer: NodeJS.Timeout | undefined;
  const work = async (): Promise<Visit> => {
    const context = await signedInContext(browser, url, account.cookie, VIEWPORT);
    const page = await context.newPage();
    await page.addInitScript({ content: observePage(within, name) });
    await page.goto(`${url}${screen}`, { waitUntil: 'commit' });
    try {
      await page.waitForFunction(() => window.__people.first !== undefined, null, { timeout: SCREEN_TIMEOUT_MS, polling: 100 });
    } catch {
      const seen = await page.evaluate(() => window.__people).catch(() => undefined);
      return { error: `nothing shown within ${SCREEN_TIMEOUT_MS / 1000} s (${JSON.stringify(seen)})` };
    }
    const firstMs = await page.evaluate(() => window.__people.first!);
    const trace = await waterfall(page);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    await page.waitForTimeout(1000);
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    return { firstMs, nodes, trace };
  };
  const giveUp = new Promise<Visit>((resolve) => {
    timer = setTimeout(
      () => resolve({ error: `the page did not answer within ${(3 * SCREEN_TIMEOUT_MS) / 1000} s` }),
      3 * SCREEN_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work().catch((err: unknown) => ({ error: String(err).split('\n')[0] })), giveUp]);
  } finally {
    clearTimeout(timer);
    await browser.close();
  }
}

const firstOf = (visits: Visit[]) =>
  visits.some((v) => v.firstMs !== undefined)
    ? median(visits.flatMap((v) => (v.firstMs === undefined ? [] : [v.firstMs])))
    : SCREEN_TIMEOUT_MS;
const errorsOf = (visits: Visit[]) => [...new Set(visits.flatMap((v) => (v.error ? [v.error] : [])))].join('; ');
const describe = (v: Visit | undefined) => (!v ? 'not tried again' : (v.error ?? `${v.firstMs!.toFixed(0)} ms`));

export async function measureScreens(scale: number, log: (...a: unknown[]) => void): Promise<Row[]> {
  const size = libraryOfPeople(scale);
  const { server } = await ensureBuild();
  const app = await startProcess(server, { FACE_RECOGNITION: 'on' });
  try {
    const owner: Account = { ...(await signUpHttp(app.url)), label: 'library', size };
    const base: Account = { ...(await signUpHttp(app.url)), label: 'small account', size: SMALL_ACCOUNT };
    await seedAccount(app.url, app.dataDir, owner, log);
    await seedAccount(app.url, app.dataDir, base, log);
    const load = () => os.loadavg()[0]!.toFixed(1);
    const loadBefore = load();
    const rows: Row[] = [];
    const at = `${size.photos.toLocaleString('en')} photos`;
    for (const screen of ['people', 'person'] as const) {
      const open = (a: Account) =>
        screen === 'people'
          ? visit(app.url, a, '/people', PEOPLE_GRID, null)
          : visit(app.url, a, `/people/${a.top!.id}`, PERSON_PHOTOS, a.top!.name);
      const runs = { owner: [] as Visit[], base: [] as Visit[] };
      for (let i = 0; i < ROUNDS; i++) {
        runs.base.push(await open(base));
        // a library whose screen showed nothing in time is not opened again (each try would cost minutes)
        if (!runs.owner.some((v) => v.error)) runs.owner.push(await open(owner));
        log(`/${screen} round ${i + 1}: small account ${describe(runs.base[i])}, library ${describe(runs.owner[i])}`);
      }
      for (const [who, v] of [
        ['small account', runs.base[0]],
        ['library', runs.owner[0]],
      ] as const)
        if (v?.trace) log(`/${screen} ${who}, fetched before the first content of the first cold visit:\n    ${v.trace.join('\n    ')}`);
      const ms = firstOf(runs.owner);
      const baseMs = firstOf(runs.base);
      const err = errorsOf(runs.owner);
      const nodes = Math.max(...runs.owner.map((v) => v.nodes ?? NaN));
      const baseNodes = Math.max(...runs.base.map((v) => v.nodes ?? NaN));
      const what =
        screen === 'people'
          ? `/people first face at ${at} (${size.faces.toLocaleString('en')} faces)`
          : `/people/<id> name and first photo at ${at}, the most seen person (${owner.top!.faces.toLocaleString('en')} photos)`;
      log(
        `/${screen}: first content ${ms.toFixed(0)} ms (small account ${baseMs.toFixed(0)} ms), ${nodes} nodes (${baseNodes}); load average ${loadBefore} → ${load()}`,
      );
      const note = `median of ${ROUNDS} cold visits, 1280×800; baseline: the small account (${SMALL_ACCOUNT.photos.toLocaleString('en')} photos${
        screen === 'person' ? `, its most seen person in ${base.top!.faces} photos` : ''
      }); load average ${loadBefore} → ${load()}${err ? `; ${err}` : ''}`;
      rows.push(
        row(`people screens: ${what}`, ms / 1000, 's', '≤ 1.5 s', !err && ms <= 1500, {
          baseline: baseMs / 1000,
          ratio: ms / baseMs,
          note,
        }),
        row(
          `people screens: ${screen === 'people' ? '/people' : '/people/<id>'} DOM nodes at ${at}`,
          nodes,
          'nodes',
          '≤ 3,000',
          !err && nodes <= 3000,
          {
            baseline: baseNodes,
            ratio: Number.isFinite(nodes) ? nodes / baseNodes : undefined,
            note: 'after network idle + 1 s',
          },
        ),
      );
    }
    return rows;
  } finally {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
}
