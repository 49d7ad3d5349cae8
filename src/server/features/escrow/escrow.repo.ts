import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legacyEscrowTargets, legacyReleaseKeys } from '../../db/schema';

export type EscrowTargetRow = typeof legacyEscrowTargets.$inferSelect;
export type ReleaseKeyRow = typeof legacyReleaseKeys.$inferSelect;
export type EscrowTargetValues = Omit<EscrowTargetRow, 'userId' | 'lastTestAt' | 'lastTestError' | 'updatedAt'>;

export function createEscrowRepo(db: Db) {
  return {
    async target(userId: number): Promise<EscrowTargetRow | undefined> {
      const [row] = await db.select().from(legacyEscrowTargets).where(eq(legacyEscrowTargets.userId, userId));
      return row;
    },

    /** A changed target has not been tested yet. */
    async setTarget(userId: number, values: EscrowTargetValues) {
      const set = { ...values, lastTestAt: null, lastTestError: null, updatedAt: new Date() };
      await db
        .insert(legacyEscrowTargets)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: legacyEscrowTargets.userId, set });
    },

    async removeTarget(userId: number) {
      await db.delete(legacyEscrowTargets).where(eq(legacyEscrowTargets.userId, userId));
    },

    async releaseKey(userId: number): Promise<ReleaseKeyRow | undefined> {
      const [row] = await db.select().from(legacyReleaseKeys).where(eq(legacyReleaseKeys.userId, userId));
      return row;
    },

    /** A new release key replaces the old one: the old codes open nothing sealed from now on. */
    async setReleaseKey(userId: number, values: Omit<ReleaseKeyRow, 'userId' | 'createdAt'>) {
      const set = { ...values, createdAt: new Date() };
      await db
        .insert(legacyReleaseKeys)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: legacyReleaseKeys.userId, set });
    },

    async recordTest(userId: number, at: Date, error: string | null) {
      await db.update(legacyEscrowTargets).set({ lastTestAt: at, lastTestError: error }).where(eq(legacyEscrowTargets.userId, userId));
    },
  };
}
export type EscrowRepo = ReturnType<typeof createEscrowRepo>;
