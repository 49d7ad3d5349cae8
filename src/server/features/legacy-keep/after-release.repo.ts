// The owner's choice of what becomes of their account after their plan is released (decision 078), and the
// deletion timer's steps. Owner queries carry the owner's id in their WHERE.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legacyAfterRelease } from '../../db/schema';
import { addressLanguage } from '../../lib/mail-language';

export type AfterReleaseRow = typeof legacyAfterRelease.$inferSelect;

export function createAfterReleaseRepo(db: Db) {
  return {
    /** The language of the owner's mail to an heir at `address`: the heir's contact language, else the owner's. */
    heirLanguage: (ownerId: number, address: string) => addressLanguage(db, ownerId, address),

    find: async (userId: number) => (await db.select().from(legacyAfterRelease).where(eq(legacyAfterRelease.userId, userId)))[0],

    /** A new choice starts the timer over: the heirs are told again of any date it makes. */
    async put(userId: number, choice: 'memorial' | 'delete', deleteAfterMonths: number | null) {
      const values = { choice, deleteAfterMonths, deleteAt: null, firstNoticeAt: null, secondNoticeAt: null, updatedAt: new Date() };
      await db
        .insert(legacyAfterRelease)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: legacyAfterRelease.userId, set: values });
    },

    /** Every owner who chose deletion: the timer looks at each. */
    deletions: () => db.select().from(legacyAfterRelease).where(eq(legacyAfterRelease.choice, 'delete')),

    async firstNoticeSent(userId: number, at: Date, deleteAt: Date) {
      await db.update(legacyAfterRelease).set({ firstNoticeAt: at, deleteAt }).where(eq(legacyAfterRelease.userId, userId));
    },

    async secondNoticeSent(userId: number, at: Date, deleteAt: Date) {
      await db.update(legacyAfterRelease).set({ secondNoticeAt: at, deleteAt }).where(eq(legacyAfterRelease.userId, userId));
    },
  };
}
export type AfterReleaseRepo = ReturnType<typeof createAfterReleaseRepo>;
