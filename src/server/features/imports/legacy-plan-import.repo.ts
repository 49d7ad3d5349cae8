// The rows an imported Legacy Plan restores (decision 047): heirs with the public key (and, on the server that
// made it, the key code's hash) they had, letters without the default release a new letter gets, releases as
// the archive configured them, and the plan's settings with its verifiers. No API makes such rows (an API
// heir gets a new code, a new letter its release after death), so the importer owns these writes. Every read
// carries the owner in its WHERE; the heirs, letters, releases and verifiers hang on contacts this import
// created, so removing the import's contacts removes them too.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { grants, heirs, legacyPlans, legacyVerifiers, letters } from '../../db/schema';

export interface ImportedPlanSettings {
  checkInMonths: number;
  vetoDays: number;
  verifiersRequired: number;
}

export function createLegacyPlanImportRepo(db: Db) {
  return {
    async planState(userId: number) {
      const [row] = await db.select({ state: legacyPlans.state }).from(legacyPlans).where(eq(legacyPlans.userId, userId));
      return row?.state;
    },

    async verifierCount(userId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(legacyVerifiers)
        .where(eq(legacyVerifiers.userId, userId));
      return row?.n ?? 0;
    },

    /** Whether any heir of this server holds this key code hash (a code opens one heir only). */
    async keyCodeHashTaken(keyCodeHash: string) {
      const [row] = await db.select({ id: heirs.id }).from(heirs).where(eq(heirs.keyCodeHash, keyCodeHash)).limit(1);
      return row !== undefined;
    },

    /** Undefined when the contact is an heir already, or (raced) the hash has been taken meanwhile. */
    async insertHeir(values: typeof heirs.$inferInsert) {
      const [row] = await db.insert(heirs).values(values).onConflictDoNothing().returning({ id: heirs.id });
      return row?.id;
    },

    async insertLetter(values: typeof letters.$inferInsert) {
      const [row] = await db.insert(letters).values(values).returning({ id: letters.id });
      return row!.id;
    },

    async insertRelease(values: typeof grants.$inferInsert) {
      const [row] = await db.insert(grants).values(values).returning({ id: grants.id });
      return row!.id;
    },

    /**
     * The plan's settings and verifiers for an account without a plan, in one transaction under the trigger's
     * per-owner lock. False (nothing written) when a plan appeared meanwhile.
     */
    async insertPlan(
      userId: number,
      settings: ImportedPlanSettings,
      verifiers: Array<{ contactId: number; tokenNonce: string; tokenHash: string }>,
      at: Date,
    ) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('legacy-trigger'), ${userId})`);
        const [existing] = await tx.select({ userId: legacyPlans.userId }).from(legacyPlans).where(eq(legacyPlans.userId, userId));
        if (existing) return false;
        await tx.insert(legacyPlans).values({ userId, ...settings, state: 'active', stateSince: at, lastCheckInAt: at });
        for (const v of verifiers)
          await tx
            .insert(legacyVerifiers)
            .values({ userId, ...v })
            .onConflictDoNothing();
        return true;
      });
    },

    /** Verifiers added to the plan the account has already (a contact named twice is kept once). */
    async addVerifiers(userId: number, verifiers: Array<{ contactId: number; tokenNonce: string; tokenHash: string }>) {
      for (const v of verifiers)
        await db
          .insert(legacyVerifiers)
          .values({ userId, ...v })
          .onConflictDoNothing();
    },
  };
}
export type LegacyPlanImportRepo = ReturnType<typeof createLegacyPlanImportRepo>;
