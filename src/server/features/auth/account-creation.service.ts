// Making an account, the one way (decision 048): the register form (open, by invitation or closed) and the first
// account of a fresh instance (POST /api/setup) both come here. Accounts are made one at a time under a lock,
// so "is this the first account?" has one answer: the first account is the instance's administrator.
import type { FastifyBaseLogger } from 'fastify';
import type { RegisterInput, User } from '@shared/schemas/auth';
import { REGISTRATION_BY_INVITATION, REGISTRATION_CLOSED } from '@shared/schemas/auth';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { Tx } from '../../lib/durable-files';
import { conflict, forbidden } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { acceptInvitation } from '../admin/invitations.service';
import type { AccountMailService } from './account-mail.service';
import { createAuthRepo } from './auth.repo';
import { userText } from '@shared/i18n/text';

/** How an account is being made: by the register form, or as the first account of a fresh instance. */
export type AccountCreation = { kind: 'register'; invitation?: string } | { kind: 'owner' };

interface Deps {
  db: Db;
  log: FastifyBaseLogger;
  /** Sends a new account's verification link. */
  mail: AccountMailService;
  registration: Env['REGISTRATION'];
}

export function createAccountCreation({ db, log, mail, registration }: Deps) {
  const repo = createAuthRepo(db);

  /**
   * Whether this account may be made: the owner's only while there is no account; by the register form, the
   * first account when registration is open, later ones when it is open or with an invitation to the same
   * address (which is then used up). Says whether the account is the administrator and whether an invitation
   * proved its address.
   */
  async function admit(tx: Tx, input: RegisterInput, how: AccountCreation) {
    const first = !(await repo.anyUser(tx));
    if (how.kind === 'owner') {
      if (!first) throw conflict(userText('This heirloom already has its owner. Please log in.'), 'OWNER_EXISTS');
      return { administrator: true, invited: false };
    }
    if (registration === 'closed') throw forbidden(REGISTRATION_CLOSED);
    const invited = Boolean(how.invitation && (await acceptInvitation(tx, how.invitation, input.email.trim())));
    if (registration === 'invitation' && !invited) throw forbidden(REGISTRATION_BY_INVITATION);
    return { administrator: first, invited };
  }

  return {
    async create(input: RegisterInput, how: AccountCreation): Promise<User> {
      const password = await hashPassword(input.password);
      const { user, invited } = await db.transaction(async (tx) => {
        await repo.lockAccountCreation(tx);
        const { administrator, invited } = await admit(tx, input, how);
        const user = await repo.insertUser(tx, {
          firstName: input.firstName,
          surname: input.surname,
          email: input.email.trim(),
          dateOfBirth: input.dateOfBirth,
          mobileNumber: input.mobileNumber || null,
          password,
          gender: input.gender ?? null,
          cityOfBirth: input.cityOfBirth || null,
          address: input.address || null,
          isAdministrator: administrator,
          // the invitation's link reached this address: that proves it as a verification link would
          emailVerifiedAt: invited ? new Date() : null,
        });
        if (!user) throw conflict(userText('An account with this email already exists'), 'EMAIL_TAKEN');
        return { user, invited };
      });
      if (invited) return user;
      try {
        await mail.sendVerification(user, user.email);
      } catch (err) {
        // The account exists and works; Profile offers to send the link again.
        log.error({ err, userId: user.id }, 'Could not queue the verification mail of a new account');
      }
      return user;
    },
  };
}
export type AccountCreationService = ReturnType<typeof createAccountCreation>;
