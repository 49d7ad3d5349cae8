// Outgoing mail, always through the job queue: a mail server that is down delays mail and loses none.
// With SMTP_URL, nodemailer sends it; without, each message is written to DATA_DIR/outbox as an .eml file
// (any mail program opens it) and logged in one line, so a home install without a mail server still works.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Env } from '../env';
import type { JobQueue } from './jobs';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: every mail heirloom sends reads well without HTML. */
  text: string;
  /** An HTML alternative, for a mail that reads better with some layout (the same words as `text`). */
  html?: string;
  /** The language the mail is written in (src/server/lib/mail-language.ts), sent as its Content-Language. */
  language?: string;
  /**
   * A job queued when the recipient's mail server refuses the address for good (a 5xx to RCPT TO): such a mail
   * is not retried, and the job (with its data) marks the address as bouncing.
   */
  onRejected?: { job: string; data: Record<string, unknown> };
}

/** The recipient's server said no for good: the address does not exist (or takes no mail). */
const isPermanentRejection = (err: unknown) => {
  const e = err as { code?: string; responseCode?: number };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
};

export const MAIL_JOB = 'mail.send';

export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, log: FastifyBaseLogger) {
  const outbox = path.join(env.DATA_DIR, 'outbox');
  const transport = env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async deliver(message: MailMessage) {
      const info = await transport.sendMail({
        from: env.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.language ? { 'Content-Language': message.language } : undefined,
      });
      if (env.SMTP_URL) return;
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^\w.@+-]/g, '_')}.eml`;
      const file = path.join(outbox, name);
      // written under a temporary name and renamed: a reader never sees half a message
      await fs.writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await fs.rename(`${file}.tmp`, file);
      log.info(`Mail to ${message.to} ("${message.subject}") written to ${file} (no SMTP_URL set)`);
    },
    close: () => transport.close(),
  };
}

export type Mailer = ReturnType<typeof createMailer>;

/** The one job that sends mail: retried for about a day (backoff) before it is given up and logged. */
export function defineMailJob(jobs: JobQueue, mailer: Mailer, log: FastifyBaseLogger) {
  jobs.define<MailMessage>({
    name: MAIL_JOB,
    retryLimit: 12,
    retryDelaySeconds: 30,
    expireInSeconds: 15 * 60, // nodemailer's own timeouts end a stuck connection well before this
    concurrency: 2,
    async handler(message, job) {
      if (message.text === undefined) return; // sent just before a crash: only its text was removed
      try {
        await mailer.deliver(message);
      } catch (err) {
        if (message.onRejected && isPermanentRejection(err)) {
          log.warn({ to: message.to }, 'The recipient’s mail server refused the address; not retried');
          await jobs.send(message.onRejected.job, message.onRejected.data);
          await jobs.replaceData(job.id, { to: message.to, subject: message.subject });
          return;
        }
        if (job.isLastTry) log.error({ err, to: message.to }, 'Mail could not be delivered; giving up');
        else log.warn({ err, to: message.to, retry: job.retryCount + 1 }, 'Mail delivery failed; it will be retried');
        throw err;
      }
      // The text may carry a one-time link (only its hash is stored elsewhere): the finished job keeps who and what.
      await jobs.replaceData(job.id, { to: message.to, subject: message.subject });
    },
  });
}

// Every mail is its own job (no `oneQueuedPerKey`): a verification link and a notice to the old address
// queued together are two mails.
export const queueMail = (jobs: JobQueue, message: MailMessage) => jobs.send(MAIL_JOB, message);
