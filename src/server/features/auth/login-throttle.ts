// Password guessing is slowed without handing an attacker a way to lock the owner out (decision 024):
// - per (account, address): after `perAddress` failures that address may not try that account again until
//   the window has passed since its last failure;
// - per account, from anywhere: the first `freeFailures` failures cost nothing, then every further try must
//   wait a delay that doubles from the last counted failure (1 s, 2 s, 4 s … capped at 30 s), answered at
//   once with 429 and Retry-After rather than by holding a connection open;
// - an address that signed in to the account successfully is spared that delay (not its own limit), so an
//   attacker who snipes each free slot still cannot keep the owner out at home.
// An attempt is counted as a failure the moment it is let through, before the password is checked, so
// concurrent guesses cannot all slip past a limit; a success takes its count back. The counts are rows of
// sign_in_failures in PostgreSQL, so every app instance applies the same limits (decision 043): deciding and
// counting are one short transaction that locks the account's row, so guesses sent together to several
// instances are counted one after another.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema';
import { defineMessages } from '../../lib/define-messages';
import { AppError } from '../../lib/errors';
import { sentence, type Sentence } from '../../lib/i18n';

export interface LoginThrottleOptions {
  db: Db;
  now?: () => number;
  perAddress?: number;
  freeFailures?: number;
  windowMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** How long a successful sign-in vouches for its address. */
  trustMs?: number;
  /** How often (at most) an attempt also removes rows that no longer matter, so the table stays small. */
  purgeEveryMs?: number;
}

/** 429 with how long to wait, which the error handler sends as Retry-After. */
export class LoginThrottledError extends AppError {
  declare readonly retryAfterSeconds: number;

  constructor(message: Sentence, retryAfterSeconds: number) {
    super(429, message, 'RATE_LIMITED', { retryAfterSeconds });
  }
}

export interface LoginAttempt {
  /** The password was right: the attempt was no failure, and this address is vouched for. */
  succeeded(): Promise<void>;
  /** The check could not be made (database down): the attempt counts for nothing. */
  abandon(): Promise<void>;
}

/** The row of the account as a whole; every other row is one (account, address) pair. */
const ACCOUNT_WIDE = '';

const messages = defineMessages({
  fromYourNetwork: {
    id: 'errors.login.fromYourNetwork',
    defaultMessage:
      'Too many failed attempts for this account from your network. Please wait {minutes, plural, other {# minutes}} and try again.',
  },
  forThisAccount: {
    id: 'errors.login.forThisAccount',
    defaultMessage: 'Too many failed attempts for this account. Please wait {seconds, plural, other {# seconds}} and try again.',
  },
});

type Row = typeof signInFailures.$inferSelect;

export function createLoginThrottle({
  db,
  now = () => Date.now(),
  perAddress = 10,
  freeFailures = 10,
  windowMs = 15 * 60 * 1000,
  firstDelayMs = 1000,
  maxDelayMs = 30_000,
  trustMs = 30 * 24 * 60 * 60 * 1000,
  purgeEveryMs = 10 * 60 * 1000,
}: LoginThrottleOptions) {
  let lastPurge = now();

  /** Failures still counting at `at` (none once the window has passed since the last one). */
  const counted = (row: Row | undefined, at: number) =>
    row?.lastFailureAt && at - row.lastFailureAt.getTime() < windowMs
      ? { count: row.failures, lastAt: row.lastFailureAt.getTime() }
      : undefined;

  const delayAfter = (count: number) => (count < freeFailures ? 0 : Math.min(firstDelayMs * 2 ** (count - freeFailures), maxDelayMs));
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  const isTrusted = (row: Row | undefined, at: number) => row?.trustedAt != null && at - row.trustedAt.getTime() < trustMs;

  /** One more failure on a row (a new count if the old one had run out), as of `at`; returns when this count began. */
  async function countFailure(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    account: string,
    address: string,
    row: Row | undefined,
    at: Date,
  ) {
    const ongoing = counted(row, at.getTime());
    const countingSince = ongoing && row?.countingSince ? row.countingSince : at;
    const failures = (ongoing?.count ?? 0) + 1;
    await tx
      .insert(signInFailures)
      .values({ account, address, failures, countingSince, lastFailureAt: at })
      .onConflictDoUpdate({
        target: [signInFailures.account, signInFailures.address],
        set: { failures, countingSince, lastFailureAt: at },
      });
    return countingSince;
  }

  /** Take one attempt back from a row, only from the count it was part of. */
  async function takeBack(account: string, address: string, countingSince: Date) {
    await db
      .update(signInFailures)
      .set({ failures: sql`greatest(${signInFailures.failures} - 1, 0)` })
      .where(
        and(eq(signInFailures.account, account), eq(signInFailures.address, address), eq(signInFailures.countingSince, countingSince)),
      );
  }

  /** Rows whose failures have run out and whose trust has lapsed say nothing any more. */
  async function purge(at: number) {
    const windowStart = new Date(at - windowMs);
    await db
      .delete(signInFailures)
      .where(
        and(
          or(isNull(signInFailures.lastFailureAt), lte(signInFailures.lastFailureAt, windowStart)),
          or(isNull(signInFailures.trustedAt), lte(signInFailures.trustedAt, new Date(at - trustMs))),
        ),
      );
  }

  return {
    /**
     * Let one password check through, counted as a failure until `succeeded()`, or throw LoginThrottledError.
     * Deciding and counting happen in one transaction, with the account's row locked.
     */
    async begin(accountEmail: string, address: string): Promise<LoginAttempt> {
      const at = now();
      const account = accountEmail.trim().toLowerCase();
      address ||= 'unknown'; // '' names the account-wide row
      if (at - lastPurge >= purgeEveryMs) {
        lastPurge = at;
        await purge(at);
      }

      const counts = await db.transaction(async (tx) => {
        // Lock the account's row (made on its first attempt): attempts on one account, on any instance, take
        // turns from here. The pair's row is read after the lock, so it includes the previous turn's count.
        const [accountRow] = await tx
          .insert(signInFailures)
          .values({ account, address: ACCOUNT_WIDE })
          .onConflictDoUpdate({
            target: [signInFailures.account, signInFailures.address],
            set: { failures: sql`${signInFailures.failures}` },
          })
          .returning();
        const [pairRow] = await tx
          .select()
          .from(signInFailures)
          .where(and(eq(signInFailures.account, account), eq(signInFailures.address, address)));

        const fromHere = counted(pairRow, at);
        if (fromHere && fromHere.count >= perAddress) {
          const waitMs = fromHere.lastAt + windowMs - at;
          throw new LoginThrottledError(sentence(messages.fromYourNetwork, { minutes: Math.ceil(waitMs / 60_000) }), seconds(waitMs));
        }
        const overall = counted(accountRow, at);
        if (overall && !isTrusted(pairRow, at)) {
          const waitMs = overall.lastAt + delayAfter(overall.count) - at;
          if (waitMs > 0) {
            throw new LoginThrottledError(sentence(messages.forThisAccount, { seconds: seconds(waitMs) }), seconds(waitMs));
          }
        }
        const when = new Date(at);
        return {
          pair: await countFailure(tx, account, address, pairRow, when),
          account: await countFailure(tx, account, ACCOUNT_WIDE, accountRow, when),
        };
      });

      let open = true;
      const giveBack = async () => {
        if (!open) return;
        open = false;
        await takeBack(account, address, counts.pair);
        await takeBack(account, ACCOUNT_WIDE, counts.account);
      };
      return {
        async succeeded() {
          await giveBack();
          // the owner, here: earlier typos from this address are forgiven, and the address is vouched for
          await db
            .update(signInFailures)
            .set({ failures: 0, lastFailureAt: null, countingSince: null, trustedAt: new Date(now()) })
            .where(and(eq(signInFailures.account, account), eq(signInFailures.address, address)));
        },
        // the database may be what failed: an attempt not taken back only makes the next wait longer
        abandon: () => giveBack().catch(() => {}),
      };
    },

    /** Failures counted against an account (window permitting): what the limits are deciding on. */
    async failuresOf(accountEmail: string) {
      const [row] = await db
        .select()
        .from(signInFailures)
        .where(and(eq(signInFailures.account, accountEmail.trim().toLowerCase()), eq(signInFailures.address, ACCOUNT_WIDE)));
      return counted(row, now())?.count ?? 0;
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
