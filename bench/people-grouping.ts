// The grouping part of npm run bench:people (issue 29): a family's 150,000 faces in 100,000 photos, seeded straight
// into PostgreSQL with embeddings made here (each person a random direction of the model's 1,024 dimensions, each
// face that direction plus noise: two faces of one person about 0.8 alike, of two people about 0). The faces
// start grouped as an order-dependent grouping may leave them: the 20 people seen most are named by the owner;
// every other person is split in two; strangers are seen once each.
//  • Placing one new face, as faces.find does: the account's centroids from the cache kept between batches (its
//    versions checked; the first read of all of them timed apart), comparing, writing the face.
//  • The full regroup (regroup.ts): its time, the process's memory growth and event-loop delay meanwhile, and how
//    right it is against the truth (pairs of faces put together wrongly, pairs of one person left apart).
// Baseline in the same run: the same at a tenth of the size, for a second account.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type pg from 'pg';
import type { Db } from '../src/server/db/client';
import { createCentroidCache } from '../src/server/features/people/centroid-cache';
import { addFace, placeFace } from '../src/server/features/people/grouping';
import { createPeopleRepo } from '../src/server/features/people/people.repo';
import { regroupAccount, type RegroupResult } from '../src/server/features/people/regroup';
import { createRegroupRepo } from '../src/server/features/people/regroup.repo';
import { seededRandom } from '../tests/helpers/seeded-random';
import { median } from './lib';

const DIMENSIONS = 1024;
const NOISE = 0.5 / Math.sqrt(DIMENSIONS); // per dimension: a noise vector of length about 0.5

function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

export interface GroupingSize {
  photos: number;
  faces: number;
  /** People seen again and again (their share of faces falls like 1/rank). */
  family: number;
  /** People seen once. */
  strangers: number;
  named: number;
}

export const FULL_GROUPING: GroupingSize = { photos: 100_000, faces: 150_000, family: 400, strangers: 6_000, named: 20 };

export function scaledGrouping(scale: number): GroupingSize {
  const s = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  return { photos: s(100_000, 50), faces: s(150_000, 80), family: s(400, 8), strangers: s(6_000, 4), named: s(20, 2) };
}

function normalise(v: Float64Array) {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  return Array.from(v, (x) => x / n);
}

/** Faces grouped against the truth: pairs put together that are two people, and pairs of one person left apart. */
export function pairErrors(faces: { truth: number; group: number | null }[]) {
  const choose2 = (n: number) => (n * (n - 1)) / 2;
  const byGroup = new Map<number, number>();
  const byTruth = new Map<number, number>();
  const byBoth = new Map<string, number>();
  for (const f of faces) {
    byTruth.set(f.truth, (byTruth.get(f.truth) ?? 0) + 1);
    if (f.group === null) continue;
    byGroup.set(f.group, (byGroup.get(f.group) ?? 0) + 1);
    const k = `${f.group}:${f.truth}`;
    byBoth.set(k, (byBoth.get(k) ?? 0) + 1);
  }
  let together = 0;
  let right = 0;
  let same = 0;
  for (const n of byGroup.values()) together += choose2(n);
  for (const n of byBoth.values()) right += choose2(n);
  for (const n of byTruth.values()) same += choose2(n);
  return {
    /** Of the pairs put together, the share that are two people. */
    wrong: together === 0 ? 0 : (together - right) / together,
    /** Of the pairs that are one person, the share not put together. */
    apart: same === 0 ? 0 : (same - right) / same,
  };
}

/** Seeds `size` for `userId`; returns each face's true person. */
export async function seedGrouping(pool: pg.Pool, userId: number, size: GroupingSize, seed = 29) {
  const rng = seededRandom(seed);
  const { rows: photoRows } = await pool.query<{ id: number }>(
    `insert into photos (user_id, file_path, file_name, file_size, mime_type, derivative_status, face_status)
     select $1, 'bench.jpg', 'IMG_' || g || '.JPG', 1, 'image/jpeg', 'ready', 'done' from generate_series(1, $2) g returning id`,
    [userId, size.photos],
  );
  const photoIds = photoRows.map((r) => r.id);
  const people = size.family + size.strangers;
  const directions = Array.from({ length: people }, () => {
    const v = new Float64Array(DIMENSIONS);
    for (let i = 0; i < DIMENSIONS; i++) v[i] = rng.gaussian();
    return normalise(v);
  });
  // Who each face is: strangers once each, the family by 1/rank.
  const weights = Array.from({ length: size.family }, (_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of weights) cumulative.push((acc += w / total));
  const who: number[] = [];
  for (let s = 0; s < size.strangers; s++) who.push(size.family + s);
  while (who.length < size.faces) {
    const r = rng.next();
    let k = cumulative.findIndex((c) => c >= r);
    if (k < 0) k = size.family - 1;
    who.push(k);
  }
  // In which photo: never one person twice in a photo.
  const inPhoto = new Map<number, Set<number>>();
  const placed = who.map((person, i) => {
    let photo = photoIds[Math.floor(rng.next() * photoIds.length)]!;
    while (inPhoto.get(photo)?.has(person)) photo = photoIds[Math.floor(rng.next() * photoIds.length)]!;
    inPhoto.set(photo, (inPhoto.get(photo) ?? new Set()).add(person));
    return { person, photo, half: i % 2 };
  });
  inPhoto.clear();
  // The people as an order-dependent grouping left them: the most seen named, the rest of the family in two
  // halves, each stranger alone. Made first; their means (as faces.find keeps them) written once the faces are.
  const formerOf = (f: { person: number; half: number }) =>
    f.person < size.named ? `n${f.person}` : f.person < size.family ? `f${f.person}:${f.half}` : `s${f.person}`;
  const keys = [...new Set(placed.map(formerOf))];
  const personIds = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    const { rows } = await pool.query<{ id: number }>(
      `insert into people (user_id, name) select $1, n from unnest($2::text[]) with ordinality as x(n, i) order by i returning id`,
      [userId, chunk.map((k) => (k.startsWith('n') ? `Named ${k.slice(1)}` : null))],
    );
    chunk.forEach((k, j) => personIds.set(k, rows[j]!.id));
  }
  // The faces, 500 at a time (their embeddings are never all held at once), each person's sum kept.
  const sums = new Map<string, { sum: Float64Array; n: number }>();
  const v = new Float64Array(DIMENSIONS);
  for (let i = 0; i < placed.length; i += 500) {
    const chunk = placed.slice(i, i + 500);
    const values: unknown[] = [];
    const tuples = chunk.map((f, j) => {
      const d = directions[f.person]!;
      for (let k = 0; k < DIMENSIONS; k++) v[k] = d[k]! + rng.gaussian() * NOISE;
      const embedding = normalise(v);
      const key = formerOf(f);
      const s = sums.get(key) ?? { sum: new Float64Array(DIMENSIONS), n: 0 };
      for (let k = 0; k < DIMENSIONS; k++) s.sum[k]! += embedding[k]!;
      s.n++;
      sums.set(key, s);
      values.push(f.photo, personIds.get(key), 0.5 + rng.next() / 2, `{${embedding.map((x) => x.toFixed(5)).join(',')}}`);
      const p = j * 4;
      return `(${userId}, $${p + 1}, $${p + 2}, 0.1, 0.1, 0.2, 0.2, $${p + 3}, $${p + 4}::real[], 'detected')`;
    });
    await pool.query(
      `insert into faces (user_id, photo_id, person_id, box_x, box_y, box_width, box_height, score, embedding, source)
       values ${tuples.join(', ')}`,
      values,
    );
  }
  for (let i = 0; i < keys.length; i += 200) {
    const chunk = keys.slice(i, i + 200);
    const values: unknown[] = [];
    const tuples = chunk.map((k, j) => {
      const s = sums.get(k)!;
      values.push(personIds.get(k), `{${Array.from(s.sum, (x) => (x / s.n).toFixed(5)).join(',')}}`, s.n);
      return `($${j * 3 + 1}::int, $${j * 3 + 2}::real[], $${j * 3 + 3}::int)`;
    });
    await pool.query(
      `update people p set centroid = x.c, centroid_faces = x.n from (values ${tuples.join(', ')}) as x(id, c, n) where p.id = x.id`,
      values,
    );
  }
  await pool.query('vacuum analyze faces');
  await pool.query('vacuum analyze people');
  return { truth: placed.map((f) => f.person), directions };
}

export interface GroupingFigures {
  size: GroupingSize;
  seedMs: number;
  centroids: number;
  /** Reading every centroid, as the first batch after a start does. */
  firstReadMs: number;
  /** The versions checked and the cache kept between batches used. */
  readCentroidsMs: number;
  placeMs: number;
  writeMs: number;
  regroup: RegroupResult;
  regroupMs: number;
  rssGrowthMb: number;
  loopP99Ms: number;
  before: { wrong: number; apart: number };
  after: { wrong: number; apart: number };
}

async function truthAndGroups(pool: pg.Pool, userId: number, truthOf: Map<number, number>) {
  const { rows } = await pool.query<{ id: number; person_id: number | null }>('select id, person_id from faces where user_id = $1', [
    userId,
  ]);
  return rows.map((r) => ({ truth: truthOf.get(r.id)!, group: r.person_id }));
}

/** Seeds an account of `size` and measures placing a face and a full regroup in it. */
export async function measureGrouping(db: Db, pool: pg.Pool, userId: number, size: GroupingSize, log: (...a: unknown[]) => void) {
  const t0 = performance.now();
  const { truth, directions } = await seedGrouping(pool, userId, size);
  const seedMs = performance.now() - t0;
  log(`seeded ${size.faces} faces in ${size.photos} photos in ${(seedMs / 1000).toFixed(1)} s`);
  // each face's true person, by the order they were written in (ids follow it)
  const { rows: ids } = await pool.query<{ id: number }>('select id from faces where user_id = $1 order by id', [userId]);
  if (ids.length !== truth.length) throw new Error('the faces written are not the faces made');
  const truthOf = new Map(ids.map((r, i) => [r.id, truth[i]!]));
  const before = pairErrors(await truthAndGroups(pool, userId, truthOf));

  // Placing one new face (a family member's, in a new photo), five times, as faces.find does: medians.
  const people = createPeopleRepo(db);
  const cache = createCentroidCache(people);
  let t = performance.now();
  await people.transaction((tx) => cache.read(tx, userId));
  const firstReadMs = performance.now() - t;
  const reads: number[] = [];
  const places: number[] = [];
  const writes: number[] = [];
  let centroids = 0;
  const rng = seededRandom(7);
  for (let round = 0; round < 5; round++) {
    const { rows } = await pool.query<{ id: number }>(
      `insert into photos (user_id, file_path, file_name, file_size, mime_type, derivative_status, face_status)
       values ($1, 'bench.jpg', 'NEW.JPG', 1, 'image/jpeg', 'ready', 'done') returning id`,
      [userId],
    );
    const d = directions[size.named + round]!;
    const embedding = normalise(Float64Array.from(d, (x) => x + rng.gaussian() * NOISE));
    t = performance.now();
    const known = await people.transaction((tx) => cache.read(tx, userId));
    reads.push(performance.now() - t);
    centroids = known.length;
    t = performance.now();
    const place = placeFace(embedding, known, new Set());
    places.push(performance.now() - t);
    t = performance.now();
    await people.transaction(async (tx) => {
      if (place.kind === 'same') {
        const c = known.find((k) => k.personId === place.personId)!;
        addFace(c, embedding);
        await people.addToPerson(tx, c.personId, c.centroid, c.weight);
        await people.insertFace(
          tx,
          userId,
          rows[0]!.id,
          { box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 }, score: 0.9, embedding },
          place,
        );
        await cache.wrote(tx, userId, known, [c.personId]);
      } else await people.insertFace(tx, userId, rows[0]!.id, { box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 } }, { personId: null });
    });
    writes.push(performance.now() - t);
  }

  // The full regroup, with the process's memory and event loop watched (after a collection of what seeding left).
  collectGarbage();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  loop.enable();
  const t1 = performance.now();
  const regroup = (await regroupAccount(createRegroupRepo(db), userId))!;
  const regroupMs = performance.now() - t1;
  loop.disable();
  clearInterval(sampler);
  const after = pairErrors(await truthAndGroups(pool, userId, truthOf));
  return {
    size,
    seedMs,
    centroids,
    firstReadMs,
    readCentroidsMs: median(reads),
    placeMs: median(places),
    writeMs: median(writes),
    regroup,
    regroupMs,
    rssGrowthMb: (peak - rss0) / 2 ** 20,
    loopP99Ms: loop.percentile(99) / 1e6,
    before,
    after,
  } satisfies GroupingFigures;
}
