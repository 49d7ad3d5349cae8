// The Legacy Plan trigger's rows: the plan, its verifiers, the audit chain and the heir grants it releases.
// Every change runs in a transaction holding the owner's advisory lock (lockOwner), so a tick, a check-in
// and a verifier's report for one owner happen one after another and the audit chain never forks.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, min, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { unreleasedGrant } from '../../db/grant-conditions';
import { accountTokens, contacts, grants, heirs, legacyAudit, legacyPlans, legacyVerifiers, users } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';

export type PlanRow = typeof legacyPlans.$inferSelect;
export type AuditRow = typeof legacyAudit.$inferSelect;
type Conn = Db | Tx;

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with keys sorted at every level: jsonb does not keep key order, the hash must not depend on it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function auditHash(prevHash: string, entry: { at: Date; event: string; detail: unknown }) {
  return createHash('sha256')
    .update(prevHash + canonical({ at: entry.at.toISOString(), event: entry.event, detail: entry.detail }))
    .digest('hex');
}

/** Whether every row links to the one before and its hash matches its content. */
export function chainIntact(rows: AuditRow[]) {
  let prev = GENESIS_HASH;
  for (const row of rows) {
    if (row.prevHash !== prev || auditHash(prev, row) !== row.hash) return false;
    prev = row.hash;
  }
  return true;
}

export function createLegacyTriggerRepo(db: Db) {
  return {
    db,
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /** Serialises every change to one owner's trigger (hashtext of a fixed prefix keeps clear of other locks). */
    async lockOwner(tx: Tx, userId: number) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('legacy-trigger'), ${userId})`);
    },

    async findPlan(conn: Conn, userId: number) {
      const [row] = await conn.select().from(legacyPlans).where(eq(legacyPlans.userId, userId));
      return row;
    },

    async insertPlan(tx: Tx, values: typeof legacyPlans.$inferInsert) {
      const [row] = await tx.insert(legacyPlans).values(values).returning();
      return row!;
    },

    async updatePlan(tx: Tx, userId: number, changes: Partial<typeof legacyPlans.$inferInsert>) {
      const [row] = await tx
        .update(legacyPlans)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(legacyPlans.userId, userId))
        .returning();
      return row!;
    },

    async owner(conn: Conn, userId: number) {
      const [row] = await conn
        .select({ id: users.id, firstName: users.firstName, surname: users.surname, email: users.email, pendingEmail: users.pendingEmail })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** The owner's contacts among `ids` (others' contacts are simply absent). */
    async ownedContacts(conn: Conn, userId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return conn
        .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.ownerId, userId), inArray(contacts.id, ids)));
    },

    async verifiers(conn: Conn, userId: number) {
      return conn
        .select({
          id: legacyVerifiers.id,
          contactId: legacyVerifiers.contactId,
          tokenNonce: legacyVerifiers.tokenNonce,
          confirmedAt: legacyVerifiers.confirmedAt,
          notifiedAt: legacyVerifiers.notifiedAt,
          firstName: contacts.firstName,
          lastName: contacts.lastName,
          email: contacts.email,
          language: contacts.language,
        })
        .from(legacyVerifiers)
        .innerJoin(contacts, eq(contacts.id, legacyVerifiers.contactId))
        .where(eq(legacyVerifiers.userId, userId))
        .orderBy(asc(legacyVerifiers.id));
    },

    async insertVerifier(tx: Tx, values: typeof legacyVerifiers.$inferInsert) {
      await tx.insert(legacyVerifiers).values(values);
    },

    async deleteVerifiers(tx: Tx, userId: number, ids: number[]) {
      if (ids.length === 0) return;
      await tx.delete(legacyVerifiers).where(and(eq(legacyVerifiers.userId, userId), inArray(legacyVerifiers.id, ids)));
    },

    async clearConfirmations(tx: Tx, userId: number) {
      await tx.update(legacyVerifiers).set({ confirmedAt: null }).where(eq(legacyVerifiers.userId, userId));
    },

    async confirmVerifier(tx: Tx, id: number, at: Date) {
      await tx.update(legacyVerifiers).set({ confirmedAt: at }).where(eq(legacyVerifiers.id, id));
    },

    async findVerifierByTokenHash(conn: Conn, tokenHash: string) {
      const [row] = await conn.select().from(legacyVerifiers).where(eq(legacyVerifiers.tokenHash, tokenHash));
      return row;
    },

    async appendAudit(tx: Tx, userId: number, at: Date, event: string, detail: Record<string, unknown>) {
      const [last] = await tx
        .select({ hash: legacyAudit.hash })
        .from(legacyAudit)
        .where(eq(legacyAudit.userId, userId))
        .orderBy(desc(legacyAudit.id))
        .limit(1);
      const prevHash = last?.hash ?? GENESIS_HASH;
      await tx.insert(legacyAudit).values({ userId, at, event, detail, prevHash, hash: auditHash(prevHash, { at, event, detail }) });
    },

    async audit(conn: Conn, userId: number) {
      return conn.select().from(legacyAudit).where(eq(legacyAudit.userId, userId)).orderBy(asc(legacyAudit.id));
    },

    /**
     * Releases the owner's heir grants that are due: after_death ones when `afterDeath`, and on_date / at_age
     * ones whose moment has come. Returns what was released, with each heir's address.
     */
    async releaseGrants(tx: Tx, userId: number, now: Date, afterDeath: boolean) {
      const due = afterDeath
        ? sql`(${grants.releaseCondition} = 'after_death' OR (${grants.releaseCondition} IN ('on_date', 'at_age') AND ${grants.releaseAt} <= ${now}))`
        : sql`(${grants.releaseCondition} IN ('on_date', 'at_age') AND ${grants.releaseAt} <= ${now})`;
      const released = await tx
        .update(grants)
        .set({ releasedAt: now })
        .where(and(eq(grants.userId, userId), unreleasedGrant, due))
        .returning({ id: grants.id, heirId: grants.heirId, contactId: grants.contactId, condition: grants.releaseCondition });
      if (released.length === 0) return [];
      const contactIds = [...new Set(released.map((g) => g.contactId).filter((id): id is number => id !== null))];
      const people = await tx
        .select({ id: contacts.id, firstName: contacts.firstName, email: contacts.email })
        .from(contacts)
        .where(inArray(contacts.id, contactIds));
      const byId = new Map(people.map((p) => [p.id, p]));
      const heirIds = [...new Set(released.map((g) => g.heirId).filter((id): id is number => id !== null))];
      const withCode = await tx
        .select({ id: heirs.id })
        .from(heirs)
        .where(and(inArray(heirs.id, heirIds), isNotNull(heirs.keyCodeHash)));
      const canOpen = new Set(withCode.map((h) => h.id));
      return released.map((g) => ({
        ...g,
        contact: g.contactId === null ? undefined : byId.get(g.contactId),
        /** Whether the heir has a key code to open it with. */
        heirHasKeyCode: g.heirId !== null && canOpen.has(g.heirId),
      }));
    },

    /** The earliest dated heir grant still waiting for its moment. */
    async nextDatedRelease(conn: Conn, userId: number) {
      const [row] = await conn
        .select({ at: min(grants.releaseAt) })
        .from(grants)
        .where(
          and(
            eq(grants.userId, userId),
            unreleasedGrant,
            isNotNull(grants.releaseAt),
            inArray(grants.releaseCondition, ['on_date', 'at_age']),
          ),
        );
      return row?.at ?? null;
    },

    /** Owners with a timer that may still fire: a plan not yet released, or a dated grant not yet released. */
    async ownersWithTimers() {
      const plans = await db.select({ userId: legacyPlans.userId }).from(legacyPlans).where(ne(legacyPlans.state, 'released'));
      const dated = await db
        .selectDistinct({ userId: grants.userId })
        .from(grants)
        .where(
          and(
            unreleasedGrant,
            isNotNull(grants.releaseAt),
            inArray(grants.releaseCondition, ['on_date', 'at_age']),
            lte(grants.releaseAt, sql`'infinity'::timestamptz`),
          ),
        );
      return [...new Set([...plans, ...dated].map((r) => r.userId))];
    },
  };
}

export type LegacyTriggerRepo = ReturnType<typeof createLegacyTriggerRepo>;

const LINK_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000; // as account-tokens.ts: a Legacy Plan mail may wait unread through a holiday
const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
type LegacyLinkPurpose = 'legacy_check_in' | 'legacy_veto';

/** The owner's one-click links (account_tokens rows, only their sha256 stored), owned here as decision 022 asks. */
export function createLegacyLinks(db: Db) {
  return {
    async issue(userId: number, purpose: LegacyLinkPurpose, email: string) {
      const token = randomBytes(32).toString('base64url');
      await db.insert(accountTokens).values({
        userId,
        purpose,
        email,
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
      });
      return token;
    },
    /** Marks the link used; the owner it was for, or undefined when unknown, used or expired. */
    async consume(tx: Tx, purpose: LegacyLinkPurpose, token: string) {
      const [row] = await tx
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(accountTokens.tokenHash, hashLinkToken(token)),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: accountTokens.userId });
      return row;
    },
    /** Once the owner has answered, the other links of this round stop working. */
    async revokeUnused(tx: Tx, userId: number) {
      await tx
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(accountTokens.userId, userId),
            inArray(accountTokens.purpose, ['legacy_check_in', 'legacy_veto']),
            isNull(accountTokens.usedAt),
          ),
        );
    },
  };
}
