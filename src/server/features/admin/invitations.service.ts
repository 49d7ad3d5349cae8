// The tokens of invitation links (decision 048), like the account links of auth/account-tokens.ts: 256 random
// bits, base64url, only the sha256 stored. A token is used at most once: the UPDATE that marks it accepted is
// also the check, so of two registrations racing with one link only one wins.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema';
import type { Tx } from '../../lib/durable-files';

/** An invitation waits two weeks: long enough for a relative who reads mail on Sundays. */
export const INVITATION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const newInvitationToken = () => randomBytes(32).toString('base64url');

const usable = (token: string) =>
  and(eq(invitations.tokenHash, hashInvitationToken(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`));

/** The address an unused, unexpired invitation was sent to; undefined otherwise. */
export async function findUsableInvitation(db: Db, token: string) {
  const [row] = await db
    .select({ email: invitations.email, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(usable(token))
    .limit(1);
  return row;
}

/** Marks the invitation to `email` accepted; undefined if unknown, used, expired or sent to another address. */
export async function acceptInvitation(tx: Tx, token: string, email: string) {
  const [row] = await tx
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(usable(token), eq(sql`lower(${invitations.email})`, email.toLowerCase())))
    .returning({ id: invitations.id, email: invitations.email });
  return row;
}
