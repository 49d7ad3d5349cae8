// Outgoing mail end to end: a mail server that is down delays mail and loses none (the durable queue retries
// it), and without SMTP_URL every mail is an .eml file in DATA_DIR/outbox that a mail program can read.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIL_JOB } from '@server/lib/mail';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { freePort, linkToken, startSmtpServer, type TestSmtpServer } from '@tests/helpers/smtp';

const VERIFY_SUBJECT = 'Confirm your e-mail address for heirloom';

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('outgoing mail', () => {
  let t: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
    t = undefined;
    smtp = undefined;
  });

  it('delivers a mail queued while the mail server is down once it comes up, exactly once', async () => {
    const port = await freePort();
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const app = t;
    const user = await signUp(app.app);

    // the first try fails (nothing listens): the job waits for its retry instead of being lost
    await until('the mail job to wait for a retry', async () => {
      const { rows } = await app.pool.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = $1`, [MAIL_JOB]);
      return rows[0]?.state === 'retry' ? true : undefined;
    });

    smtp = await startSmtpServer(port);
    // the retry is due in 30 s: bring it forward (the wait is the queue's, not what this test proves)
    await app.pool.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'retry'`, [MAIL_JOB]);
    const mail = await smtp.waitForMail(user.email, { subject: VERIFY_SUBJECT, timeoutMs: 95_000 });
    expect(
      (await app.app.inject({ method: 'POST', url: '/api/email/verify', payload: { token: linkToken(mail, 'verify-email') } })).statusCode,
    ).toBe(200);

    const server = smtp;
    await until('the mail job to finish', async () => ((await app.app.jobs.pending(MAIL_JOB)) === 0 ? true : undefined));
    expect(server.mailTo(user.email)).toHaveLength(1);
  }, 120_000);

  it('writes each mail to DATA_DIR/outbox as an .eml file when no SMTP_URL is set', async () => {
    t = await buildTestApp();
    const app = t;
    const user = await signUp(app.app);
    const outbox = path.join(app.dataDir, 'outbox');

    const file = await until('the .eml file', () => {
      if (!fs.existsSync(outbox)) return undefined;
      return fs.readdirSync(outbox).find((name) => name.endsWith('.eml') && name.includes(user.email));
    });
    expect(fs.readdirSync(outbox).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(fs.statSync(path.join(outbox, file)).mode & 0o777).toBe(0o600);

    const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
    expect(mail.subject).toBe(VERIFY_SUBJECT);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(user.email);
    expect(mail.from?.text).toContain('heirloom');
    const text = mail.text ?? '';
    expect(text).toContain(`${app.env.PUBLIC_URL}/verify-email?token=`);
    const token = linkToken({ text }, 'verify-email');
    const verified = await app.app.inject({ method: 'POST', url: '/api/email/verify', payload: { token } });
    expect(verified.statusCode).toBe(200);

    // the finished job keeps who and what, never the link
    await until('the mail job to finish', async () => ((await app.app.jobs.pending(MAIL_JOB)) === 0 ? true : undefined));
    const { rows } = await app.pool.query<{ data: unknown }>(`SELECT data FROM pgboss.job WHERE name = $1`, [MAIL_JOB]);
    expect(rows).toEqual([{ data: { to: user.email, subject: VERIFY_SUBJECT } }]);
  });
});
