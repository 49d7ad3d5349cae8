// People and faces queries (issue 29): every read and write is owner-scoped.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Face, FaceBox, PeopleStatus, Person } from '@shared/schemas/people';
import type { Db } from '../../db/client';
import { collections, contacts, faces, people, photos, users } from '../../db/schema';
import { keysetPage, type Keyset } from '../../lib/keyset';
import { photoThumbnailUrl } from '../photos/photos.service';
import { centroidOf, combine, withFace, type Centroid } from './grouping';
import { readFloat4Array } from './float4-array';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Named people first (by name, in the names' collation: "Ärzte" with the A's, decision 080), then the unnamed, the
 * most seen first: one text key, so one keyset.
 */
const PERSON_ORDER = sql<string>`(case when ${people.name} is null
  then '1' || lpad((2147483647 - ${people.faceCount})::text, 10, '0')
  else '0' || lower(${people.name}) end) COLLATE heirloom_names`;
const PEOPLE_KEYSET: Keyset = { list: 'people', direction: 'asc', keys: [{ expr: PERSON_ORDER, kind: 'text' }], id: people.id };

const boxOf = (row: { boxX: number; boxY: number; boxWidth: number; boxHeight: number }): FaceBox => ({
  x: row.boxX,
  y: row.boxY,
  width: row.boxWidth,
  height: row.boxHeight,
});

export interface PhotoToScan {
  id: number;
  key: string;
  isVideo: boolean;
}

export interface NewFace {
  box: FaceBox;
  score: number;
  embedding: number[];
}

const personColumns = {
  id: people.id,
  name: people.name,
  contactId: people.contactId,
  faceCount: people.faceCount,
  hidden: people.hidden,
  onThisDay: people.onThisDay,
};
type PersonRow = Pick<typeof people.$inferSelect, keyof typeof personColumns>;

/** Which of the owner's people a page lists: only the named or only the unnamed, and whose name holds some text. */
export interface PeopleFilter {
  named?: boolean;
  nameHolds?: string;
}

const NAMED = isNotNull(people.name);
const SEEN = gt(people.faceCount, 0);

const owned = (userId: number, id: number) => and(eq(people.id, id), eq(people.userId, userId));

/**
 * A face left person `personId` (removed, or moved to someone else): its embedding leaves their centroid, and a
 * person left with no face who has neither a name nor a contact is removed (as Immich does): an unnamed person is
 * only their faces. Named or linked people stay, for when they appear again.
 */
async function faceLeft(tx: Tx, userId: number, personId: number, embedding: number[] | null) {
  const [person] = await tx.select().from(people).where(owned(userId, personId));
  if (!person) return;
  if (person.faceCount === 0 && person.name === null && person.contactId === null) {
    await tx.delete(people).where(owned(userId, personId));
    return;
  }
  if (!embedding || !person.centroid || person.centroidFaces === 0) return;
  const left = person.centroidFaces - 1;
  await tx
    .update(people)
    .set({
      centroid: left > 0 ? combine(person.centroid, person.centroidFaces, embedding, -1) : null,
      centroidFaces: left,
      updatedAt: new Date(),
    })
    .where(owned(userId, personId));
}

export function createPeopleRepo(db: Db) {
  /** People rows as the API shows them, each with their clearest face as cover. */
  async function withCovers(userId: number, rows: PersonRow[]): Promise<Person[]> {
    const covers = await repo.covers(
      userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const cover = covers.get(r.id);
      return { ...r, coverUrl: cover ? photoThumbnailUrl(cover.photoId) : null, coverBox: cover ? boxOf(cover) : null };
    });
  }

  const repo = {
    async isEnabled(userId: number) {
      const [row] = await db.select({ enabled: users.facesEnabled }).from(users).where(eq(users.id, userId));
      return row?.enabled ?? false;
    },

    /** The owner's next photos to look at for faces, oldest first, whose copies (derivatives) exist. */
    async nextToScan(userId: number, limit: number): Promise<PhotoToScan[]> {
      return db
        .select({ id: photos.id, key: photos.filePath, isVideo: sql<boolean>`${photos.videoPlayback} is not null` })
        .from(photos)
        .where(and(eq(photos.userId, userId), eq(photos.faceStatus, 'pending'), eq(photos.derivativeStatus, 'ready')))
        .orderBy(asc(photos.id))
        .limit(limit);
    },

    /** Accounts with face recognition on and photos still to look at. */
    async ownersWithPhotosToScan(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ userId: photos.userId })
        .from(photos)
        .innerJoin(users, eq(users.id, photos.userId))
        .where(and(eq(photos.faceStatus, 'pending'), eq(photos.derivativeStatus, 'ready'), eq(users.facesEnabled, true)));
      return rows.map((r) => r.userId);
    },

    async ownerOf(photoId: number) {
      const [row] = await db.select({ userId: photos.userId }).from(photos).where(eq(photos.id, photoId));
      return row?.userId;
    },

    async markPhoto(userId: number, photoId: number, status: 'skipped' | 'failed') {
      await db
        .update(photos)
        .set({ faceStatus: status })
        .where(and(eq(photos.id, photoId), eq(photos.userId, userId)));
    },

    /**
     * Every person of the owner that has a centroid (or those of `ids`): what a new face is compared with, each
     * with the row version it was read at (centroid-cache.ts).
     */
    async centroids(tx: Tx, userId: number, ids?: number[]): Promise<{ centroid: Centroid; version: string }[]> {
      // in PostgreSQL's binary form: thousands of people's 1,024 numbers each are not parsed from text (bench:people)
      const rows = await tx
        .select({
          personId: people.id,
          bytes: sql<Buffer>`array_send(${people.centroid})`,
          weight: people.centroidFaces,
          version: sql<string>`${people}.xmin::text`,
        })
        .from(people)
        .where(and(eq(people.userId, userId), isNotNull(people.centroid), ids ? inArray(people.id, ids) : undefined));
      return rows.map((r) => ({ centroid: centroidOf(r.personId, readFloat4Array(r.bytes), r.weight), version: r.version }));
    },

    /** How many people have a centroid, and the sum of their row versions: one row, to see if any changed. */
    async centroidDigest(tx: Tx, userId: number): Promise<{ count: number; sum: bigint }> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${people}.xmin::text::bigint), 0)::text` })
        .from(people)
        .where(and(eq(people.userId, userId), isNotNull(people.centroid)));
      return { count: row!.count, sum: BigInt(row!.sum) };
    },

    /**
     * Which row version each person with a centroid is (`xmin`: the transaction that last wrote it), for the
     * centroids kept in memory between batches (centroid-cache.ts). Only those given when `ids` is.
     */
    async centroidVersions(tx: Tx, userId: number, ids?: number[]): Promise<Map<number, string>> {
      const rows = await tx
        .select({ id: people.id, version: sql<string>`${people}.xmin::text` })
        .from(people)
        .where(and(eq(people.userId, userId), isNotNull(people.centroid), ids ? inArray(people.id, ids) : undefined));
      return new Map(rows.map((r) => [r.id, r.version]));
    },

    /**
     * The photo's faces found by the model or read from its file are replaced (a photo looked at again, after a
     * crash or the switch turned on again, is not counted twice); those the owner drew stay.
     */
    async clearFound(tx: Tx, userId: number, photoId: number) {
      await tx
        .delete(faces)
        .where(and(eq(faces.userId, userId), eq(faces.photoId, photoId), inArray(faces.source, ['detected', 'imported'])));
    },

    /** The owner's person of that name (letter case aside), made when there is none: a name written in a file. */
    async personNamed(tx: Tx, userId: number, name: string): Promise<{ id: number; centroid: number[] | null; centroidFaces: number }> {
      const [found] = await tx
        .select({ id: people.id, centroid: people.centroid, centroidFaces: people.centroidFaces })
        .from(people)
        .where(and(eq(people.userId, userId), sql`lower(${people.name}) = lower(${name})`))
        .orderBy(asc(people.id))
        .limit(1);
      if (found) return found;
      const [made] = await tx.insert(people).values({ userId, name }).returning({ id: people.id });
      return { id: made!.id, centroid: null, centroidFaces: 0 };
    },

    // people.face_count follows the faces by a trigger (migration 0018): nothing here counts them.
    async newPerson(tx: Tx, userId: number, centroid: number[]): Promise<number> {
      const [row] = await tx.insert(people).values({ userId, centroid, centroidFaces: 1 }).returning({ id: people.id });
      return row!.id;
    },

    async addToPerson(tx: Tx, personId: number, centroid: ArrayLike<number>, centroidFaces: number) {
      await tx
        .update(people)
        .set({ centroid: Array.from(centroid), centroidFaces, updatedAt: new Date() })
        .where(eq(people.id, personId));
    },

    async insertFace(
      tx: Tx,
      userId: number,
      photoId: number,
      face: Omit<NewFace, 'embedding' | 'score'> & Partial<Pick<NewFace, 'embedding' | 'score'>>,
      who: { personId: number | null; suggestedPersonId?: number; similarity?: number },
      source: 'detected' | 'imported' = 'detected',
    ) {
      await tx.insert(faces).values({
        userId,
        photoId,
        personId: who.personId,
        suggestedPersonId: who.suggestedPersonId ?? null,
        similarity: who.similarity ?? null,
        boxX: face.box.x,
        boxY: face.box.y,
        boxWidth: face.box.width,
        boxHeight: face.box.height,
        score: face.score ?? null,
        embedding: face.embedding ?? null,
        source,
      });
    },

    async finishPhoto(tx: Tx, userId: number, photoId: number, labels: string[]) {
      await tx
        .update(photos)
        .set({ faceStatus: 'done', labels })
        .where(and(eq(photos.id, photoId), eq(photos.userId, userId)));
    },

    async status(userId: number): Promise<Omit<PeopleStatus, 'enabled' | 'available'>> {
      const rows = await db
        .select({ status: photos.faceStatus, n: count() })
        .from(photos)
        .where(eq(photos.userId, userId))
        .groupBy(photos.faceStatus);
      const of = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
      return {
        photosTotal: rows.reduce((sum, r) => sum + r.n, 0),
        photosDone: of('done') + of('skipped'),
        photosPending: of('pending'),
        photosFailed: of('failed'),
      };
    },

    /**
     * Face recognition on or off. Off removes at once every face the model found (boxes, embeddings,
     * suggestions), the centroids made from them, and every person left with no face; faces the owner drew or
     * that came named in the files stay. On again: every photo is looked at anew.
     */
    async setEnabled(userId: number, enabled: boolean) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ facesEnabled: enabled }).where(eq(users.id, userId));
        if (enabled) {
          await tx.update(photos).set({ faceStatus: 'pending' }).where(eq(photos.userId, userId));
          return;
        }
        await tx.delete(faces).where(and(eq(faces.userId, userId), eq(faces.source, 'detected')));
        await tx.update(faces).set({ suggestedPersonId: null, similarity: null, embedding: null }).where(eq(faces.userId, userId));
        await tx.update(people).set({ centroid: null, centroidFaces: 0 }).where(eq(people.userId, userId));
        await tx.delete(people).where(and(eq(people.userId, userId), eq(people.faceCount, 0)));
      });
    },

    /**
     * One page of the owner's people (hidden ones too, marked): all of them, only the named or only the unnamed,
     * and with `nameHolds` only those whose name holds that text, letter case and accents aside.
     */
    async page(
      userId: number,
      cursor: string | undefined,
      limit: number,
      filter: PeopleFilter = {},
    ): Promise<{ items: Person[]; nextCursor: string | null }> {
      const page = keysetPage(PEOPLE_KEYSET, cursor, limit);
      const rows = await db
        .select({ ...personColumns, ...page.columns })
        .from(people)
        // a person whose every photo was deleted is not listed (a named one is kept, for when they appear again)
        .where(
          and(
            eq(people.userId, userId),
            filter.named === undefined ? or(NAMED, SEEN) : filter.named ? NAMED : and(isNull(people.name), SEEN),
            // letter case and accents aside ("Mueller" finds "Müller"); strpos inside, not LIKE, so % and _ are
            // matched as typed (a null name never matches)
            filter.nameHolds === undefined ? undefined : sql`heirloom_name_holds(${people.name}, ${filter.nameHolds})`,
            page.where,
          ),
        )
        .orderBy(...page.orderBy)
        .limit(page.fetch);
      const { rows: kept, nextCursor } = page.finish(rows, (r) => r.id);
      return { items: await withCovers(userId, kept), nextCursor };
    },

    async owns(userId: number, id: number) {
      const [row] = await db.select({ id: people.id }).from(people).where(owned(userId, id));
      return row !== undefined;
    },

    async findOwned(userId: number, id: number): Promise<Person | undefined> {
      const [row] = await db.select(personColumns).from(people).where(owned(userId, id));
      return row && (await withCovers(userId, [row]))[0];
    },

    /** The full name of the owner's contact `contactId`; undefined when it is not theirs. */
    async contactName(userId: number, contactId: number) {
      const [row] = await db
        .select({ first: contacts.firstName, last: contacts.lastName })
        .from(contacts)
        .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, userId)));
      return row && [row.first, row.last].filter(Boolean).join(' ');
    },

    async update(
      userId: number,
      id: number,
      changes: { name?: string | null; contactId?: number | null; hidden?: boolean; onThisDay?: boolean },
    ) {
      await db
        .update(people)
        .set({ ...changes, updatedAt: new Date() })
        .where(owned(userId, id));
    },

    /**
     * `fromId` becomes `intoId`: its faces and the suggestions of it move, the centroids are combined by their
     * weights, a name or contact `intoId` lacks is taken from `fromId`, and `fromId` is no more.
     */
    async merge(userId: number, fromId: number, intoId: number) {
      await db.transaction(async (tx) => {
        const both = await tx
          .select()
          .from(people)
          .where(and(eq(people.userId, userId), inArray(people.id, [fromId, intoId])));
        const from = both.find((p) => p.id === fromId)!;
        const into = both.find((p) => p.id === intoId)!;
        const weight = from.centroidFaces + into.centroidFaces;
        const centroid = combine(into.centroid, into.centroidFaces, from.centroid, from.centroidFaces);
        // the owner said these faces are one person: a full regroup keeps them together (decision 057)
        await tx
          .update(faces)
          .set({ personId: intoId, confirmed: true })
          .where(and(eq(faces.userId, userId), eq(faces.personId, fromId)));
        await tx
          .update(faces)
          .set({ suggestedPersonId: intoId })
          .where(and(eq(faces.userId, userId), eq(faces.suggestedPersonId, fromId)));
        await tx
          .update(people)
          .set({
            centroid,
            centroidFaces: weight,
            name: into.name ?? from.name,
            contactId: into.contactId ?? from.contactId,
            updatedAt: new Date(),
          })
          .where(eq(people.id, intoId));
        // a collection of every photo of `fromId` goes on as every photo of `intoId`, its links and releases kept
        await tx
          .update(collections)
          .set({ personId: intoId, updatedAt: new Date() })
          .where(and(eq(collections.userId, userId), eq(collections.personId, fromId)));
        await tx.delete(people).where(eq(people.id, fromId));
      });
    },

    /**
     * The faces the owner is asked about, the likeliest first; never about a hidden person. Read in the order of
     * faces_asked_idx (its predicate spelled out, so the planner takes it), so a long list is never sorted whole.
     */
    async suggestions(userId: number, limit: number) {
      const rows = await db
        .select({
          faceId: faces.id,
          photoId: faces.photoId,
          boxX: faces.boxX,
          boxY: faces.boxY,
          boxWidth: faces.boxWidth,
          boxHeight: faces.boxHeight,
          similarity: faces.similarity,
          personId: people.id,
        })
        .from(faces)
        .innerJoin(people, eq(people.id, faces.suggestedPersonId))
        .where(and(eq(faces.userId, userId), isNull(faces.personId), isNotNull(faces.suggestedPersonId), eq(people.hidden, false)))
        .orderBy(sql`${faces.similarity} desc nulls last`, asc(faces.id))
        .limit(limit);
      const ids = [...new Set(rows.map((r) => r.personId))];
      const personRows = ids.length
        ? await db
            .select(personColumns)
            .from(people)
            .where(and(eq(people.userId, userId), inArray(people.id, ids)))
        : [];
      const persons = new Map((await withCovers(userId, personRows)).map((p) => [p.id, p]));
      return rows.map((r) => ({
        faceId: r.faceId,
        photoId: r.photoId,
        box: boxOf(r),
        thumbnailUrl: photoThumbnailUrl(r.photoId),
        person: persons.get(r.personId)!,
        similarity: r.similarity ?? 0,
      }));
    },

    async findFace(userId: number, faceId: number) {
      const [row] = await db
        .select({ id: faces.id })
        .from(faces)
        .where(and(eq(faces.id, faceId), eq(faces.userId, userId)));
      return row;
    },

    /**
     * The owner says who a face is (or that it is nobody they were asked about): the suggestion is answered, the
     * face is confirmed as that person's, and a detected face given to someone moves their centroid toward it.
     */
    async setFacePerson(userId: number, faceId: number, personId: number | null) {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ personId: faces.personId })
          .from(faces)
          .where(and(eq(faces.id, faceId), eq(faces.userId, userId)))
          .for('update');
        const [face] = await tx
          .update(faces)
          // a face said to be someone is the owner's decision, kept by a full regroup (decision 057)
          .set({ personId, suggestedPersonId: null, similarity: null, confirmed: personId !== null })
          .where(and(eq(faces.id, faceId), eq(faces.userId, userId)))
          .returning({ embedding: faces.embedding });
        if (!before || !face || before.personId === personId) return;
        if (before.personId !== null) await faceLeft(tx, userId, before.personId, face.embedding);
        if (personId === null || !face.embedding) return;
        const [person] = await tx.select().from(people).where(owned(userId, personId));
        if (!person) return;
        await tx
          .update(people)
          .set({ centroid: withFace(person.centroid, person.centroidFaces, face.embedding), centroidFaces: person.centroidFaces + 1 })
          .where(eq(people.id, personId));
      });
    },

    async ownsPhoto(userId: number, photoId: number) {
      const [row] = await db
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, photoId), eq(photos.userId, userId)));
      return row !== undefined;
    },

    /** The owner's person of that name (letter case aside), made when there is none. */
    personIdNamed: async (userId: number, name: string) => (await db.transaction((tx) => repo.personNamed(tx, userId, name))).id,

    /** A face the owner drew around someone the detector missed; undefined when the photo is not theirs. */
    async addManualFace(userId: number, photoId: number, box: FaceBox, personId: number | null): Promise<Face | undefined> {
      const [photo] = await db
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, photoId), eq(photos.userId, userId)));
      if (!photo) return undefined;
      const [row] = await db
        .insert(faces)
        .values({ userId, photoId, personId, boxX: box.x, boxY: box.y, boxWidth: box.width, boxHeight: box.height, source: 'manual' })
        .returning();
      return { id: row!.id, box: boxOf(row!), personId: row!.personId, source: row!.source };
    },

    /** A face removed (a wrong box, or not a face), and what that means for its person (faceLeft). False: not theirs. */
    async removeFace(userId: number, faceId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [face] = await tx
          .delete(faces)
          .where(and(eq(faces.id, faceId), eq(faces.userId, userId)))
          .returning({ personId: faces.personId, embedding: faces.embedding });
        if (!face) return false;
        if (face.personId !== null) await faceLeft(tx, userId, face.personId, face.embedding);
        return true;
      });
    },

    /**
     * Each person's clearest face (the detector's surest), for their cover: one index lookup per person
     * (faces_person_idx), however many faces the most seen of them has.
     */
    async covers(userId: number, personIds: number[]) {
      const covers = new Map<number, { photoId: number; boxX: number; boxY: number; boxWidth: number; boxHeight: number }>();
      if (personIds.length === 0) return covers;
      const { rows } = await db.execute<{
        person_id: number;
        photo_id: number;
        box_x: number;
        box_y: number;
        box_width: number;
        box_height: number;
      }>(sql`
        select p.id as person_id, f.photo_id, f.box_x, f.box_y, f.box_width, f.box_height
        from unnest(${`{${personIds.join(',')}}`}::int[]) as p(id)
        cross join lateral (
          select photo_id, box_x, box_y, box_width, box_height from faces
          where person_id = p.id and user_id = ${userId}
          order by score desc nulls last, id limit 1
        ) f`);
      for (const r of rows)
        covers.set(r.person_id, { photoId: r.photo_id, boxX: r.box_x, boxY: r.box_y, boxWidth: r.box_width, boxHeight: r.box_height });
      return covers;
    },

    /** The faces in one of the owner's photos; undefined when the photo is not theirs. */
    /** The named, shown people in each of the owner's `photoIds`, left to right (a printed caption's names). */
    async namesInPhotos(userId: number, photoIds: number[]): Promise<Map<number, string[]>> {
      const names = new Map<number, string[]>();
      if (photoIds.length === 0) return names;
      const rows = await db
        .select({ photoId: faces.photoId, name: people.name })
        .from(faces)
        .innerJoin(people, and(eq(people.id, faces.personId), eq(people.userId, userId), eq(people.hidden, false), isNotNull(people.name)))
        .where(and(eq(faces.userId, userId), inArray(faces.photoId, photoIds)))
        .orderBy(asc(faces.photoId), asc(faces.boxX), asc(faces.id));
      for (const { photoId, name } of rows) {
        const list = names.get(photoId) ?? [];
        if (name && !list.includes(name)) list.push(name);
        names.set(photoId, list);
      }
      return names;
    },

    async facesOfPhoto(userId: number, photoId: number): Promise<Face[] | undefined> {
      const [photo] = await db
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, photoId), eq(photos.userId, userId)));
      if (!photo) return undefined;
      const rows = await db
        .select()
        .from(faces)
        .where(and(eq(faces.userId, userId), eq(faces.photoId, photoId)))
        .orderBy(asc(faces.boxX), asc(faces.id));
      return rows.map((r) => ({ id: r.id, box: boxOf(r), personId: r.personId, source: r.source }));
    },

    /** The people seen in the same photos as `personId`, the most often first, with how many photos they share. */
    async together(userId: number, personId: number, limit: number): Promise<{ person: Person; photoCount: number }[]> {
      const other = alias(faces, 'other');
      const photoCount = sql<number>`count(distinct ${other.photoId})::int`;
      const rows = await db
        .select({ ...personColumns, photoCount })
        .from(faces)
        .innerJoin(other, and(eq(other.photoId, faces.photoId), eq(other.userId, userId)))
        .innerJoin(people, and(eq(people.id, other.personId), eq(people.userId, userId), eq(people.hidden, false)))
        .where(and(eq(faces.userId, userId), eq(faces.personId, personId), ne(other.personId, personId)))
        .groupBy(people.id)
        .orderBy(desc(photoCount), sql`${people.name} is null`, asc(people.id))
        .limit(limit);
      const withCover = await withCovers(
        userId,
        rows.map(({ photoCount: _, ...person }) => person),
      );
      return withCover.map((person, i) => ({ person, photoCount: rows[i]!.photoCount }));
    },

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
  return repo;
}

export type PeopleRepo = ReturnType<typeof createPeopleRepo>;
export type { Tx as PeopleTx };
