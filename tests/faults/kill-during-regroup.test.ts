// kill -9 of the server while it regroups an account's faces (issue 29, decision 057): the regroup writes its
// answer in one transaction at the end, so the kill leaves every face and person as they were; after the restart
// the job runs again by itself, from the start, and leaves the people a clean regroup leaves. The faces are
// written straight into the database: PEOPLE people, each a random direction in the model's 1,024 dimensions,
// each face that direction plus noise (two faces of one person about 0.8 alike, of two people about 0), and
// every face its own person, the worst an order-dependent grouping can leave.
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { dataDirClient } from '@tests/helpers/database';
import { killableHeirloom } from './helpers';

const PEOPLE = 12;
/** Enough that the regroup still runs a moment after it starts (reading 4 KB a face), on any machine. */
const FACES_EACH = 150;
/** Killed this long after the job's try began: inside the regroup, long before its transaction. */
const KILL_AFTER_MS = 150;

async function seed(db: pg.Client, userId: number) {
  await db.query(`UPDATE users SET faces_enabled = true WHERE id = $1`, [userId]);
  // each face in a photo of its own, its embedding made here: uniform noise of a quarter of the spread
  await db.query(
    `CREATE TEMP TABLE made AS
       SELECT p, k, array(SELECT d[i] + (random() - 0.5) * 0.5 FROM generate_series(1, 1024) i)::real[] AS e
       FROM (SELECT p, array(SELECT random() - 0.5 + p * 0 FROM generate_series(1, 1024)) AS d FROM generate_series(1, $1::int) p) people,
         generate_series(1, $2::int) k`,
    [PEOPLE, FACES_EACH],
  );
  await db.query(
    `INSERT INTO photos (user_id, file_path, file_name, file_size, mime_type, derivative_status, face_status)
     SELECT $1, 'x.jpg', 'face-' || p || '-' || k || '.jpg', 1, 'image/jpeg', 'ready', 'done' FROM made`,
    [userId],
  );
  await db.query(
    `INSERT INTO faces (user_id, photo_id, box_x, box_y, box_width, box_height, score, embedding, source)
     SELECT $1, ph.id, 0.1, 0.1, 0.2, 0.2, 0.5 + random() / 2, m.e, 'detected'
     FROM made m JOIN photos ph ON ph.user_id = $1 AND ph.file_name = 'face-' || m.p || '-' || m.k || '.jpg'`,
    [userId],
  );
  // every face its own person, its mean the face
  await db.query(`INSERT INTO people (user_id, centroid, centroid_faces) SELECT $1, e, 1 FROM made`, [userId]);
  await db.query(
    `UPDATE faces f SET person_id = pe.id
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM faces WHERE user_id = $1) fa
     JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM people WHERE user_id = $1) pe USING (n)
     WHERE f.id = fa.id`,
    [userId],
  );
  await db.query(`UPDATE people p SET centroid = f.embedding FROM faces f WHERE f.person_id = p.id`);
}

const facesOf = async (db: pg.Client, userId: number) =>
  (
    await db.query<{ id: number; person_id: number | null; truth: string }>(
      `SELECT f.id, f.person_id, split_part(ph.file_name, '-', 2) AS truth FROM faces f JOIN photos ph ON ph.id = f.photo_id
       WHERE f.user_id = $1 ORDER BY f.id`,
      [userId],
    )
  ).rows;
const peopleOf = async (db: pg.Client, userId: number) =>
  (await db.query<{ id: number; face_count: number }>(`SELECT id, face_count FROM people WHERE user_id = $1 ORDER BY id`, [userId])).rows;
const regroupJobs = async (db: pg.Client) =>
  (await db.query<{ id: string; state: string }>(`SELECT id, state FROM pgboss.job WHERE name = 'faces.regroup'`)).rows;

describe('kill -9 during a regroup', () => {
  const heirloom = killableHeirloom('heirloom-kill-regroup');

  it('leaves everything as it was, and regroups again by itself after the restart', async () => {
    let db = await dataDirClient(heirloom.dataDir);
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM users`);
    const userId = rows[0]!.id;
    await seed(db, userId);
    const before = { faces: await facesOf(db, userId), people: await peopleOf(db, userId) };
    expect(before.faces).toHaveLength(PEOPLE * FACES_EACH);

    // the job as a backfill queues it (face-queue.ts → regroup.queue)
    const boss = new PgBoss({ db: { executeSql: (text, values) => db.query(text, values) }, schema: 'pgboss' });
    await boss.send('faces.regroup', { userId }, { singletonKey: `regroup-${userId}` });
    for (let i = 0; ; i++) {
      const { rowCount } = await db.query(
        `SELECT 1 FROM pgboss.job j JOIN job_runs r ON r.job_id = j.id WHERE j.name = 'faces.regroup' AND j.state = 'active'`,
      );
      if (rowCount) break;
      if (i > 600) throw new Error('the regroup never started');
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, KILL_AFTER_MS));
    heirloom.server.child.kill('SIGKILL');
    await heirloom.server.exited;

    // The orphaned PostgreSQL still runs until the next start stops it: what the kill left behind.
    expect(
      (await regroupJobs(db)).map((j) => j.state),
      'the regroup finished before the kill: add faces',
    ).toEqual(['active']);
    expect(await facesOf(db, userId), 'no face moved').toEqual(before.faces);
    expect(await peopleOf(db, userId), 'no person made or removed').toEqual(before.people);
    await db.end();

    const restartedAt = Date.now();
    await heirloom.start(); // no request: the job comes back by itself
    db = await dataDirClient(heirloom.dataDir);
    try {
      let jobs = await regroupJobs(db);
      for (let i = 0; i < 900 && jobs.some((j) => j.state !== 'completed'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        jobs = await regroupJobs(db);
      }
      console.log(`regrouped ${Date.now() - restartedAt} ms after the restart`);
      expect(jobs.map((j) => j.state)).toEqual(['completed']);

      // as a clean regroup leaves them: each person's faces one person, the twelve twelve, the rest removed
      const faces = await facesOf(db, userId);
      const byTruth = new Map<string, Set<number | null>>();
      for (const f of faces) byTruth.set(f.truth, (byTruth.get(f.truth) ?? new Set()).add(f.person_id));
      expect([...byTruth.values()].map((s) => s.size)).toEqual(Array(PEOPLE).fill(1));
      const groups = [...byTruth.values()].map((s) => [...s][0]);
      expect(new Set(groups).size).toBe(PEOPLE);
      expect(groups).not.toContain(null);
      const people = await peopleOf(db, userId);
      expect(people.map((p) => p.id).sort()).toEqual([...(groups as number[])].sort());
      expect(people.map((p) => p.face_count)).toEqual(Array(PEOPLE).fill(FACES_EACH));
      // each kept the id of one of the people its faces were
      for (const id of groups) expect(before.people.map((p) => p.id)).toContain(id);
    } finally {
      await db.end();
    }
  }, 240_000);
});
