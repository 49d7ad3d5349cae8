// The full regroup (issue 29, decision 057) on faces whose embeddings the test makes: three people, each a random
// direction in the model's 1,024 dimensions, each of their faces that direction plus noise (two faces of one
// person about 0.8 alike, of two people about 0). The faces start badly grouped, as an order-dependent grouping
// may leave them; the regroup must find the three people, keep what the owner decided, and never put two faces
// of one photo together.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { regroupAccount } from './regroup';
import { createClustering } from './regroup-clusters';
import { seededRandom } from '@tests/helpers/seeded-random';
import { arrayParam, createRegroupRepo } from './regroup.repo';

const DIMENSIONS = 1024;

const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

describe('faces.regroup', () => {
  let t: TestApp;
  const rng = seededRandom(29);
  const direction = () => unit(Array.from({ length: DIMENSIONS }, rng.gaussian));
  const faceOf = (person: number[]) => unit(person.map((x) => x + rng.gaussian() * 0.016));
  const truth = { ann: direction(), bob: direction(), cat: direction() };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function photo(userId: number) {
    const { rows } = await t.db.execute<{ id: number }>(sql`insert into photos (user_id, file_path, file_name, file_size, mime_type,
      derivative_status, face_status) values (${userId}, 'x.jpg', 'x.jpg', 1, 'image/jpeg', 'ready', 'done') returning id`);
    return rows[0]!.id;
  }
  async function person(userId: number, fields: { name?: string; centroid?: number[]; weight?: number } = {}) {
    const { rows } = await t.db.execute<{ id: number }>(sql`insert into people (user_id, name, centroid, centroid_faces)
      values (${userId}, ${fields.name ?? null}, ${fields.centroid ? arrayParam(fields.centroid) : null}::real[], ${fields.weight ?? 0}) returning id`);
    return rows[0]!.id;
  }
  async function face(userId: number, photoId: number, embedding: number[], who: { personId?: number | null; suggestedId?: number }) {
    const { rows } = await t.db.execute<{ id: number }>(sql`insert into faces (user_id, photo_id, person_id, suggested_person_id,
      similarity, box_x, box_y, box_width, box_height, score, embedding, source)
      values (${userId}, ${photoId}, ${who.personId ?? null}, ${who.suggestedId ?? null}, ${who.suggestedId ? 0.65 : null},
        0.1, 0.1, 0.2, 0.2, ${0.5 + rng.next() / 2}, ${arrayParam(embedding)}::real[], 'detected') returning id`);
    return rows[0]!.id;
  }
  const facesNow = async (userId: number) =>
    (
      await t.db.execute<{ id: number; person_id: number | null; suggested_person_id: number | null; photo_id: number }>(
        sql`select id, person_id, suggested_person_id, photo_id from faces where user_id = ${userId} order by id`,
      )
    ).rows;
  const peopleNow = async (userId: number) =>
    (
      await t.db.execute<{ id: number; name: string | null; face_count: number }>(
        sql`select id, name, face_count from people where user_id = ${userId} order by id`,
      )
    ).rows;

  /**
   * Six photos of Ann, Bob and Cat together, then one of Ann alone: each face made its own person (the worst
   * an order-dependent grouping can do), except that one of Bob's faces was put with Ann. The owner named one
   * of Ann's people "Ann", gave one of Cat's faces to a person they named "Cat", and answered "No" about a face.
   */
  async function library(userId: number) {
    const who = new Map<number, keyof typeof truth>();
    const ann = await person(userId, { name: 'Ann', centroid: faceOf(truth.ann), weight: 1 });
    const cat = await person(userId, { name: 'Cat', centroid: faceOf(truth.cat), weight: 1 });
    let wrong: number | undefined;
    for (let i = 0; i < 6; i++) {
      const p = await photo(userId);
      for (const name of ['ann', 'bob', 'cat'] as const) {
        const misplaced = i === 1 && name === 'bob';
        const personId = i === 0 && name === 'ann' ? ann : i === 0 && name === 'cat' ? cat : misplaced ? wrong! : await person(userId);
        if (i === 1 && name === 'ann') wrong = personId;
        who.set(await face(userId, p, faceOf(truth[name]), { personId }), name);
      }
    }
    // a face waiting for the owner's answer, and one they answered "No" about
    const alone = await photo(userId);
    who.set(await face(userId, alone, faceOf(truth.ann), { suggestedId: cat }), 'ann');
    const answeredNo = await face(userId, await photo(userId), faceOf(truth.bob), { personId: null });
    await t.db.execute(sql`update people set face_count = (select count(*) from faces f where f.person_id = people.id)`);
    return { who, ann, cat, answeredNo };
  }

  it('finds the three people again, keeping the people the owner named and the faces they gave', async () => {
    const { user } = await signUp(t.app);
    const { who, ann, cat, answeredNo } = await library(user.id);
    const result = await regroupAccount(createRegroupRepo(t.db), user.id);
    expect(result).toMatchObject({ applied: true, suggestions: 0 });

    const faces = await facesNow(user.id);
    const groups = new Map<string, Set<number | null>>();
    for (const f of faces) {
      const name = who.get(f.id);
      if (!name) continue;
      groups.set(name, (groups.get(name) ?? new Set()).add(f.person_id));
    }
    // each person's faces are one person, and the three are three
    expect([...groups.values()].map((s) => s.size)).toEqual([1, 1, 1]);
    expect(groups.get('ann')).toEqual(new Set([ann]));
    expect(groups.get('cat')).toEqual(new Set([cat]));
    const [bob] = [...groups.get('bob')!];
    expect(bob).not.toBeNull();
    expect([ann, cat]).not.toContain(bob);
    // the face answered "No" about is left as it was; the people who lost every face are gone
    expect(faces.find((f) => f.id === answeredNo)).toMatchObject({ person_id: null, suggested_person_id: null });
    const people = await peopleNow(user.id);
    expect(people).toEqual([
      { id: ann, name: 'Ann', face_count: 7 },
      { id: cat, name: 'Cat', face_count: 6 },
      { id: bob, name: null, face_count: 6 },
    ]);
    // Bob keeps the id of one of the people his faces were
    expect(bob).toBeGreaterThan(cat);
  });

  it('never puts two faces of one photo together, however alike', async () => {
    const { user } = await signUp(t.app);
    const twins = faceOf(truth.ann);
    const p = await photo(user.id);
    const first = await face(user.id, p, twins, { personId: await person(user.id) });
    const second = await face(user.id, p, faceOf(truth.ann), { personId: await person(user.id) });
    const elsewhere = await face(user.id, await photo(user.id), faceOf(truth.ann), { personId: await person(user.id) });
    await regroupAccount(createRegroupRepo(t.db), user.id);
    const faces = await facesNow(user.id);
    const of = (id: number) => faces.find((f) => f.id === id)!.person_id;
    expect(of(first)).not.toBeNull();
    expect(of(second)).not.toBeNull();
    expect(of(first)).not.toBe(of(second));
    expect([of(first), of(second)]).toContain(of(elsewhere));
  });

  it('keeps what the owner said about unnamed people: a "Yes", a face moved to someone, and two people merged', async () => {
    const { user, cookie } = await signUp(t.app);
    const dan = direction();
    const eve = direction();
    const fay = direction();
    /** An unnamed person with `n` faces of `truth`, each in a photo of its own. */
    async function unnamed(truth: number[], n: number) {
      const id = await person(user.id, { centroid: truth, weight: n });
      const ids: number[] = [];
      for (let i = 0; i < n; i++) ids.push(await face(user.id, await photo(user.id), faceOf(truth), { personId: id }));
      return { id, faces: ids };
    }
    const owner = (method: 'PATCH' | 'POST', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie }, payload });

    // "Is this …?" Yes: a face of Ann, asked about one of Bob's unnamed people (the owner knows better)
    const bobs = await unnamed(truth.bob, 3);
    const asked = await face(user.id, await photo(user.id), faceOf(truth.ann), { suggestedId: bobs.id });
    await unnamed(truth.ann, 3);
    expect((await owner('PATCH', `/api/faces/${asked}`, { personId: bobs.id })).statusCode).toBe(204);
    // one of Cat's faces moved to one of Dan's unnamed people
    const cats = await unnamed(truth.cat, 3);
    const dans = await unnamed(dan, 3);
    const moved = cats.faces[0]!;
    expect((await owner('PATCH', `/api/faces/${moved}`, { personId: dans.id })).statusCode).toBe(204);
    // Eve's unnamed person merged into Fay's: the owner says they are one
    const eves = await unnamed(eve, 3);
    const fays = await unnamed(fay, 3);
    expect((await owner('POST', `/api/people/${eves.id}/merge`, { intoId: fays.id })).statusCode).toBe(200);
    await t.db.execute(sql`update people set face_count = (select count(*) from faces f where f.person_id = people.id)`);

    expect(await regroupAccount(createRegroupRepo(t.db), user.id)).toMatchObject({ applied: true });
    const faces = await facesNow(user.id);
    const of = (id: number) => faces.find((f) => f.id === id)!.person_id;
    expect(of(asked)).toBe(bobs.id);
    for (const f of bobs.faces) expect(of(f)).toBe(bobs.id);
    expect(of(moved)).toBe(dans.id);
    for (const f of dans.faces) expect(of(f)).toBe(dans.id);
    for (const f of [...eves.faces, ...fays.faces]) expect(of(f)).toBe(fays.id);
    // what the owner did not decide is still placed by the numbers: Cat's other faces stay one person
    expect(new Set(cats.faces.slice(1).map(of)).size).toBe(1);
  });

  it('finds the people through the index of group means when there are hundreds of them', async () => {
    // 600 people of 3 faces each, one face a photo, in 256 dimensions: more groups than are compared one by one
    const dims = 256;
    const people = Array.from({ length: 600 }, () => unit(Array.from({ length: dims }, rng.gaussian)));
    const faces = people.flatMap((p, truth) =>
      [0, 1, 2].map((k) => ({ truth, id: truth * 3 + k, embedding: new Float32Array(unit(p.map((x) => x + rng.gaussian() * 0.03))) })),
    );
    const clustering = createClustering(async () => {});
    for (const f of [...faces].sort((a, b) => (a.id % 3) - (b.id % 3) || a.id - b.id)) {
      clustering.place({ id: f.id, photoId: f.id, hint: null, embedding: f.embedding });
      await clustering.tidy();
    }
    await clustering.merge();
    for (const id of [...clustering.unsure]) clustering.settle({ id, photoId: id, hint: null, embedding: faces[id]!.embedding });
    const groupOf = (id: number) => clustering.live(clustering.answers.get(id)!.cluster!);
    for (const p of people.keys()) {
      expect(groupOf(p * 3 + 1)).toBe(groupOf(p * 3));
      expect(groupOf(p * 3 + 2)).toBe(groupOf(p * 3));
    }
    expect(new Set(faces.map((f) => groupOf(f.id))).size).toBe(600);
  });

  it('changes nothing when the owner names one of its people while it works, and nothing when the switch is off', async () => {
    const { user } = await signUp(t.app);
    await library(user.id);
    const before = { faces: await facesNow(user.id), people: await peopleNow(user.id) };
    const repo = createRegroupRepo(t.db);
    const namedMeanwhile = before.people.find((p) => p.name === null)!.id;
    const result = await regroupAccount(
      {
        ...repo,
        async apply(userId, plan) {
          await t.db.execute(sql`update people set name = 'Uncle Jo' where id = ${namedMeanwhile}`);
          return repo.apply(userId, plan);
        },
      },
      user.id,
    );
    expect(result?.applied).toBe(false);
    expect(await facesNow(user.id)).toEqual(before.faces);
    expect((await peopleNow(user.id)).map((p) => p.id)).toEqual(before.people.map((p) => p.id));

    await t.db.execute(sql`update users set faces_enabled = false where id = ${user.id}`);
    expect(await regroupAccount(repo, user.id)).toBeUndefined();
  });
});
