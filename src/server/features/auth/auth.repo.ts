import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { User } from '@shared/schemas/auth';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
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
    async insertSession(userId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(sessions).values({ userId, tokenHash, expiresAt });
    },
    async findSessionUser(tokenHash: string) {
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row && { user: toUser(row.user), expiresAt: row.expiresAt };
    },
    async extendSession(tokenHash: string, expiresAt: Date) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    },
    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },
    /** Revoke every session of a user, optionally keeping the one making the request. */
    async deleteUserSessions(userId: number, keepTokenHash?: string) {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined));
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;

/** The only place a users row becomes a User: the password hash never leaves. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    surname: row.surname,
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    mobileNumber: row.mobileNumber,
    isWaitlisted: row.isWaitlisted,
    createdAt: row.createdAt.toISOString(),
    profilePicture: row.profilePicture ? `/api/user/profile-picture?v=${encodeURIComponent(row.profilePicture.slice(-12))}` : null,
    cityOfBirth: row.cityOfBirth,
    address: row.address,
    gender: row.gender,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
  };
}
