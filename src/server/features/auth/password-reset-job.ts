// "Forgot password" only queues this job and answers: the request does the same work (one job row) whether
// or not the address has an account, so neither the answer nor its timing tells them apart. The job looks the
// address up and, for an account, issues the link and queues the mail.
import type { JobQueue } from '../../lib/jobs';
import type { AccountMailService } from './account-mail.service';
import type { AuthRepo } from './auth.repo';

export const PASSWORD_RESET_JOB = 'auth.password-reset';

export function definePasswordResetJob(jobs: JobQueue, { repo, mail }: { repo: AuthRepo; mail: AccountMailService }) {
  jobs.define<{ email: string }>({
    name: PASSWORD_RESET_JOB,
    oneQueuedPerKey: true,
    retryLimit: 5,
    retryDelaySeconds: 10,
    expireInSeconds: 60,
    async handler({ email }) {
      const row = await repo.findCredentials(email);
      if (row) await mail.sendPasswordReset(row);
    },
  });

  return {
    /** Requests for one address while its job still waits are one job (pg-boss singleton key). */
    request: (email: string) => jobs.send(PASSWORD_RESET_JOB, { email }, { singletonKey: email.toLowerCase() }),
  };
}
