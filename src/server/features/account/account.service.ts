// Account control: password, sign-in address, sessions and deletion. Every change that could lock the owner
// out asks for the password again, so a session left open on someone else's computer is not enough.
import type { FastifyBaseLogger } from 'fastify';
import type { EmailChangeInput, PasswordChangeInput } from '@shared/schemas/account';
import type { Db } from '../../db/client';
import { closeAndRemoveFolders, journalRemoval } from '../../lib/durable-files';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import { shippedLanguages } from '../../lib/i18n';
import { hashPassword } from '../../lib/password';
import { toUser } from '../../plugins/session.repo';
import type { SessionManager } from '../../plugins/session';
import type { AccountMailService } from '../auth/account-mail.service';
import type { PasswordCheck } from '../auth/auth.service';
import type { AccountRepo } from './account.repo';
import { userText } from '@shared/i18n/text';

interface Deps {
  db: Db;
  repo: AccountRepo;
  mail: AccountMailService;
  files: FileStore;
  sessions: SessionManager;
  log: FastifyBaseLogger;
  /** auth's check, throttled with sign-in (429 LoginThrottledError). */
  checkPassword: PasswordCheck;
}

export function createAccountService({ db, repo, mail, files, sessions, log, checkPassword }: Deps) {
  async function requirePassword(userId: number, password: string, clientAddress: string, message: string) {
    const row = await repo.findCredentials(userId);
    if (!row) throw notFound(userText('User not found'));
    if (!(await checkPassword(row, password, clientAddress))) throw badRequest(message, 'WRONG_PASSWORD');
    return row;
  }

  return {
    /** The language heirloom speaks to the account: its screens, and every mail and kit sent to it. */
    async setLanguage(userId: number, language: string | null) {
      if (language !== null && !shippedLanguages().includes(language)) {
        throw badRequest(userText('Please choose one of the languages offered'), 'UNKNOWN_LANGUAGE');
      }
      const row = await repo.setLanguage(userId, language);
      if (!row) throw notFound(userText('User not found'));
      sessions.forgetUser(userId);
      return toUser(row);
    },

    async changePassword(userId: number, keepTokenHash: string | undefined, input: PasswordChangeInput, clientAddress: string) {
      await requirePassword(userId, input.currentPassword, clientAddress, userText('Your current password is incorrect.'));
      await repo.updatePassword(userId, await hashPassword(input.newPassword));
      await sessions.revokeUser(userId, keepTokenHash); // every other device must sign in again
    },

    /**
     * The new address waits in pending_email until the link sent to it comes back (auth: POST /api/email/verify);
     * the account keeps signing in with the old one meanwhile, and the old one is told. Returns the new address.
     */
    async changeEmail(userId: number, input: EmailChangeInput, clientAddress: string) {
      const row = await requirePassword(userId, input.password, clientAddress, userText('The password is incorrect.'));
      const email = input.email.trim();
      if (email.toLowerCase() === row.email.toLowerCase()) throw badRequest(userText('This is already your e-mail address.'), 'SAME_EMAIL');
      // the same words as registration; the unique index still decides when the link comes back
      if (await repo.isEmailTaken(email, userId)) throw conflict(userText('An account with this email already exists'), 'EMAIL_TAKEN');
      await repo.setPendingEmail(userId, email);
      sessions.forgetUser(userId);
      await mail.sendVerification(row, email);
      await mail.sendEmailChangeNotice(row, email);
      return email;
    },

    /** Sends the link again: to the pending address if a change waits, else to an unverified current one. */
    async resendVerification(userId: number) {
      const row = await repo.findCredentials(userId);
      if (!row) throw notFound(userText('User not found'));
      const address = row.pendingEmail ?? (row.emailVerifiedAt ? null : row.email);
      if (!address) throw badRequest(userText('Your e-mail address is already verified.'), 'ALREADY_VERIFIED');
      await mail.sendVerification(row, address);
      return address;
    },

    async remove(userId: number, password: string, clientAddress: string) {
      await requirePassword(userId, password, clientAddress, userText('The password is incorrect.'));
      await this.removeNow(userId);
    },

    /**
     * The deletion itself, with no password: the account's own request above, or the timer its owner chose for
     * after their Legacy Plan's release (decision 078).
     */
    async removeNow(userId: number) {
      // The rows and every session go in one transaction that journals the user's folder, so a failure can
      // never leave an account without its files, nor a session without its account.
      const folder = `users/${userId}`;
      const deleted = await db.transaction(async (tx) => {
        const found = await repo.remove(tx, userId);
        if (found) await journalRemoval(tx, [folder]);
        return found;
      });
      if (!deleted) throw notFound(userText('User not found'));
      sessions.forgetUser(userId); // the cached copies of those sessions, in this process, at once
      try {
        // Waits for uploads already storing into the folder (they are refused now) and refuses new ones.
        await closeAndRemoveFolders(db, files, [folder]);
      } catch (err) {
        // The account is gone either way; the folder stays journalled and is removed at the next start.
        log.error({ err, userId }, 'Could not remove the files of a deleted account yet');
      }
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
