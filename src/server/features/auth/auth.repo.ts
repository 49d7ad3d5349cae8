import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { toUser } from '../../plugins/session.repo';

type NewUser = typeof users.$inferInsert;

export function createAuthRepo(db: Db) {
  const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

  return {
    /** The row with its password hash: only the auth service sees it. */
    async findCredentials(email: string) {
      const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
      return row;
    },
    async findCredentialsById(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** undefined when the email is taken (the unique index decides, so two racing sign-ups cannot both win). */
    async insertUser(values: NewUser) {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row && toUser(row);
    },
    async updatePassword(id: number, passwordHash: string) {
      await db.update(users).set({ password: passwordHash }).where(eq(users.id, id));
    },
    async deleteUser(id: number) {
      await db.delete(users).where(eq(users.id, id));
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
