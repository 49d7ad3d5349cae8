// The administrator's queries (decision 048): every account with what it stores, the invitations the
// administrator sent (their id is theirs: invitedBy is in every WHERE), and the people asking to join.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, users, waitlist } from '../../db/schema';
import { storedBytesOf } from '../../lib/stored-bytes';

export function createAdminRepo(db: Db) {
  // `${users}.id`, not users.id: a one-table select leaves columns unqualified, and inside the subqueries
  // an unqualified id would be their own table's.
  const stored = storedBytesOf(sql`${users}.id`);
  const usedBytes = sql<string>`${stored.profile} + ${stored.photos} + ${stored.attachments} + ${stored.vault}`;
  const memberColumns = {
    id: users.id,
    firstName: users.firstName,
    surname: users.surname,
    email: users.email,
    createdAt: users.createdAt,
    isAdministrator: users.isAdministrator,
    disabledAt: users.disabledAt,
    usedBytes,
  };
  const sameEmail = (column: typeof users.email | typeof invitations.email, email: string) =>
    eq(sql`lower(${column})`, email.toLowerCase());

  return {
    db,
    listMembers: () => db.select(memberColumns).from(users).orderBy(asc(users.createdAt), asc(users.id)),

    /** The member after the change; undefined when no account has the id. */
    async setDisabled(id: number, disabled: boolean) {
      await db
        .update(users)
        .set({ disabledAt: disabled ? sql`coalesce(${users.disabledAt}, now())` : null })
        .where(eq(users.id, id));
      const [row] = await db.select(memberColumns).from(users).where(eq(users.id, id));
      return row;
    },

    async emailHasAccount(email: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(sameEmail(users.email, email)).limit(1);
      return row !== undefined;
    },

    listInvitations: (adminId: number) =>
      db
        .select()
        .from(invitations)
        .where(and(eq(invitations.invitedBy, adminId), isNull(invitations.acceptedAt)))
        .orderBy(desc(invitations.createdAt), desc(invitations.id)),

    /** A new invitation replaces the address's earlier unused ones: only the newest link works. */
    async replaceInvitation(values: { email: string; tokenHash: string; invitedBy: number; expiresAt: Date }) {
      return db.transaction(async (tx) => {
        await tx
          .delete(invitations)
          .where(
            and(eq(invitations.invitedBy, values.invitedBy), sameEmail(invitations.email, values.email), isNull(invitations.acceptedAt)),
          );
        const [row] = await tx.insert(invitations).values(values).returning();
        return row!;
      });
    },

    /** false when the administrator has no unused invitation with this id. */
    async removeInvitation(adminId: number, id: number) {
      const rows = await db
        .delete(invitations)
        .where(and(eq(invitations.id, id), eq(invitations.invitedBy, adminId), isNull(invitations.acceptedAt)))
        .returning({ id: invitations.id });
      return rows.length > 0;
    },

    /** Everyone who asked to join, oldest first, with whether they have an account or a pending invitation. */
    listWaitlist: () =>
      db
        .select({
          id: waitlist.id,
          email: waitlist.email,
          createdAt: waitlist.createdAt,
          member: sql<boolean>`exists (select 1 from ${users} where lower(${users}.email) = lower(${waitlist}.email))`,
          invited: sql<boolean>`exists (select 1 from ${invitations} where lower(${invitations}.email) = lower(${waitlist}.email)
            and ${invitations}.accepted_at is null and ${invitations}.expires_at > now())`,
        })
        .from(waitlist)
        .orderBy(asc(waitlist.createdAt), asc(waitlist.id)),
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
