// The monthly check of an owner's sealed copies (decision 074): each copy in the bucket read back (inspectCopy); a
// problem is kept on the copy, which the run queued at once writes again, and mailed to the owner once.
import type { IntlShape } from 'react-intl';
import { defineMessages } from '../../lib/define-messages';
import { translator } from '../../lib/i18n';
import type { JobQueue } from '../../lib/jobs';
import { queueMail } from '../../lib/mail';
import { bucketFailure } from './escrow-bucket';
import { inspectCopy } from './escrow-inspect';
import { copiesWrongMail } from './escrow-mails';
import type { OwnerBucket } from './escrow-owner-bucket';
import type { EscrowHeirs } from './escrow-run';
import type { EscrowStatusRepo } from './escrow-status.repo';
import type { EscrowRepo } from './escrow.repo';

const messages = defineMessages({
  unreadable: { id: 'escrow.check.unreadable', defaultMessage: 'The bucket could not be read: {reason}.' },
});

interface Deps {
  repo: EscrowRepo;
  status: EscrowStatusRepo;
  heirs: Pick<EscrowHeirs, 'listHeirs'>;
  jobs: JobQueue;
  publicUrl: string;
  bucketOf: (userId: number, intl: IntlShape) => Promise<OwnerBucket>;
  queueRun: (userId: number) => Promise<void>;
  now: () => Date;
}

export function createEscrowCheck({ repo, status, heirs, jobs, publicUrl, bucketOf, queueRun, now }: Deps) {
  return async function check(userId: number) {
    const at = now();
    // the problems are kept and mailed in the owner's words
    const owner = await status.owner(userId);
    const intl = translator(owner?.language);
    const opened = await bucketOf(userId, intl);
    if (typeof opened === 'string') {
      await status.recordCheck(userId, at, opened);
      return;
    }
    const { bucket, name } = opened;
    const problems: Array<{ heirName: string; problem: string }> = [];
    try {
      const [heirList, key, stored] = await Promise.all([heirs.listHeirs(userId), repo.releaseKey(userId), status.bundles(userId)]);
      for (const b of stored) {
        const heir = heirList.find((h) => h.id === b.heirId);
        if (!heir) continue; // removed at the next run
        let problem: string | null;
        try {
          problem = await inspectCopy(
            bucket,
            { ...b, heirPublicKey: heir.publicKey ?? b.heirPublicKey, releasePublicKey: key?.publicKey ?? b.releasePublicKey },
            intl,
          );
        } catch (err) {
          problem = intl.formatMessage(messages.unreadable, { reason: bucketFailure(err, name, intl) });
        }
        await status.recordBundleCheck(userId, b.heirId, b.sha256, at, problem);
        if (problem && problem !== b.checkError) problems.push({ heirName: heir.name, problem });
      }
    } finally {
      bucket.close();
    }
    await status.recordCheck(userId, at, null);
    if (owner && problems.length > 0) await queueMail(jobs, copiesWrongMail(owner, problems, `${publicUrl}/after-life`, intl));
    // a copy found wrong is written again without waiting for the night
    if (problems.length > 0) await queueRun(userId);
  };
}
