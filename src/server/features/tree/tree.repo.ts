// Family tree queries (issue 30): every read and write has the owner in its WHERE; rows leave as plain rows and
// become the API's shapes in tree-person-dto.ts.
import { and, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, faces, people, treePersons, treeRelations, users } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';
import { keysetPage, type Keyset } from '../../lib/keyset';

type Conn = Db | Tx;
const { searchVector: _searchVector, ...personColumns } = getTableColumns(treePersons);

export type PersonRow = Omit<typeof treePersons.$inferSelect, 'searchVector'>;
export type PersonValues = Omit<typeof treePersons.$inferInsert, 'id' | 'userId' | 'isOwner' | 'createdAt' | 'updatedAt' | 'searchVector'>;
export type RelationRow = typeof treeRelations.$inferSelect;
export type RelationValues = Omit<typeof treeRelations.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/**
 * The list's order: by surname, then given names, in the names' collation ("Ärzte" with the A's, decision 080), as
 * the tree_persons_user_idx index holds them.
 */
const PERSON_KEYSET: Keyset = {
  list: 'tree-persons',
  direction: 'asc',
  keys: [
    { expr: sql`${treePersons.surname} COLLATE heirloom_names`, kind: 'text' },
    { expr: sql`${treePersons.givenNames} COLLATE heirloom_names`, kind: 'text' },
  ],
  id: treePersons.id,
};

export function createTreeRepo(db: Db) {
  const owned = (userId: number, id: number) => and(eq(treePersons.id, id), eq(treePersons.userId, userId));

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /** Serialises every change to one owner's links, so two requests cannot close a cycle between them. */
    async lockOwner(tx: Tx, userId: number) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('family-tree'), ${userId})`);
    },

    /** Changes with every insert, update or delete of the owner's persons and links (tree-cache.ts). */
    async fingerprint(userId: number): Promise<string> {
      const result = await db.execute<{ fingerprint: string }>(sql`
        select (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from ${treePersons} where ${treePersons.userId} = ${userId})
          || '/' ||
          (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from ${treeRelations} where ${treeRelations.userId} = ${userId})
          as fingerprint`);
      return result.rows[0]!.fingerprint;
    },

    /** The owner's whole tree: two indexed queries, for everything computed in memory. */
    async everything(userId: number, conn: Conn = db) {
      const persons = await conn.select(personColumns).from(treePersons).where(eq(treePersons.userId, userId));
      const relations = await conn.select().from(treeRelations).where(eq(treeRelations.userId, userId));
      return { persons, relations };
    },

    async findOwned(userId: number, id: number, conn: Conn = db): Promise<PersonRow | undefined> {
      const [row] = await conn.select(personColumns).from(treePersons).where(owned(userId, id)).limit(1);
      return row;
    },

    async findOwnerPerson(userId: number, conn: Conn = db): Promise<PersonRow | undefined> {
      const [row] = await conn
        .select(personColumns)
        .from(treePersons)
        .where(and(eq(treePersons.userId, userId), eq(treePersons.isOwner, true)))
        .limit(1);
      return row;
    },

    async findByContact(userId: number, contactId: number, conn: Conn = db): Promise<PersonRow | undefined> {
      const [row] = await conn
        .select(personColumns)
        .from(treePersons)
        .where(and(eq(treePersons.userId, userId), eq(treePersons.contactId, contactId)))
        .limit(1);
      return row;
    },

    /** What the owner's own person starts from: their profile. */
    async profileOf(userId: number) {
      const [row] = await db
        .select({
          firstName: users.firstName,
          surname: users.surname,
          dateOfBirth: users.dateOfBirth,
          cityOfBirth: users.cityOfBirth,
          gender: users.gender,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** The owner's person, unless another request made it first (the partial unique index keeps one). */
    async insertOwnerPerson(userId: number, values: PersonValues) {
      await db
        .insert(treePersons)
        .values({ ...values, userId, isOwner: true })
        .onConflictDoNothing();
    },

    async insert(userId: number, values: PersonValues, conn: Conn = db): Promise<PersonRow> {
      const [row] = await conn
        .insert(treePersons)
        .values({ ...values, userId })
        .returning(personColumns);
      return row!;
    },

    async update(userId: number, id: number, values: Partial<PersonValues>, conn: Conn = db): Promise<PersonRow | undefined> {
      const [row] = await conn
        .update(treePersons)
        .set({ ...values, updatedAt: new Date() })
        .where(owned(userId, id))
        .returning(personColumns);
      return row;
    },

    async remove(userId: number, id: number) {
      const [row] = await db.delete(treePersons).where(owned(userId, id)).returning({ id: treePersons.id });
      return row;
    },

    /**
     * One page of the owner's persons; with `nameHolds` only those whose names hold it (letter case and accents
     * aside), with `contactId` or `personId` only the one linked to it.
     */
    async page(
      userId: number,
      { nameHolds, contactId, personId }: { nameHolds?: string; contactId?: number; personId?: number },
      cursor: string | undefined,
      limit: number,
    ) {
      const page = keysetPage(PERSON_KEYSET, cursor, limit);
      const rows = await db
        .select({ ...personColumns, ...page.columns })
        .from(treePersons)
        .where(
          and(
            eq(treePersons.userId, userId),
            nameHolds === undefined
              ? undefined
              : sql`heirloom_name_holds(${treePersons.givenNames} || ' ' || ${treePersons.surname} || ' ' || coalesce(${treePersons.birthSurname}, ''), ${nameHolds})`,
            contactId === undefined ? undefined : eq(treePersons.contactId, contactId),
            personId === undefined ? undefined : eq(treePersons.personId, personId),
            page.where,
          ),
        )
        .orderBy(...page.orderBy)
        .limit(page.fetch);
      return page.finish(rows, (r) => r.id);
    },

    async ownsContact(userId: number, contactId: number, conn: Conn = db) {
      const [row] = await conn
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, userId)))
        .limit(1);
      return row !== undefined;
    },

    async ownsPhotoPerson(userId: number, personId: number, conn: Conn = db) {
      const [row] = await conn
        .select({ id: people.id })
        .from(people)
        .where(and(eq(people.id, personId), eq(people.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    /** The photo of each photos-person's clearest face (faces_person_idx: one index lookup a person). */
    async coverPhotos(userId: number, personIds: number[]) {
      const covers = new Map<number, number>();
      if (personIds.length === 0) return covers;
      const { rows } = await db.execute<{ person_id: number; photo_id: number }>(sql`
        select p.id as person_id, f.photo_id
        from unnest(${`{${[...new Set(personIds)].join(',')}}`}::int[]) as p(id)
        cross join lateral (
          select ${faces.photoId} as photo_id from ${faces}
          where ${faces.personId} = p.id and ${faces.userId} = ${userId}
          order by ${faces.score} desc nulls last, ${faces.id} limit 1
        ) f`);
      for (const r of rows) covers.set(r.person_id, r.photo_id);
      return covers;
    },

    /** The persons linked to `ids` as parent or child, with their links: what the date warnings compare. */
    async parentLinksAround(userId: number, ids: number[]) {
      if (ids.length === 0) return { relations: [], persons: [] };
      const relations = await db
        .select()
        .from(treeRelations)
        .where(
          and(
            eq(treeRelations.userId, userId),
            eq(treeRelations.kind, 'parent'),
            or(inArray(treeRelations.fromId, ids), inArray(treeRelations.toId, ids)),
          ),
        );
      const others = [...new Set(relations.flatMap((r) => [r.fromId, r.toId]))];
      const persons =
        others.length === 0
          ? []
          : await db
              .select(personColumns)
              .from(treePersons)
              .where(and(eq(treePersons.userId, userId), inArray(treePersons.id, others)));
      return { relations, persons };
    },

    async parentLinks(userId: number, conn: Conn = db) {
      return conn
        .select({ fromId: treeRelations.fromId, toId: treeRelations.toId, type: treeRelations.type })
        .from(treeRelations)
        .where(and(eq(treeRelations.userId, userId), eq(treeRelations.kind, 'parent')));
    },

    /** A new link, or undefined when the same link is already there. */
    async insertRelation(userId: number, values: RelationValues, conn: Conn = db): Promise<RelationRow | undefined> {
      const [row] = await conn
        .insert(treeRelations)
        .values({ ...values, userId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async removeRelation(userId: number, id: number) {
      const [row] = await db
        .delete(treeRelations)
        .where(and(eq(treeRelations.id, id), eq(treeRelations.userId, userId)))
        .returning({ id: treeRelations.id });
      return row;
    },

    async linksOf(userId: number, personId: number) {
      return db
        .select()
        .from(treeRelations)
        .where(and(eq(treeRelations.userId, userId), or(eq(treeRelations.fromId, personId), eq(treeRelations.toId, personId))))
        .orderBy(asc(treeRelations.id));
    },
  };
}
export type TreeRepo = ReturnType<typeof createTreeRepo>;
