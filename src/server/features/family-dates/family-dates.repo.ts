// Dates that matter: the owner's switch for the weekly mail, their zone, and the week it was last sent for. The
// tree's persons and links and the contacts' birthdays come from those features' services.
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { FamilyDatesSettings } from '@shared/schemas/family-dates';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export interface DigestOwner {
  id: number;
  firstName: string;
  email: string;
  timeZone: string | null;
  sentWeek: string | null;
  /** The account's language: the mail is written in it. */
  language: string | null;
}

export function createFamilyDatesRepo(db: Db) {
  return {
    async settings(userId: number): Promise<FamilyDatesSettings | null> {
      const [row] = await db
        .select({ digest: users.familyDatesDigest, timeZone: users.familyDatesTimeZone })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async setSettings(userId: number, digest: boolean, timeZone: string | undefined): Promise<FamilyDatesSettings | null> {
      const [row] = await db
        .update(users)
        .set(timeZone === undefined ? { familyDatesDigest: digest } : { familyDatesDigest: digest, familyDatesTimeZone: timeZone })
        .where(eq(users.id, userId))
        .returning({ digest: users.familyDatesDigest, timeZone: users.familyDatesTimeZone });
      return row ?? null;
    },

    /** Every owner who switched the mail on (a disabled account gets none). */
    digestOwners(): Promise<DigestOwner[]> {
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          email: users.email,
          timeZone: users.familyDatesTimeZone,
          sentWeek: users.familyDatesSentWeek,
          language: users.language,
        })
        .from(users)
        .where(and(eq(users.familyDatesDigest, true), isNull(users.disabledAt)))
        .orderBy(asc(users.id));
    },

    /**
     * Marks the week (its Monday) as sent, unless it already is: only the caller that gets true sends the mail,
     * however many checks run at once.
     */
    async claimWeek(userId: number, monday: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ familyDatesSentWeek: monday })
        .where(
          and(
            eq(users.id, userId),
            eq(users.familyDatesDigest, true),
            or(isNull(users.familyDatesSentWeek), lt(users.familyDatesSentWeek, monday)),
          ),
        )
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Gives a claimed week back when its mail could not be queued: the next check tries again. */
    async releaseWeek(userId: number, monday: string, previous: string | null) {
      await db
        .update(users)
        .set({ familyDatesSentWeek: previous })
        .where(and(eq(users.id, userId), eq(users.familyDatesSentWeek, monday)));
    },
  };
}

export type FamilyDatesRepo = ReturnType<typeof createFamilyDatesRepo>;
