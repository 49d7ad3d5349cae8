// Queries on the signed-in user's credentials and address, and the account's removal.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users, waitlist } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';

export function createAccountRepo(db: Db) {
  return {
    /** The row with its password hash: only the account service sees it. */
    async findCredentials(userId: number) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async updatePassword(userId: number, passwordHash: string) {
      await db.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
    },

    async isEmailTaken(email: string, exceptUserId: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, exceptUserId)))
        .limit(1);
      return row !== undefined;
    },

    async setLanguage(userId: number, language: string | null) {
      const [row] = await db.update(users).set({ language }).where(eq(users.id, userId)).returning();
      return row;
    },

    async setPendingEmail(userId: number, email: string) {
      await db.update(users).set({ pendingEmail: email }).where(eq(users.id, userId));
    },

    /**
     * Remove the user's sessions and row (every owned table cascades, account tokens included; other people's contacts that
     * were linked to this user are unlinked by the foreign key) and their waitlist entry, inside the caller's
     * transaction.
     */
    async remove(tx: Tx, userId: number) {
      await tx.delete(sessions).where(eq(sessions.userId, userId)); // the cascade would too; said here on purpose
      const [row] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
      if (!row) return false;
      await tx.delete(waitlist).where(eq(sql`lower(${waitlist.email})`, row.email.toLowerCase()));
      return true;
    },
  };
}
export type AccountRepo = ReturnType<typeof createAccountRepo>;
