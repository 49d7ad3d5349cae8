import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';
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
    /**
     * Account creation, one at a time across every instance (decision 048), so "is this the first account?" is
     * answered once: held until the transaction ends.
     */
    async lockAccountCreation(tx: Tx) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('heirloom.account-creation'))`);
    },
    async anyUser(exec: Db | Tx = db) {
      const [row] = await exec.select({ id: users.id }).from(users).limit(1);
      return row !== undefined;
    },
    /** undefined when the email is taken (the unique index decides, so two racing sign-ups cannot both win). */
    async insertUser(tx: Tx, values: NewUser) {
      const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
      return row && toUser(row);
    },
    /** The user's row, locked until the transaction ends: a link being used decides on what it reads. */
    async lockUser(tx: Tx, id: number) {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },
    /** A reset link also proves the address it was sent to. */
    async resetPassword(tx: Tx, id: number, passwordHash: string) {
      await tx
        .update(users)
        .set({ password: passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(eq(users.id, id));
    },
    async markEmailVerified(tx: Tx, id: number) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(eq(users.id, id));
    },
    /** The pending address becomes the sign-in address; false when another account holds it (the unique index decides). */
    async adoptPendingEmail(tx: Tx, id: number, email: string) {
      try {
        await tx
          .update(users)
          .set({ email, pendingEmail: null, emailVerifiedAt: sql`now()` })
          .where(eq(users.id, id));
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;

/** PostgreSQL's unique_violation, whether drizzle wrapped the driver's error or not. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  return e?.code === '23505' || (e?.cause !== undefined && isUniqueViolation(e.cause));
}
