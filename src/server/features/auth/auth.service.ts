import type { FastifyBaseLogger } from 'fastify';
import type { LoginInput, RegisterInput, ResetPasswordInput } from '@shared/schemas/auth';
import { ACCOUNT_DISABLED, RESET_LINK_INVALID, VERIFY_LINK_INVALID } from '@shared/schemas/auth';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import type { SessionManager } from '../../plugins/session';
import { toUser } from '../../plugins/session.repo';
import type { AccountMailService } from './account-mail.service';
import { createAccountTokens } from './account-tokens';
import type { AuthRepo } from './auth.repo';
import type { LoginThrottle } from './login-throttle';
import { definePasswordResetJob } from './password-reset-job';
import { relinkContactsOf } from '../contacts/contacts.service';
import type { AccountCreationService } from './account-creation.service';
import { recordSignIn } from '../legacy-trigger/legacy-trigger.service';
import { userText } from '@shared/i18n/text';

const INVALID_CREDENTIALS = userText('Invalid email or password');
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

interface Deps {
  db: Db;
  repo: AuthRepo;
  jobs: JobQueue;
  sessions: SessionManager;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Reset and verification links. */
  mail: AccountMailService;
  /** The one way an account is made (decision 048). */
  accounts: AccountCreationService;
  /** The app's one throttle (app.loginThrottle), shared with every route that checks a password. */
  throttle: LoginThrottle;
}

export function createAuthService({ db, repo, jobs, sessions, log, publicUrl, mail, accounts, throttle }: Deps) {
  const tokens = createAccountTokens(db);
  const passwordReset = definePasswordResetJob(jobs, { repo, mail });

  return {
    /** POST /api/register: open, by invitation or closed (decision 048); the first account is the administrator. */
    async register(input: RegisterInput) {
      return accounts.create(input, { kind: 'register', invitation: input.invitation });
    },

    /**
     * Unknown email and wrong password answer identically, in about the same time, and are throttled alike
     * (login-throttle.ts): the throttle is keyed by the address typed, whether an account has it or not.
     */
    async login(input: LoginInput, clientAddress: string) {
      const attempt = await throttle.begin(input.email, clientAddress);
      let row;
      let ok;
      try {
        row = await repo.findCredentials(input.email);
        ok = await verifyPassword(row?.password ?? (await dummyPasswordHash()), input.password);
      } catch (err) {
        await attempt.abandon();
        throw err;
      }
      if (!row || !ok) throw unauthorized(INVALID_CREDENTIALS);
      await attempt.succeeded();
      // said only to someone who knows the password: a stranger cannot learn that an account was disabled
      if (row.disabledAt) throw forbidden(ACCOUNT_DISABLED);
      try {
        await recordSignIn({ db, jobs, publicUrl }, row.id); // any sign-in is a Legacy Plan check-in (decision 026)
      } catch (err) {
        log.error({ err, userId: row.id }, 'Could not record a sign-in as a Legacy Plan check-in');
      }
      return toUser(row);
    },

    /** Queues the lookup and the mail; the caller answers the same whatever the address (password-reset-job.ts). */
    async requestPasswordReset(email: string) {
      await passwordReset.request(email);
    },

    /** Sets the new password once per link and signs the account out everywhere. */
    async resetPassword(input: ResetPasswordInput) {
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction(async (tx) => {
        const link = await tokens.consume(tx, 'password_reset', input.token);
        const row = link && (await repo.lockUser(tx, link.userId));
        // A link sent to an address the account no longer uses proves nothing about the account.
        if (!link || !row || !sameAddress(row.email, link.email)) throw badRequest(RESET_LINK_INVALID, 'LINK_INVALID');
        await repo.resetPassword(tx, row.id, passwordHash);
        await tokens.revokeUnused(tx, row.id, 'password_reset');
        return row.id;
      });
      await sessions.revokeUser(userId);
      await relinkContactsOf(db, userId, []); // the reset proved the address
    },

    /** The link proves the current address, or makes the pending one the account's address. */
    async verifyEmail(token: string) {
      const verified = await db.transaction(async (tx) => {
        const link = await tokens.consume(tx, 'email_verification', token);
        const row = link && (await repo.lockUser(tx, link.userId));
        if (!link || !row) throw badRequest(VERIFY_LINK_INVALID, 'LINK_INVALID');
        if (sameAddress(row.email, link.email)) await repo.markEmailVerified(tx, row.id);
        else if (row.pendingEmail && sameAddress(row.pendingEmail, link.email)) {
          const adopted = await repo.adoptPendingEmail(tx, row.id, row.pendingEmail);
          if (!adopted) throw conflict(userText('An account with this email already exists'), 'EMAIL_TAKEN');
        } else throw badRequest(VERIFY_LINK_INVALID, 'LINK_INVALID'); // an address the account has moved on from
        return { userId: row.id, emails: [row.email, link.email] };
      });
      sessions.forgetUser(verified.userId); // GET /api/user shows the change at once
      await relinkContactsOf(db, verified.userId, verified.emails); // contacts link to proven addresses only
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/**
 * For the signed-in routes that ask for the password again (password and address change, account deletion):
 * the limits of signing in, on the same account, so a stolen session cannot guess faster than a stranger.
 * Throws LoginThrottledError (429, with its Retry-After).
 */
export function createPasswordCheck(throttle: LoginThrottle) {
  return async (account: { email: string; password: string }, password: string, clientAddress: string) => {
    const attempt = await throttle.begin(account.email, clientAddress);
    let ok;
    try {
      ok = await verifyPassword(account.password, password);
    } catch (err) {
      await attempt.abandon();
      throw err;
    }
    if (ok) await attempt.succeeded();
    return ok;
  };
}
export type PasswordCheck = ReturnType<typeof createPasswordCheck>;
