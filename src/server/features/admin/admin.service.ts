// Settings → Members (decision 048): the administrator invites people by e-mail, sees who asked to join and
// every account with what it stores, and disables an account: its sessions end everywhere at once (the same
// revocation as "sign out everywhere"), it cannot sign in, and its data, links and Legacy Plan stay.
import type { InstanceSettings, Invitation, Member, WaitlistEntry } from '@shared/schemas/admin';
import type { User } from '@shared/schemas/auth';
import { MB } from '@shared/limits';
import type { Env } from '../../env';
import { conflict, notFound } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import { translator } from '../../lib/i18n';
import { queueMail } from '../../lib/mail';
import { addressLanguage } from '../../lib/mail-language';
import type { SessionManager } from '../../plugins/session';
import type { AdminRepo } from './admin.repo';
import { invitationMail } from './invitation-mail';
import { hashInvitationToken, INVITATION_LIFETIME_MS, newInvitationToken } from './invitations.service';

interface Deps {
  repo: AdminRepo;
  jobs: JobQueue;
  sessions: SessionManager;
  env: Pick<Env, 'PUBLIC_URL' | 'publicUrlConfigured' | 'REGISTRATION' | 'STORAGE_QUOTA_MB'>;
}

type MemberRow = Awaited<ReturnType<AdminRepo['listMembers']>>[number];
type InvitationRow = Awaited<ReturnType<AdminRepo['listInvitations']>>[number];

const toMember = (row: MemberRow): Member => ({
  id: row.id,
  firstName: row.firstName,
  surname: row.surname,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  isAdministrator: row.isAdministrator,
  disabled: row.disabledAt !== null,
  usedBytes: Number(row.usedBytes),
});

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

export function createAdminService({ repo, jobs, sessions, env }: Deps) {
  return {
    instance(): InstanceSettings {
      return {
        registration: env.REGISTRATION,
        publicUrl: env.PUBLIC_URL,
        publicUrlConfigured: env.publicUrlConfigured,
        quotaBytes: env.STORAGE_QUOTA_MB * MB,
      };
    },

    async members(): Promise<Member[]> {
      return (await repo.listMembers()).map(toMember);
    },

    async setDisabled(admin: User, memberId: number, disabled: boolean): Promise<Member> {
      if (memberId === admin.id && disabled) throw conflict('You cannot disable your own account.', 'OWN_ACCOUNT');
      const row = await repo.setDisabled(memberId, disabled);
      if (!row) throw notFound('Member not found');
      if (disabled) await sessions.revokeUser(memberId);
      return toMember(row);
    },

    async invitations(admin: User): Promise<Invitation[]> {
      return (await repo.listInvitations(admin.id)).map(toInvitation);
    },

    /** Mails a link to /register?invitation=…; a second invitation to one address replaces the first. */
    async invite(admin: User, rawEmail: string): Promise<Invitation> {
      const email = rawEmail.trim();
      if (env.REGISTRATION === 'closed') {
        throw conflict(
          'Registration is closed on this heirloom (REGISTRATION=closed): nobody can accept an invitation.',
          'REGISTRATION_CLOSED',
        );
      }
      if (await repo.emailHasAccount(email)) throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
      const token = newInvitationToken();
      const row = await repo.replaceInvitation({
        email,
        tokenHash: hashInvitationToken(token),
        invitedBy: admin.id,
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
      });
      const name = `${admin.firstName} ${admin.surname}`.trim();
      // The invitee has no account yet, so no language of their own: they read the one the administrator chose
      // for them as a contact at that address, else the administrator's, as a person invited by a relative
      // most likely shares the relative's language.
      const intl = translator(await addressLanguage(repo.db, admin.id, email));
      await queueMail(jobs, invitationMail(intl, email, name, `${env.PUBLIC_URL}/register?invitation=${token}`));
      return toInvitation(row);
    },

    async withdraw(admin: User, id: number) {
      if (!(await repo.removeInvitation(admin.id, id))) throw notFound('Invitation not found');
    },

    async waitlist(): Promise<WaitlistEntry[]> {
      const rows = await repo.listWaitlist();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        createdAt: row.createdAt.toISOString(),
        status: row.member ? 'member' : row.invited ? 'invited' : 'waiting',
      }));
    },
  };
}
