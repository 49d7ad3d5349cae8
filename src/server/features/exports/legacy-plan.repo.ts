// The owner's Legacy Plan as the exporter reads it (decision 047): the trigger's settings and verifiers, the
// heirs, the letters and the heir releases. Every query carries the owner in its WHERE.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isHeirGrant } from '../../db/grant-conditions';
import { grants, heirs, legacyPlans, legacyVerifiers, letters } from '../../db/schema';

export function createLegacyPlanExportRepo(db: Db) {
  return {
    async plan(userId: number) {
      const [row] = await db
        .select({
          checkInMonths: legacyPlans.checkInMonths,
          vetoDays: legacyPlans.vetoDays,
          verifiersRequired: legacyPlans.verifiersRequired,
        })
        .from(legacyPlans)
        .where(eq(legacyPlans.userId, userId));
      return row;
    },

    verifiers: (userId: number) =>
      db
        .select({ contactId: legacyVerifiers.contactId })
        .from(legacyVerifiers)
        .where(eq(legacyVerifiers.userId, userId))
        .orderBy(asc(legacyVerifiers.id)),

    heirs: (userId: number) =>
      db
        .select({
          id: heirs.id,
          contactId: heirs.contactId,
          dateOfBirth: heirs.dateOfBirth,
          publicKey: heirs.publicKey,
          keyCodeHash: heirs.keyCodeHash,
          keyCodeCreatedAt: heirs.keyCodeCreatedAt,
        })
        .from(heirs)
        .where(eq(heirs.userId, userId))
        .orderBy(asc(heirs.id)),

    letters: (userId: number) => db.select().from(letters).where(eq(letters.userId, userId)).orderBy(asc(letters.id)),

    /** The heir releases (sharing's personal links are not part of the plan). */
    releases: (userId: number) =>
      db
        .select({
          id: grants.id,
          heirId: grants.heirId,
          condition: grants.releaseCondition,
          collectionId: grants.collectionId,
          photoId: grants.photoId,
          memoryId: grants.memoryId,
          vaultFileId: grants.vaultFileId,
          letterId: grants.letterId,
          includeNames: grants.includeNames,
          releaseAt: grants.releaseAt,
          age: grants.releaseAge,
          createdAt: grants.createdAt,
        })
        .from(grants)
        .where(and(eq(grants.userId, userId), isHeirGrant))
        .orderBy(asc(grants.id)),
  };
}
export type LegacyPlanExportRepo = ReturnType<typeof createLegacyPlanExportRepo>;
