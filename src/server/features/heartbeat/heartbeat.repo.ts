import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legacyHeartbeats, users } from '../../db/schema';

export type HeartbeatRow = typeof legacyHeartbeats.$inferSelect;

export function createHeartbeatRepo(db: Db) {
  return {
    async find(userId: number): Promise<HeartbeatRow | undefined> {
      const [row] = await db.select().from(legacyHeartbeats).where(eq(legacyHeartbeats.userId, userId));
      return row;
    },

    /** A new URL starts with no calls made. */
    async set(userId: number, url: string) {
      const fresh = { url, lastCallAt: null, lastOkAt: null, lastError: null, updatedAt: new Date() };
      await db
        .insert(legacyHeartbeats)
        .values({ userId, ...fresh })
        .onConflictDoUpdate({ target: legacyHeartbeats.userId, set: fresh });
    },

    async remove(userId: number) {
      await db.delete(legacyHeartbeats).where(eq(legacyHeartbeats.userId, userId));
    },

    /** Every owner's heartbeat: the hourly call's list (one row per owner who set one). */
    async all(): Promise<HeartbeatRow[]> {
      return db.select().from(legacyHeartbeats);
    },

    /** The owner's language (null: not chosen), in which a failed call is kept. */
    async language(userId: number): Promise<string | null> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return row?.language ?? null;
    },

    /** How a call went; only if the URL is still the one called (the owner may have changed it meanwhile). */
    async recordCall(userId: number, url: string, at: Date, error: string | null) {
      await db
        .update(legacyHeartbeats)
        .set({ lastCallAt: at, lastError: error, ...(error === null ? { lastOkAt: at } : {}) })
        .where(and(eq(legacyHeartbeats.userId, userId), eq(legacyHeartbeats.url, url)));
    },
  };
}
export type HeartbeatRepo = ReturnType<typeof createHeartbeatRepo>;
