// A real SMTP server on 127.0.0.1 for integration tests: what heirloom sends crosses a socket through
// nodemailer and is read back with mailparser, exactly as a mail server would see it.
import net, { type AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, type TestApp } from './server';

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** The HTML part, if the mail has one. */
  html?: string;
  /** The Content-Language header, if the mail names its language. */
  contentLanguage?: string;
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A port nobody listens on right now (to start a server on it later, or to point at a server that is down). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The domain whose every address the test server refuses (550), as an unknown mailbox is refused. */
export const NO_SUCH_MAILBOX = 'no-such-mailbox.test';

/** Starts a server accepting any sender, recipient (but those at NO_SUCH_MAILBOX) and login (port 0 = any free port). */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'], // plain SMTP on loopback: no certificate to trust
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    // an address at no-such-mailbox.test is refused for good, as a mail server refuses an unknown mailbox
    onRcptTo(address, _session, callback) {
      if (!address.address.toLowerCase().endsWith(`@${NO_SUCH_MAILBOX}`)) return callback();
      callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : undefined,
            contentLanguage: (mail.headers.get('content-language') as string | undefined) ?? undefined,
          });
          for (const notify of listeners) notify();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  /** Mails to the address, optionally only those whose subject matches. */
  const mailTo = (address: string, subject?: string | RegExp) =>
    received.filter(
      (m) =>
        m.to.includes(address.toLowerCase()) &&
        (subject === undefined || (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject))),
    );

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    mailTo,
    /** Resolves with the `count`-th mail to the address (with that subject), waiting for it to arrive if need be. */
    waitForMail(
      address: string,
      { subject, count = 1, timeoutMs = 15_000 }: { subject?: string | RegExp; count?: number; timeoutMs?: number } = {},
    ): Promise<ReceivedMail> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mailTo(address, subject)[count - 1];
          if (!found) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          const seen = received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'nothing';
          reject(new Error(`No mail #${count} to ${address} within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        if (!check()) listeners.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one-time token of the link to `page` (e.g. 'reset-password') in a mail's text. */
export function linkToken(mail: { text: string }, page: string): string {
  const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])`).exec(mail.text);
  if (!match) throw new Error(`No ${page} link in: ${mail.text}`);
  return match[1]!;
}

export type MailTestApp = TestApp & { smtp: TestSmtpServer };

/** The test app wired to its own SMTP server, so what it mails can be read back (closing closes both). */
export async function buildTestAppWithSmtp(envOverrides: Record<string, string> = {}): Promise<MailTestApp> {
  const smtp = await startSmtpServer();
  const t = await buildTestApp({ SMTP_URL: smtp.url, ...envOverrides });
  return {
    ...t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
