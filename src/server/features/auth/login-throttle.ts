// Password guessing is slowed without handing an attacker a way to lock the owner out (decision 024):
// - per (account, address): after `perAddress` failures that address may not try that account again until
//   the window has passed since its last failure;
// - per account, from anywhere: the first `freeFailures` failures cost nothing, then every further try must
//   wait a delay that doubles from the last counted failure (1 s, 2 s, 4 s … capped at 30 s), answered at
//   once with 429 and Retry-After rather than by holding a connection open;
// - an address that signed in to the account successfully is spared that delay (not its own limit), so an
//   attacker who snipes each free slot still cannot keep the owner out at home.
// An attempt is counted as a failure the moment it is let through, before the password is checked, so
// concurrent guesses cannot all slip past a limit; a success takes its count back. State is in memory:
// heirloom runs as one process.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

export interface LoginThrottleOptions {
  now?: () => number;
  perAddress?: number;
  freeFailures?: number;
  windowMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** How long a successful sign-in vouches for its address. */
  trustMs?: number;
  /** Entries kept per table; the oldest goes first, so memory stays bounded whatever is sprayed at us. */
  maxTracked?: number;
}

/** 429 with how long to wait; the routes turn retryAfterSeconds into a Retry-After header (retryAfterHeader). */
export class LoginThrottledError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, 'RATE_LIMITED');
  }
}

export interface LoginAttempt {
  /** The password was right: the attempt was no failure, and this address is vouched for. */
  succeeded(): void;
  /** The check could not be made (database down): the attempt counts for nothing. */
  abandon(): void;
}

interface Failures {
  count: number;
  lastAt: number;
}

export function createLoginThrottle({
  now = () => Date.now(),
  perAddress = 10,
  freeFailures = 10,
  windowMs = 15 * 60 * 1000,
  firstDelayMs = 1000,
  maxDelayMs = 30_000,
  trustMs = 30 * 24 * 60 * 60 * 1000,
  maxTracked = 50_000,
}: LoginThrottleOptions = {}) {
  const byPair = new Map<string, Failures>();
  const byAccount = new Map<string, Failures>();
  const trusted = new Map<string, number>();

  /** Map insertion order is age order: touching an entry moves it to the end, a full map drops the oldest. */
  function put<V>(map: Map<string, V>, key: string, value: V) {
    map.delete(key);
    if (map.size >= maxTracked) map.delete(map.keys().next().value!);
    map.set(key, value);
  }

  function current(map: Map<string, Failures>, key: string, at: number) {
    const entry = map.get(key);
    if (entry && at - entry.lastAt >= windowMs) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  const delayAfter = (count: number) => (count < freeFailures ? 0 : Math.min(firstDelayMs * 2 ** (count - freeFailures), maxDelayMs));
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  function isTrusted(pair: string, at: number) {
    const since = trusted.get(pair);
    if (since === undefined) return false;
    if (at - since < trustMs) return true;
    trusted.delete(pair);
    return false;
  }

  return {
    /**
     * Let one password check through, counted as a failure until `succeeded()`, or throw LoginThrottledError.
     * Synchronous on purpose: deciding and counting happen in one step.
     */
    begin(accountEmail: string, address: string): LoginAttempt {
      const at = now();
      const account = accountEmail.trim().toLowerCase();
      const pair = `${account}\n${address}`;

      const fromHere = current(byPair, pair, at);
      if (fromHere && fromHere.count >= perAddress) {
        const waitMs = fromHere.lastAt + windowMs - at;
        throw new LoginThrottledError(
          `Too many failed attempts for this account from your network. Please wait ${Math.ceil(waitMs / 60_000)} minutes and try again.`,
          seconds(waitMs),
        );
      }
      const overall = current(byAccount, account, at);
      if (overall && !isTrusted(pair, at)) {
        const waitMs = overall.lastAt + delayAfter(overall.count) - at;
        if (waitMs > 0) {
          throw new LoginThrottledError(
            `Too many failed attempts for this account. Please wait ${seconds(waitMs)} seconds and try again.`,
            seconds(waitMs),
          );
        }
      }

      const pairEntry = { count: (fromHere?.count ?? 0) + 1, lastAt: at };
      const accountEntry = { count: (overall?.count ?? 0) + 1, lastAt: at };
      put(byPair, pair, pairEntry);
      put(byAccount, account, accountEntry);
      let open = true;
      const takeBack = () => {
        if (!open) return;
        open = false;
        if (byPair.get(pair) === pairEntry) pairEntry.count--;
        if (byAccount.get(account) === accountEntry) accountEntry.count--;
      };
      return {
        succeeded() {
          takeBack();
          byPair.delete(pair); // the owner, here: earlier typos from this address are forgiven
          put(trusted, pair, now());
        },
        abandon: takeBack,
      };
    },

    /** Failures counted against an account (window permitting): what the limits are deciding on. */
    failuresOf(accountEmail: string) {
      return current(byAccount, accountEmail.trim().toLowerCase(), now())?.count ?? 0;
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** onError hook for the password routes: a throttled answer says when to come back. */
export async function retryAfterHeader(_req: FastifyRequest, reply: FastifyReply, err: Error) {
  if (err instanceof LoginThrottledError) reply.header('Retry-After', String(err.retryAfterSeconds));
}
