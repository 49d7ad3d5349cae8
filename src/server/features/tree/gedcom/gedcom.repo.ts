// GEDCOM imports, the persons and links they insert in batches, the whole tree read for an export, and the match
// suggestions. Every query on an owner's rows has the owner in its WHERE.
import { aliasedTable, and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { GedcomReport } from '@shared/schemas/tree-gedcom';
import type { Db } from '../../../db/client';
import { treeGedcomImports, treeMatchSuggestions, treePersons, treeRelations, users } from '../../../db/schema';
import type { Tx } from '../../../lib/durable-files';
import type { Sentence } from '../../../lib/i18n';

type Conn = Db | Tx;
export type PersonInsert = Omit<typeof treePersons.$inferInsert, 'id' | 'userId' | 'isOwner' | 'createdAt' | 'updatedAt' | 'searchVector'>;
export type RelationInsert = Omit<typeof treeRelations.$inferInsert, 'id' | 'userId' | 'createdAt'>;

const importColumns = {
  id: treeGedcomImports.id,
  userId: treeGedcomImports.userId,
  status: treeGedcomImports.status,
  fileName: treeGedcomImports.fileName,
  personsDone: treeGedcomImports.personsDone,
  personsTotal: treeGedcomImports.personsTotal,
  report: treeGedcomImports.report,
  error: treeGedcomImports.error,
  errorSentence: treeGedcomImports.errorSentence,
  createdAt: treeGedcomImports.createdAt,
  finishedAt: treeGedcomImports.finishedAt,
};
export type GedcomImportRow = Omit<typeof treeGedcomImports.$inferSelect, 'source' | 'archiveImportId'>;

const personSummary = {
  id: treePersons.id,
  givenNames: treePersons.givenNames,
  surname: treePersons.surname,
  birthSurname: treePersons.birthSurname,
  birthDate: treePersons.birthDate,
  birthPlace: treePersons.birthPlace,
};

const unfinished = inArray(treeGedcomImports.status, ['queued', 'running']);

export function createGedcomRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /** The same lock as the tree's own changes to links: one owner's links change one writer at a time. */
    async lockOwner(tx: Tx, userId: number) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('family-tree'), ${userId})`);
    },

    /** One unfinished GEDCOM import per account, checked under a lock on the user's row. */
    async insertUnlessRunning(userId: number, fileName: string, source: Buffer): Promise<number | 'running'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        const [running] = await tx
          .select({ id: treeGedcomImports.id })
          .from(treeGedcomImports)
          .where(and(eq(treeGedcomImports.userId, userId), unfinished, sql`${treeGedcomImports.archiveImportId} IS NULL`))
          .limit(1);
        if (running) return 'running';
        const [row] = await tx.insert(treeGedcomImports).values({ userId, fileName, source }).returning({ id: treeGedcomImports.id });
        return row!.id;
      });
    },

    /** A GEDCOM import run inside an heirloom archive's import (its family.ged), already running. */
    async insertForArchive(userId: number, archiveImportId: number) {
      const [row] = await db
        .insert(treeGedcomImports)
        .values({ userId, fileName: 'family.ged', status: 'running', archiveImportId })
        .returning({ id: treeGedcomImports.id });
      return row!.id;
    },

    /** Removes the persons (and with them their links and suggestions) an archive import's family.ged added. */
    async removeForArchive(userId: number, archiveImportId: number) {
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: treeGedcomImports.id })
          .from(treeGedcomImports)
          .where(and(eq(treeGedcomImports.userId, userId), eq(treeGedcomImports.archiveImportId, archiveImportId)));
        const ids = rows.map((r) => r.id);
        if (ids.length === 0) return;
        await tx.delete(treePersons).where(and(eq(treePersons.userId, userId), inArray(treePersons.importId, ids)));
        await tx.delete(treeGedcomImports).where(and(eq(treeGedcomImports.userId, userId), inArray(treeGedcomImports.id, ids)));
      });
    },

    async hasUnfinished(userId: number) {
      const rows = await db
        .select({ id: treeGedcomImports.id })
        .from(treeGedcomImports)
        .where(and(eq(treeGedcomImports.userId, userId), unfinished, sql`${treeGedcomImports.archiveImportId} IS NULL`))
        .limit(1);
      return rows.length > 0;
    },

    async findOwned(userId: number, id: number): Promise<GedcomImportRow | undefined> {
      const [row] = await db
        .select(importColumns)
        .from(treeGedcomImports)
        .where(and(eq(treeGedcomImports.id, id), eq(treeGedcomImports.userId, userId)));
      return row;
    },

    async listOwned(userId: number, limit: number): Promise<GedcomImportRow[]> {
      return db
        .select(importColumns)
        .from(treeGedcomImports)
        .where(eq(treeGedcomImports.userId, userId))
        .orderBy(desc(treeGedcomImports.createdAt), desc(treeGedcomImports.id))
        .limit(limit);
    },

    async findForJob(id: number) {
      const [row] = await db.select().from(treeGedcomImports).where(eq(treeGedcomImports.id, id));
      return row;
    },

    async markRunning(id: number, personsTotal: number) {
      await db.update(treeGedcomImports).set({ status: 'running', personsTotal }).where(eq(treeGedcomImports.id, id));
    },

    async setProgress(tx: Tx, id: number, personsDone: number) {
      await tx.update(treeGedcomImports).set({ personsDone }).where(eq(treeGedcomImports.id, id));
    },

    async finish(id: number, report: GedcomReport) {
      await db
        .update(treeGedcomImports)
        .set({ status: 'done', report, error: null, source: null, finishedAt: new Date() })
        .where(eq(treeGedcomImports.id, id));
    },

    /** `sentence`: the error's message and values, for readers of other languages (a NUL, which jsonb refuses, left out). */
    async fail(id: number, error: string, sentence?: Sentence) {
      const withoutNul = (_key: string, value: unknown) => (typeof value === 'string' ? value.replaceAll('\0', '') : value);
      const errorSentence = sentence ? (JSON.parse(JSON.stringify(sentence), withoutNul) as Sentence) : null;
      await db
        .update(treeGedcomImports)
        .set({ status: 'failed', error: error.replaceAll('\0', ''), errorSentence, source: null, finishedAt: new Date() })
        .where(eq(treeGedcomImports.id, id));
    },

    /** The persons an earlier try of this import already inserted: record id in the file → person id. */
    async importedIds(userId: number, importId: number, conn: Conn = db): Promise<Map<string, number>> {
      const rows = await conn
        .select({ id: treePersons.id, gedcomId: treePersons.gedcomId })
        .from(treePersons)
        .where(and(eq(treePersons.userId, userId), eq(treePersons.importId, importId)));
      return new Map(rows.filter((r) => r.gedcomId !== null).map((r) => [r.gedcomId!, r.id]));
    },

    async insertPersons(tx: Tx, userId: number, values: PersonInsert[]) {
      if (values.length === 0) return [];
      return tx
        .insert(treePersons)
        .values(values.map((v) => ({ ...v, userId })))
        .returning({ id: treePersons.id, gedcomId: treePersons.gedcomId });
    },

    /** Links already there (the same pair and kind) are kept as they are; returns how many were added. */
    async insertRelations(tx: Tx, userId: number, values: RelationInsert[]): Promise<number> {
      if (values.length === 0) return 0;
      const rows = await tx
        .insert(treeRelations)
        .values(values.map((v) => ({ ...v, userId })))
        .onConflictDoNothing()
        .returning({ id: treeRelations.id });
      return rows.length;
    },

    /** Persons of the tree not brought by this import, for matching by name and birth year. */
    async otherPersons(userId: number, importId: number) {
      return db
        .select(personSummary)
        .from(treePersons)
        .where(and(eq(treePersons.userId, userId), sql`${treePersons.importId} IS DISTINCT FROM ${importId}`));
    },

    async importedPersons(userId: number, importId: number) {
      return db
        .select(personSummary)
        .from(treePersons)
        .where(and(eq(treePersons.userId, userId), eq(treePersons.importId, importId)));
    },

    async insertSuggestions(userId: number, importId: number, pairs: { importedId: number; existingId: number }[]) {
      if (pairs.length === 0) return 0;
      const rows = await db
        .insert(treeMatchSuggestions)
        .values(pairs.map((p) => ({ ...p, userId, importId })))
        .onConflictDoNothing()
        .returning({ id: treeMatchSuggestions.id });
      return rows.length;
    },

    async pendingSuggestions(userId: number) {
      const imported = aliasedTable(treePersons, 'imported');
      const existing = aliasedTable(treePersons, 'existing');
      const summary = (t: typeof treePersons) => ({
        id: t.id,
        givenNames: t.givenNames,
        surname: t.surname,
        birthSurname: t.birthSurname,
        birthDate: t.birthDate,
        birthPlace: t.birthPlace,
      });
      return db
        .select({
          id: treeMatchSuggestions.id,
          importId: treeMatchSuggestions.importId,
          imported: summary(imported),
          existing: summary(existing),
        })
        .from(treeMatchSuggestions)
        .innerJoin(imported, and(eq(imported.id, treeMatchSuggestions.importedId), eq(imported.userId, userId)))
        .innerJoin(existing, and(eq(existing.id, treeMatchSuggestions.existingId), eq(existing.userId, userId)))
        .where(and(eq(treeMatchSuggestions.userId, userId), eq(treeMatchSuggestions.status, 'pending')))
        .orderBy(asc(treeMatchSuggestions.id))
        .limit(1000);
    },

    async pendingSuggestion(tx: Tx, userId: number, id: number) {
      const [row] = await tx
        .select({ importedId: treeMatchSuggestions.importedId, existingId: treeMatchSuggestions.existingId })
        .from(treeMatchSuggestions)
        .where(and(eq(treeMatchSuggestions.id, id), eq(treeMatchSuggestions.userId, userId), eq(treeMatchSuggestions.status, 'pending')))
        .for('update');
      return row;
    },

    async setSuggestionStatus(tx: Tx, userId: number, id: number, status: 'accepted' | 'rejected') {
      await tx
        .update(treeMatchSuggestions)
        .set({ status })
        .where(and(eq(treeMatchSuggestions.id, id), eq(treeMatchSuggestions.userId, userId)));
    },

    async person(tx: Tx, userId: number, id: number) {
      const [row] = await tx
        .select()
        .from(treePersons)
        .where(and(eq(treePersons.id, id), eq(treePersons.userId, userId)))
        .for('update');
      return row;
    },

    async updatePerson(tx: Tx, userId: number, id: number, values: Partial<PersonInsert>) {
      await tx
        .update(treePersons)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(treePersons.id, id), eq(treePersons.userId, userId)));
    },

    async relationsOf(tx: Tx, userId: number, personId: number) {
      return tx
        .select()
        .from(treeRelations)
        .where(and(eq(treeRelations.userId, userId), or(eq(treeRelations.fromId, personId), eq(treeRelations.toId, personId))));
    },

    async deletePerson(tx: Tx, userId: number, id: number) {
      await tx.delete(treePersons).where(and(eq(treePersons.id, id), eq(treePersons.userId, userId)));
    },

    /** Whether the person is among their own ancestors (walked in SQL, with a depth bound as a guard). */
    async isOwnAncestor(tx: Tx, userId: number, personId: number): Promise<boolean> {
      const result = await tx.execute<{ found: boolean }>(sql`
        WITH RECURSIVE up(id, depth) AS (
          SELECT from_id, 1 FROM tree_relations WHERE user_id = ${userId} AND kind = 'parent' AND to_id = ${personId}
          UNION
          SELECT r.from_id, up.depth + 1 FROM tree_relations r JOIN up ON r.to_id = up.id
          WHERE r.user_id = ${userId} AND r.kind = 'parent' AND up.depth < 500
        )
        SELECT EXISTS (SELECT 1 FROM up WHERE id = ${personId}) AS found`);
      return result.rows[0]?.found === true;
    },

    /** The owner's whole tree, for an export. */
    async everything(userId: number) {
      const [persons, relations] = await Promise.all([
        db.select().from(treePersons).where(eq(treePersons.userId, userId)).orderBy(asc(treePersons.id)),
        db.select().from(treeRelations).where(eq(treeRelations.userId, userId)).orderBy(asc(treeRelations.id)),
      ]);
      return { persons, relations };
    },
  };
}

export type GedcomRepo = ReturnType<typeof createGedcomRepo>;
