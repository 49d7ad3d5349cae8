// The escrow run's record (decision 074): per owner, when the sealed copies were last written and checked; per
// heir, the copy in the bucket. Every query has the owner in its WHERE; the sweeps list owners only.
import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legacyEscrowBundles, legacyEscrowRuns, legacyEscrowTargets, users } from '../../db/schema';

export type EscrowRunRow = typeof legacyEscrowRuns.$inferSelect;
export type EscrowBundleRow = typeof legacyEscrowBundles.$inferSelect;
export type EscrowBundleValues = Omit<EscrowBundleRow, 'id' | 'userId' | 'heirId' | 'checkedAt' | 'checkError'>;

export function createEscrowStatusRepo(db: Db) {
  const upsertRun = (userId: number, set: Partial<Omit<EscrowRunRow, 'userId'>>) =>
    db
      .insert(legacyEscrowRuns)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: legacyEscrowRuns.userId, set });

  return {
    async run(userId: number): Promise<EscrowRunRow | undefined> {
      const [row] = await db.select().from(legacyEscrowRuns).where(eq(legacyEscrowRuns.userId, userId));
      return row;
    },

    /** A run was queued: the owner sees it waiting until it ends. */
    async markQueued(userId: number, at: Date) {
      await db
        .insert(legacyEscrowRuns)
        .values({ userId, runningSince: at })
        .onConflictDoUpdate({
          target: legacyEscrowRuns.userId,
          set: { runningSince: sql`coalesce(${legacyEscrowRuns.runningSince}, ${at})` },
        });
    },

    async startRun(userId: number, at: Date) {
      await db
        .insert(legacyEscrowRuns)
        .values({ userId, runningSince: at, lastRunAt: at })
        .onConflictDoUpdate({
          target: legacyEscrowRuns.userId,
          set: { lastRunAt: at, runningSince: sql`coalesce(${legacyEscrowRuns.runningSince}, ${at})` },
        });
    },

    /** The run ended: with every copy written (error null) or not. */
    async finishRun(userId: number, at: Date, error: string | null) {
      await upsertRun(userId, error === null ? { runningSince: null, lastOkAt: at, error } : { runningSince: null, error });
    },

    async recordCheck(userId: number, at: Date, error: string | null) {
      await upsertRun(userId, { lastCheckAt: at, ...(error !== null && { error }) });
    },

    async setOpener(userId: number, sha256: string) {
      await upsertRun(userId, { openerSha256: sha256 });
    },

    bundles: (userId: number) =>
      db.select().from(legacyEscrowBundles).where(eq(legacyEscrowBundles.userId, userId)).orderBy(legacyEscrowBundles.id),

    async saveBundle(userId: number, heirId: number, values: EscrowBundleValues) {
      const set = { ...values, checkedAt: null, checkError: null };
      await db
        .insert(legacyEscrowBundles)
        .values({ userId, heirId, ...set })
        .onConflictDoUpdate({ target: [legacyEscrowBundles.userId, legacyEscrowBundles.heirId], set });
    },

    async removeBundle(userId: number, heirId: number) {
      await db.delete(legacyEscrowBundles).where(and(eq(legacyEscrowBundles.userId, userId), eq(legacyEscrowBundles.heirId, heirId)));
    },

    /**
     * A copy found wrong loses its fingerprint, so the next run writes it again whatever changed. Only the copy that was
     * looked at: one a run wrote meanwhile keeps its own record.
     */
    async recordBundleCheck(userId: number, heirId: number, sha256: string, at: Date, checkError: string | null) {
      await db
        .update(legacyEscrowBundles)
        .set({ checkedAt: at, checkError, ...(checkError !== null && { fingerprint: '' }) })
        .where(and(eq(legacyEscrowBundles.userId, userId), eq(legacyEscrowBundles.heirId, heirId), eq(legacyEscrowBundles.sha256, sha256)));
    },

    /** Whom to mail about the copies, and in which language. */
    async owner(userId: number) {
      const [row] = await db
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Owners with copies in the bucket not checked since `before` (the monthly check). */
    ownersToCheck: async (before: Date) =>
      (
        await db
          .select({ userId: legacyEscrowBundles.userId })
          .from(legacyEscrowBundles)
          .leftJoin(legacyEscrowRuns, eq(legacyEscrowRuns.userId, legacyEscrowBundles.userId))
          .where(or(isNull(legacyEscrowRuns.lastCheckAt), lt(legacyEscrowRuns.lastCheckAt, before)))
          .groupBy(legacyEscrowBundles.userId)
      ).map((r) => r.userId),

    /** Every owner with a bucket set (the nightly sweep). */
    ownersWithBucket: async () => (await db.select({ userId: legacyEscrowTargets.userId }).from(legacyEscrowTargets)).map((r) => r.userId),

    /** Owners whose run was left waiting (its job lost): queued again at start. */
    ownersRunning: async () =>
      (
        await db
          .select({ userId: legacyEscrowRuns.userId })
          .from(legacyEscrowRuns)
          .where(sql`${legacyEscrowRuns.runningSince} is not null`)
      ).map((r) => r.userId),
  };
}
export type EscrowStatusRepo = ReturnType<typeof createEscrowStatusRepo>;
