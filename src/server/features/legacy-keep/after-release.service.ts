// What becomes of the owner's account after their plan is released (issue 32 §4, decision 078): a memorial by
// default (nothing is deleted), or deletion N months after the release. With deletion, the heirs are told the
// day twice — when the release is seen here, and 30 days before — and the account goes only after the second
// notice has had its 30 days, through the account feature's own deletion.
import type { AfterRelease, AfterReleaseInput } from '@shared/schemas/legacy-keep';
import type { FastifyBaseLogger } from 'fastify';
import { translator } from '../../lib/i18n';
import type { JobQueue } from '../../lib/jobs';
import { queueMail } from '../../lib/mail';
import type { AccountService } from '../account/account.service';
import type { KeptReleaseService } from '../legacy/kept-release.service';
import type { LegacyTriggerService } from '../legacy-trigger/legacy-trigger.service';
import { deletionNoticeMail } from './after-release-mails';
import type { AfterReleaseRepo, AfterReleaseRow } from './after-release.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The reminder goes this long before the day, and the day is never sooner than this after a notice. */
const REMINDER_DAYS = 30;

const addMonths = (d: Date, months: number) => {
  const at = new Date(d);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at;
};
const later = (a: Date, b: Date) => (a > b ? a : b);

interface Deps {
  repo: AfterReleaseRepo;
  released: KeptReleaseService;
  trigger: Pick<LegacyTriggerService, 'status'>;
  account: Pick<AccountService, 'removeNow'>;
  jobs: JobQueue;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export function createAfterReleaseService({ repo, released, trigger, account, jobs, publicUrl, log, now = () => new Date() }: Deps) {
  const releaseUrl = `${publicUrl ?? ''}/legacy`;

  async function tellHeirs(userId: number, deleteAt: Date, reminder: boolean) {
    const { ownerName, heirs } = await released.heirsWithReleases(userId);
    for (const heir of heirs) {
      const intl = translator(await repo.heirLanguage(userId, heir.email));
      await queueMail(jobs, deletionNoticeMail(intl, heir, { ownerName, deleteAt, releaseUrl, reminder }));
    }
  }

  /** One owner's next step, if its time has come. */
  async function step(row: AfterReleaseRow, at: Date) {
    const status = await trigger.status(row.userId);
    if (status.state !== 'released' || !status.releasedAt) return;
    if (!row.firstNoticeAt || !row.deleteAt) {
      // a first notice seen late (the server was off) still leaves room for the reminder and its 30 days
      const deleteAt = later(
        addMonths(new Date(status.releasedAt), row.deleteAfterMonths ?? 0),
        new Date(at.getTime() + (REMINDER_DAYS + 1) * DAY_MS),
      );
      await tellHeirs(row.userId, deleteAt, false);
      await repo.firstNoticeSent(row.userId, at, deleteAt);
      return;
    }
    if (!row.secondNoticeAt) {
      if (at.getTime() < row.deleteAt.getTime() - REMINDER_DAYS * DAY_MS) return;
      const deleteAt = later(row.deleteAt, new Date(at.getTime() + REMINDER_DAYS * DAY_MS));
      await tellHeirs(row.userId, deleteAt, true);
      await repo.secondNoticeSent(row.userId, at, deleteAt);
      return;
    }
    if (at >= row.deleteAt) {
      log.info({ userId: row.userId }, 'Deleting an account after its Legacy Plan was released, as its owner chose');
      await account.removeNow(row.userId);
    }
  }

  return {
    async get(userId: number): Promise<AfterRelease> {
      const row = await repo.find(userId);
      if (!row || row.choice === 'memorial') return { choice: 'memorial', deleteAfterMonths: null, deleteAt: null };
      return { choice: 'delete', deleteAfterMonths: row.deleteAfterMonths, deleteAt: row.deleteAt?.toISOString() ?? null };
    },

    async put(userId: number, input: AfterReleaseInput): Promise<AfterRelease> {
      await repo.put(userId, input.choice, input.choice === 'delete' ? input.deleteAfterMonths : null);
      return this.get(userId);
    },

    /** The timer (hourly; a test passes its own time): every owner who chose deletion, one step each; one owner's failure does not stop the others. */
    async runDue(at = now()) {
      for (const row of await repo.deletions()) {
        try {
          await step(row, at);
        } catch (err) {
          log.error({ err, userId: row.userId }, 'Could not take the next step after a release');
        }
      }
    },
  };
}
export type AfterReleaseService = ReturnType<typeof createAfterReleaseService>;
