// A fresh instance's first run and the way in by invitation (decision 048): whether the owner's account is still
// to be made, making it, and the address an invitation link was sent to (to fill the register form).
import type { InvitationPreview, RegisterInput, SetupStatus } from '@shared/schemas/auth';
import { INVITATION_INVALID } from '@shared/schemas/auth';
import { notFound } from '../../lib/errors';
import type { Db } from '../../db/client';
import type { AccountCreationService } from '../auth/account-creation.service';
import { findUsableInvitation } from '../admin/invitations.service';
import type { SetupRepo } from './setup.repo';

interface Deps {
  db: Db;
  repo: SetupRepo;
  accounts: AccountCreationService;
}

export function createSetupService({ db, repo, accounts }: Deps) {
  return {
    async status(): Promise<SetupStatus> {
      return { needsOwner: !(await repo.anyUser()) };
    },

    /** The administrator's account; 409 once any account exists. */
    createOwner: (input: RegisterInput) => accounts.create(input, { kind: 'owner' }),

    async invitation(token: string): Promise<InvitationPreview> {
      const found = await findUsableInvitation(db, token);
      if (!found) throw notFound(INVITATION_INVALID);
      return { email: found.email, expiresAt: found.expiresAt.toISOString() };
    },
  };
}
