// The session plugin's own queries. Every feature builds on req.user, so these cannot live in a feature:
// a plugin that imported one would tie the whole app to it.
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { User } from '@shared/schemas/auth';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

export function createSessionRepo(db: Db) {
  return {
    async insert(userId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(sessions).values({ userId, tokenHash, expiresAt });
    },
    async findUser(tokenHash: string) {
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        // a disabled account's sessions are removed when it is disabled; this holds even for one made in between
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), isNull(users.disabledAt)))
        .limit(1);
      return row && { user: toUser(row.user), expiresAt: row.expiresAt };
    },
    async extend(tokenHash: string, expiresAt: Date) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    },
    async remove(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },
    /** Revoke every session of a user, optionally keeping the one making the request. */
    async removeAllOfUser(userId: number, keepTokenHash?: string) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined));
    },
  };
}

/**
 * The only place a users row becomes a User: the password hash never leaves. It lives beside the session
 * queries because req.user is its first consumer; features that return a User import it from here.
 */
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
    isAdministrator: row.isAdministrator,
    language: row.language,
  };
}
