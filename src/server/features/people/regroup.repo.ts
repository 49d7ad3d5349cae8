// The full regroup's queries (issue 29, decision 057): what it reads of an account's faces and people, and the
// one transaction that puts its answer in place. Every statement is scoped to the owner.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * People the owner decided about: named, linked to a contact, hidden, left out of On This Day, or holding a face
 * they drew, that came named in a file, or that they confirmed (a "Yes", a face moved to them, a merge). They keep
 * their faces; the regroup only adds to them.
 */
const DECIDED = sql`(p.name is not null or p.contact_id is not null or p.hidden or not p.on_this_day
  or exists (select 1 from faces d where d.user_id = p.user_id and d.person_id = p.id and (d.source <> 'detected' or d.confirmed)))`;

export interface Seed {
  id: number;
  centroid: number[] | null;
  weight: number;
  photos: number[];
}

export interface Candidate {
  id: number;
  photoId: number;
  personId: number | null;
  suggestedId: number | null;
  score: number | null;
}

export interface Outcome {
  faceId: number;
  /** What the face was when read: it is changed only if it still is (the owner may have answered meanwhile). */
  wasPerson: number | null;
  wasSuggested: number | null;
  personId: number | null;
  suggestedId: number | null;
  similarity: number | null;
}

/** A JS array as one parameter (drizzle spreads an array into a list of parameters): PostgreSQL's array text. */
export const arrayParam = (values: readonly (number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/**
 * Rows written by one statement: the numbers are written out as text on the app's thread, so each statement's
 * share is kept to a few milliseconds of it (20 means of 1,024 numbers; 2,000 faces of 6).
 */
const MEANS_AT_ONCE = 20;
const OUTCOMES_AT_ONCE = 2_000;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function createRegroupRepo(db: Db) {
  return {
    async isEnabled(userId: number) {
      const { rows } = await db.execute<{ on: boolean }>(sql`select faces_enabled as on from users where id = ${userId}`);
      return rows[0]?.on ?? false;
    },

    async seeds(userId: number): Promise<Seed[]> {
      const { rows } = await db.execute<{ id: number; centroid: number[] | null; weight: number; photos: number[] }>(sql`
        select p.id, p.centroid, p.centroid_faces as weight,
          coalesce((select array_agg(distinct f.photo_id) from faces f where f.user_id = p.user_id and f.person_id = p.id), '{}') as photos
        from people p where p.user_id = ${userId} and ${DECIDED}`);
      return rows.map((r) => ({ id: r.id, centroid: r.centroid, weight: r.weight, photos: r.photos }));
    },

    /**
     * The faces placed again: found by the model, with an embedding, and either someone's the owner did not
     * decide about or waiting for the owner's answer. A face the owner answered "No" (no person, nothing
     * suggested) stays as it is.
     */
    /** The clearest first (they make the best first members of a group). */
    async candidates(userId: number): Promise<Candidate[]> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select f.id, f.photo_id, f.person_id, f.suggested_person_id, f.score from faces f
        left join people p on p.id = f.person_id
        where f.user_id = ${userId} and f.source = 'detected' and f.embedding is not null
          and ((f.person_id is null and f.suggested_person_id is not null) or (f.person_id is not null and not ${DECIDED}))
        order by f.score desc nulls last, f.id`);
      return rows.map((r) => ({
        id: Number(r.id),
        photoId: Number(r.photo_id),
        personId: num(r.person_id),
        suggestedId: num(r.suggested_person_id),
        score: num(r.score),
      }));
    },

    /**
     * Embeddings of some of the owner's faces in PostgreSQL's binary form (no text to parse), as read: the
     * regroup's worker thread reads the numbers out of them (readFloat4Array).
     */
    async embeddings(userId: number, ids: number[]): Promise<Map<number, Buffer>> {
      const { rows } = await db.execute<{ id: number; bytes: Buffer }>(sql`
        select id, array_send(embedding) as bytes from faces
        where user_id = ${userId} and id = any(${arrayParam(ids)}::int[]) and embedding is not null`);
      return new Map(rows.map((r) => [Number(r.id), r.bytes]));
    },

    /**
     * The answer, at once: new people made, means written, faces moved (only those still as they were read),
     * and the people the owner never decided about left with no face removed. False when the owner meanwhile
     * decided about one of the people the regroup changed, or turned face recognition off: nothing is changed.
     */
    async apply(
      userId: number,
      plan: {
        formerPeople: number[];
        newPeople: { key: number; centroid: ArrayLike<number>; weight: number }[];
        means: { id: number; centroid: ArrayLike<number>; weight: number }[];
        outcomes: (Omit<Outcome, 'personId' | 'suggestedId'> & { person: Ref; suggested: Ref })[];
      },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rows: user } = await tx.execute<{ on: boolean }>(
          sql`select faces_enabled as on from users where id = ${userId} for update`,
        );
        if (!user[0]?.on) return false;
        // the people it changes are locked: naming one waits until the answer is in, then applies to it
        const { rows: decided } = await tx.execute<{ n: number }>(sql`
          select count(*)::int as n from (select p.id from people p
            where p.user_id = ${userId} and p.id = any(${arrayParam(plan.formerPeople)}::int[]) for update) l
          join people p on p.id = l.id where ${DECIDED}`);
        if (decided[0]!.n > 0) return false;

        const ids = new Map<number, number>();
        const made = plan.newPeople.length
          ? await tx.execute<{ id: string }>(
              sql`select nextval(pg_get_serial_sequence('people', 'id')) as id from generate_series(1, ${plan.newPeople.length})`,
            )
          : { rows: [] };
        plan.newPeople.forEach((p, i) => ids.set(p.key, Number(made.rows[i]!.id)));
        for (let i = 0; i < plan.newPeople.length; i += MEANS_AT_ONCE) {
          const rows = plan.newPeople
            .slice(i, i + MEANS_AT_ONCE)
            .map((p) => sql`(${ids.get(p.key)}::int, ${arrayParam(Array.from(p.centroid))}::real[], ${p.weight}::int)`);
          await tx.execute(sql`
            insert into people (id, user_id, centroid, centroid_faces) overriding system value
            select x.id, ${userId}, x.c, x.w from (values ${sql.join(rows, sql`, `)}) as x(id, c, w)`);
        }
        for (let i = 0; i < plan.means.length; i += MEANS_AT_ONCE) {
          const rows = plan.means
            .slice(i, i + MEANS_AT_ONCE)
            .map((p) => sql`(${p.id}::int, ${arrayParam(Array.from(p.centroid))}::real[], ${p.weight}::int)`);
          await tx.execute(sql`
            update people p set centroid = x.c, centroid_faces = x.w, updated_at = now()
            from (values ${sql.join(rows, sql`, `)}) as x(id, c, w)
            where p.id = x.id and p.user_id = ${userId}`);
        }

        const resolve = (ref: Ref) => (ref === null ? null : ref.kind === 'person' ? ref.id : ids.get(ref.key)!);
        await tx.execute(sql`create temp table regroup_answer (face_id int primary key, was_person int, was_suggested int,
          person_id int, suggested_id int, similarity real) on commit drop`);
        for (let i = 0; i < plan.outcomes.length; i += OUTCOMES_AT_ONCE) {
          const chunk = plan.outcomes.slice(i, i + OUTCOMES_AT_ONCE);
          await tx.execute(sql`insert into regroup_answer select * from unnest(
            ${arrayParam(chunk.map((o) => o.faceId))}::int[], ${arrayParam(chunk.map((o) => o.wasPerson))}::int[],
            ${arrayParam(chunk.map((o) => o.wasSuggested))}::int[], ${arrayParam(chunk.map((o) => resolve(o.person)))}::int[],
            ${arrayParam(chunk.map((o) => resolve(o.suggested)))}::int[], ${arrayParam(chunk.map((o) => o.similarity))}::real[])`);
        }
        await tx.execute(sql`
          update faces f set person_id = a.person_id, suggested_person_id = a.suggested_id, similarity = a.similarity
          from regroup_answer a
          where f.id = a.face_id and f.user_id = ${userId}
            and f.person_id is not distinct from a.was_person and f.suggested_person_id is not distinct from a.was_suggested
            and (f.person_id is distinct from a.person_id or f.suggested_person_id is distinct from a.suggested_id
              or f.similarity is distinct from a.similarity)`);
        await tx.execute(sql`
          delete from people p where p.user_id = ${userId} and p.id = any(${arrayParam(plan.formerPeople)}::int[]) and p.face_count = 0
            and p.name is null and p.contact_id is null
            and not exists (select 1 from faces f where f.user_id = p.user_id and f.person_id = p.id)`);
        return true;
      });
    },
  };
}

/** Who a face goes to: a person that exists, or one the answer makes (by its key in `newPeople`). */
export type Ref = { kind: 'person'; id: number } | { kind: 'new'; key: number } | null;

export type RegroupRepo = ReturnType<typeof createRegroupRepo>;
export type { Tx as RegroupTx };
