import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, legacyReachability, users } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';
import { contactLanguage } from '../../lib/mail-language';

export interface NamedPerson {
  userId: number;
  contactId: number;
  firstName: string;
  lastName: string;
  email: string;
  heir: boolean;
  verifier: boolean;
  /** When the owner first named them (as an heir or a verifier). */
  namedAt: Date;
}

export type AskRow = typeof legacyReachability.$inferSelect;

/**
 * The heirs and verifiers with an address, of one owner or of every owner whose plan is not released: a plan that
 * was released asks nobody any more.
 */
const namedPeopleQuery = (userId?: number) => sql`
  SELECT p.user_id AS "userId", c.id AS "contactId", c.first_name AS "firstName", c.last_name AS "lastName",
         c.email, bool_or(p.role = 'heir') AS heir, bool_or(p.role = 'verifier') AS verifier, min(p.named_at) AS "namedAt"
  FROM (SELECT user_id, contact_id, 'heir' AS role, created_at AS named_at FROM heirs
        UNION ALL SELECT user_id, contact_id, 'verifier', created_at FROM legacy_verifiers) p
  JOIN ${contacts} c ON c.id = p.contact_id AND c.owner_id = p.user_id
  LEFT JOIN legacy_plans lp ON lp.user_id = p.user_id
  WHERE c.email IS NOT NULL AND c.email <> '' AND lp.state IS DISTINCT FROM 'released'
    ${userId === undefined ? sql`` : sql`AND p.user_id = ${userId}`}
  GROUP BY p.user_id, c.id, c.first_name, c.last_name, c.email
  ORDER BY p.user_id, c.first_name, c.last_name, c.id`;

export function createReachabilityRepo(db: Db) {
  const namedPeople = async (userId?: number): Promise<NamedPerson[]> =>
    (await db.execute(namedPeopleQuery(userId))).rows.map((r) => ({
      ...(r as unknown as NamedPerson),
      namedAt: new Date(r.namedAt as string),
    }));

  return {
    /** The language a named person reads their mail in: their contact's, else the owner's. */
    language: (contactId: number) => contactLanguage(db, contactId),

    namedPeople,
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** Every ask of one owner's people (or of every owner's), newest first. */
    async asks(userId?: number): Promise<AskRow[]> {
      return db
        .select()
        .from(legacyReachability)
        .where(userId === undefined ? undefined : eq(legacyReachability.userId, userId))
        .orderBy(desc(legacyReachability.askedAt), desc(legacyReachability.id));
    },

    async insertAsk(tx: Tx, values: Omit<AskRow, 'id' | 'confirmedAt' | 'bouncedAt'>) {
      const [row] = await tx.insert(legacyReachability).values(values).returning({ id: legacyReachability.id });
      return row!.id;
    },

    async ownerName(userId: number): Promise<string | null> {
      const [row] = await db.select({ firstName: users.firstName, surname: users.surname }).from(users).where(eq(users.id, userId));
      return row ? [row.firstName, row.surname].filter(Boolean).join(' ') : null;
    },

    /** The ask a link names, with the owner's name. */
    async findByTokenHash(hash: string) {
      const [row] = await db
        .select({ ask: legacyReachability, ownerFirstName: users.firstName, ownerSurname: users.surname })
        .from(legacyReachability)
        .innerJoin(users, eq(users.id, legacyReachability.userId))
        .where(eq(legacyReachability.tokenHash, hash));
      return row;
    },

    async confirm(id: number, at: Date) {
      await db
        .update(legacyReachability)
        .set({ confirmedAt: at })
        .where(and(eq(legacyReachability.id, id), isNull(legacyReachability.confirmedAt)));
    },

    async markBounced(id: number, at: Date) {
      await db
        .update(legacyReachability)
        .set({ bouncedAt: at })
        .where(and(eq(legacyReachability.id, id), isNull(legacyReachability.confirmedAt)));
    },
  };
}
export type ReachabilityRepo = ReturnType<typeof createReachabilityRepo>;
