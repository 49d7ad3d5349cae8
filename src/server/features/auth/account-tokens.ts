// The one-time tokens in links heirloom e-mails (password reset, e-mail verification), in one place. A token
// is 256 random bits (base64url, 43 characters); only its sha256 is stored, so a copy of the database holds
// no usable link. A token is bound to the address it was sent to, expires, and is used at most once: the
// UPDATE that marks it used is also the check, so of two requests racing with one link only one wins.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountTokens } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
  // A Legacy Plan mail may wait unread through a holiday: its one-click links last the whole check-in round.
  legacy_check_in: 60 * 24 * 60 * 60 * 1000,
  legacy_veto: 60 * 24 * 60 * 60 * 1000,
};

const hashAccountToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createAccountTokens(db: Db) {
  return {
    /** A new token for `email` (the address the link goes to); older unused ones stay valid until they expire. */
    async issue(userId: number, purpose: AccountTokenPurpose, email: string) {
      const token = randomBytes(32).toString('base64url');
      await db.insert(accountTokens).values({
        userId,
        purpose,
        email,
        tokenHash: hashAccountToken(token),
        expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
      });
      return token;
    },

    /** Marks the token used and returns whom and which address it was for; undefined if unknown, used or expired. */
    async consume(tx: Tx, purpose: AccountTokenPurpose, token: string) {
      const [row] = await tx
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(accountTokens.tokenHash, hashAccountToken(token)),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: accountTokens.userId, email: accountTokens.email });
      return row;
    },

    /** Every other link of this kind the user still holds stops working (after a successful password reset). */
    async revokeUnused(tx: Tx, userId: number, purpose: AccountTokenPurpose) {
      await tx
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    },
  };
}
export type AccountTokens = ReturnType<typeof createAccountTokens>;
