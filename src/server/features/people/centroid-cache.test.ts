// The centroids a backfill keeps between batches (centroid-cache.ts): what it wrote itself is not read again;
// whatever anyone else changed, made or removed since is.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { createCentroidCache } from './centroid-cache';
import { addFace } from './grouping';
import { createPeopleRepo } from './people.repo';
import { arrayParam } from './regroup.repo';

describe('the centroids kept between batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function person(userId: number, centroid: number[]) {
    const { rows } = await t.db.execute<{ id: number }>(sql`insert into people (user_id, centroid, centroid_faces)
      values (${userId}, ${arrayParam(centroid)}::real[], 1) returning id`);
    return rows[0]!.id;
  }

  it('reads again only the people changed, made or removed by someone else, and never what it wrote itself', async () => {
    const { user } = await signUp(t.app);
    const other = await signUp(t.app);
    const repo = createPeopleRepo(t.db);
    const cache = createCentroidCache(repo);
    const ann = await person(user.id, [1, 0, 0]);
    const bob = await person(user.id, [0, 1, 0]);
    const cat = await person(user.id, [0, 0, 1]);
    await person(other.user.id, [1, 1, 1]);

    const first = await repo.transaction((tx) => cache.read(tx, user.id));
    expect(first.map((c) => c.personId).sort()).toEqual([ann, bob, cat].sort());
    const byId = (list: typeof first, id: number) => list.find((c) => c.personId === id)!;

    // this job adds a face to Ann, as faces.find does: kept as it wrote it, not read again
    await repo.transaction(async (tx) => {
      const a = byId(first, ann);
      addFace(a, [0, 1, 0]);
      await repo.addToPerson(tx, ann, a.centroid, a.weight);
      await cache.wrote(tx, user.id, first, [ann]);
    });
    const second = await repo.transaction((tx) => cache.read(tx, user.id));
    expect(byId(second, ann)).toBe(byId(first, ann));
    expect(byId(second, bob)).toBe(byId(first, bob));

    // meanwhile someone else moves Bob's mean, removes Cat and makes Dan
    await t.db.execute(sql`update people set centroid = '{0,0.5,0.5}', centroid_faces = 4 where id = ${bob}`);
    await t.db.execute(sql`delete from people where id = ${cat}`);
    const dan = await person(user.id, [0.5, 0.5, 0]);
    const third = await repo.transaction((tx) => cache.read(tx, user.id));
    expect(third.map((c) => c.personId).sort()).toEqual([ann, bob, dan].sort());
    expect(byId(third, ann)).toBe(byId(first, ann));
    expect(byId(third, bob)).not.toBe(byId(first, bob));
    expect(byId(third, bob)).toMatchObject({ weight: 4 });
    expect([...byId(third, bob).centroid]).toEqual([0, 0.5, 0.5]);

    // a failed transaction forgets the copy: every person is read again
    cache.forget(user.id);
    const fourth = await repo.transaction((tx) => cache.read(tx, user.id));
    expect(byId(fourth, ann)).not.toBe(byId(first, ann));
    expect([...byId(fourth, ann).centroid]).toEqual([0.5, 0.5, 0]);
  });
});
