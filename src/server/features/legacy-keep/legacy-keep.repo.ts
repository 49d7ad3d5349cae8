// Keeping a release (decision 078): the heir's keep rows and the items each has copied, and the provenance written
// on the copies. Every query carries the heir's own user id in its WHERE.
import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legacyKeeps, legacyKeptItems, memories, photos, vaultFiles } from '../../db/schema';

export type KeptKind = 'photo' | 'memory' | 'attachment' | 'document';
export type KeepRow = typeof legacyKeeps.$inferSelect;

export function createLegacyKeepRepo(db: Db) {
  const find = async (userId: number, grantId: number) =>
    (
      await db
        .select()
        .from(legacyKeeps)
        .where(and(eq(legacyKeeps.userId, userId), eq(legacyKeeps.grantId, grantId)))
    )[0];

  return {
    find,

    /**
     * The keep of this release, made or started again (its items already copied stay copied); undefined when a try
     * is copying it already, so two requests at once never copy side by side.
     */
    async start(userId: number, grantId: number, provenance: string, itemsTotal: number): Promise<KeepRow | undefined> {
      const [row] = await db
        .insert(legacyKeeps)
        .values({ userId, grantId, provenance, status: 'copying', itemsTotal })
        .onConflictDoUpdate({
          target: [legacyKeeps.userId, legacyKeeps.grantId],
          set: { status: 'copying', itemsTotal, error: null, updatedAt: new Date() },
          setWhere: sql`${legacyKeeps.status} <> 'copying'`,
        })
        .returning();
      return row;
    },

    async finish(userId: number, keepId: number, status: 'kept' | 'failed', error: string | null = null) {
      await db
        .update(legacyKeeps)
        .set({ status, error, updatedAt: new Date() })
        .where(and(eq(legacyKeeps.id, keepId), eq(legacyKeeps.userId, userId)));
    },

    async setDone(userId: number, keepId: number, itemsDone: number) {
      await db
        .update(legacyKeeps)
        .set({ itemsDone, updatedAt: new Date() })
        .where(and(eq(legacyKeeps.id, keepId), eq(legacyKeeps.userId, userId)));
    },

    /** What this keep has copied: `kind:sourceId` → the copy's id. */
    async copied(keepId: number): Promise<Map<string, number>> {
      const rows = await db.select().from(legacyKeptItems).where(eq(legacyKeptItems.keepId, keepId));
      return new Map(rows.map((r) => [`${r.kind}:${r.sourceId}`, r.copyId]));
    },

    async recordCopy(keepId: number, kind: KeptKind, sourceId: number, copyId: number) {
      await db.insert(legacyKeptItems).values({ keepId, kind, sourceId, copyId }).onConflictDoNothing();
    },

    /** Writes where a copy came from on the copied row, the heir's own. */
    async markProvenance(userId: number, kind: Exclude<KeptKind, 'attachment'>, id: number, provenance: string) {
      const table = kind === 'photo' ? photos : kind === 'memory' ? memories : vaultFiles;
      await db
        .update(table)
        .set({ provenance })
        .where(and(eq(table.id, id), eq(table.userId, userId)));
    },

    /**
     * A copy of these bytes made by an earlier try that stopped before it was recorded (a kill between the copy's
     * commit and its record): found by its hash among the heir's rows of this provenance or made since the keep began.
     */
    async unrecordedCopy(userId: number, kind: 'photo' | 'document', contentHash: string, keep: KeepRow): Promise<number | undefined> {
      const table = kind === 'photo' ? photos : vaultFiles;
      const madeAt = kind === 'photo' ? photos.createdAt : vaultFiles.uploadedAt;
      const fromThisKeep = or(eq(table.provenance, keep.provenance), and(isNull(table.provenance), gte(madeAt, keep.createdAt)));
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.userId, userId), eq(table.contentHash, contentHash), fromThisKeep))
        .limit(1);
      return row?.id;
    },
  };
}
export type LegacyKeepRepo = ReturnType<typeof createLegacyKeepRepo>;
