// Rules by relation and the heir grants they are expanded into (decision 065). Every query carries the owner in
// its WHERE; an expansion runs in one transaction under the owner's lock, so two never add the same grant.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collections, contacts, grants, heirs, legacyRelationRules, memories, photos, users, vaultFiles } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

export type RuleValues = Omit<typeof legacyRelationRules.$inferInsert, 'id' | 'createdAt' | 'toldPersonIds'>;

const ruleColumns = {
  id: legacyRelationRules.id,
  relation: legacyRelationRules.relation,
  collectionId: legacyRelationRules.collectionId,
  photoId: legacyRelationRules.photoId,
  memoryId: legacyRelationRules.memoryId,
  vaultFileId: legacyRelationRules.vaultFileId,
  condition: legacyRelationRules.releaseCondition,
  releaseAt: legacyRelationRules.releaseAt,
  age: legacyRelationRules.releaseAge,
  includeNames: legacyRelationRules.includeNames,
  toldPersonIds: legacyRelationRules.toldPersonIds,
  createdAt: legacyRelationRules.createdAt,
  title: sql<string>`coalesce(${collections.title}, ${photos.title}, ${photos.fileName}, ${memories.title}, ${vaultFiles.originalName}, '')`,
};

export function createLegacyRelationsRepo(db: Db) {
  const rulesOf = (conn: Conn, userId: number, id?: number) =>
    conn
      .select(ruleColumns)
      .from(legacyRelationRules)
      .leftJoin(collections, and(eq(collections.id, legacyRelationRules.collectionId), eq(collections.userId, legacyRelationRules.userId)))
      .leftJoin(photos, and(eq(photos.id, legacyRelationRules.photoId), eq(photos.userId, legacyRelationRules.userId)))
      .leftJoin(memories, and(eq(memories.id, legacyRelationRules.memoryId), eq(memories.userId, legacyRelationRules.userId)))
      .leftJoin(vaultFiles, and(eq(vaultFiles.id, legacyRelationRules.vaultFileId), eq(vaultFiles.userId, legacyRelationRules.userId)))
      .where(and(eq(legacyRelationRules.userId, userId), id === undefined ? undefined : eq(legacyRelationRules.id, id)))
      .orderBy(asc(legacyRelationRules.id));

  return {
    db,
    /** One expansion of the owner's rules: rules, heirs and grants are read and written under the owner's lock. */
    underOwnerLock: <T>(userId: number, work: (tx: Tx) => Promise<T>) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('legacy-relations'), ${userId})`);
        return work(tx);
      }),

    rules: (userId: number, conn: Conn = db) => rulesOf(conn, userId),

    async rule(userId: number, id: number, conn: Conn = db) {
      const [row] = await rulesOf(conn, userId, id);
      return row;
    },

    async insertRule(values: RuleValues, toldPersonIds: number[], conn: Conn = db) {
      const [row] = await conn
        .insert(legacyRelationRules)
        .values({ ...values, toldPersonIds })
        .returning({ id: legacyRelationRules.id });
      return row!.id;
    },

    async deleteRule(userId: number, id: number) {
      const rows = await db
        .delete(legacyRelationRules)
        .where(and(eq(legacyRelationRules.id, id), eq(legacyRelationRules.userId, userId)))
        .returning({ id: legacyRelationRules.id });
      return rows.length > 0;
    },

    async setTold(tx: Tx, userId: number, ruleId: number, personIds: number[]) {
      await tx
        .update(legacyRelationRules)
        .set({ toldPersonIds: personIds })
        .where(and(eq(legacyRelationRules.id, ruleId), eq(legacyRelationRules.userId, userId)));
    },

    /** The owner's contacts among these, with their addresses. */
    async contacts(userId: number, ids: number[], conn: Conn = db) {
      if (ids.length === 0) return [];
      return conn
        .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.ownerId, userId), inArray(contacts.id, ids)));
    },

    /** The owner's heirs for these contacts. */
    async heirsOfContacts(userId: number, contactIds: number[], conn: Conn = db) {
      if (contactIds.length === 0) return [];
      return conn
        .select({ id: heirs.id, contactId: heirs.contactId, dateOfBirth: heirs.dateOfBirth, keyCodeHash: heirs.keyCodeHash })
        .from(heirs)
        .where(and(eq(heirs.userId, userId), inArray(heirs.contactId, contactIds)));
    },

    async insertHeir(tx: Tx, userId: number, contactId: number, dateOfBirth: string | null) {
      await tx
        .insert(heirs)
        .values({ userId, contactId, dateOfBirth })
        .onConflictDoNothing({ target: [heirs.userId, heirs.contactId] });
    },

    /** Every grant expanded from the owner's rules, with whether it was released. */
    ruleGrants: (userId: number, conn: Conn = db) =>
      conn
        .select({
          id: grants.id,
          ruleId: grants.relationRuleId,
          heirId: grants.heirId,
          contactId: grants.contactId,
          releasedAt: grants.releasedAt,
        })
        .from(grants)
        .where(and(eq(grants.userId, userId), sql`${grants.relationRuleId} is not null`)),

    async insertGrant(tx: Tx, values: typeof grants.$inferInsert) {
      await tx.insert(grants).values(values).onConflictDoNothing();
    },

    /** Rule grants not released yet, by id: a person the rule no longer names stops receiving. */
    async deleteUnreleased(tx: Tx, userId: number, ids: number[]) {
      if (ids.length === 0) return;
      await tx.delete(grants).where(and(eq(grants.userId, userId), inArray(grants.id, ids), isNull(grants.releasedAt)));
    },

    async owner(userId: number) {
      const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
      return row;
    },

    async hasRules(userId: number) {
      const [row] = await db
        .select({ id: legacyRelationRules.id })
        .from(legacyRelationRules)
        .where(eq(legacyRelationRules.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    /** Owners with at least one rule: their expansions run again at start. */
    ownersWithRules: async () =>
      (await db.selectDistinct({ userId: legacyRelationRules.userId }).from(legacyRelationRules)).map((r) => r.userId),
  };
}
export type LegacyRelationsRepo = ReturnType<typeof createLegacyRelationsRepo>;
export type RuleRow = Awaited<ReturnType<LegacyRelationsRepo['rules']>>[number];
