// Yearly reachability (issue 32, decision 073): once a year every heir and verifier is asked, with one click, to
// confirm that their address still reaches them; an address that is not confirmed within 30 days, or that the
// recipient's mail server refuses, is shown to the owner on After Life and in their check-in mail.
import type { FastifyBaseLogger } from 'fastify';
import type { ReachabilityConfirmed, ReachabilityEntry } from '@shared/schemas/reachability';
import { defineMessages } from '../../lib/define-messages';
import { notFound } from '../../lib/errors';
import { sentence, sentenceIn, translator } from '../../lib/i18n';
import { jobExecutorOf } from '../../lib/job-in-transaction';
import type { JobQueue } from '../../lib/jobs';
import type { LinkTokens } from '../../lib/link-tokens';
import { MAIL_JOB } from '../../lib/mail';
import { reachabilityMail } from './reachability-mails';
import { isDue, mayBeOutOfDate, statusOf } from './reachability-status';
import type { NamedPerson, ReachabilityRepo } from './reachability.repo';
import { userText } from '@shared/i18n/text';

export const REACHABILITY_BOUNCED_JOB = 'legacy.reachability.bounced';
/** Asks queued by one hourly run at most: a large instance spreads its first asks over a few hours. */
const ASKS_PER_RUN = 500;

const messages = defineMessages({
  confirmed: { id: 'errors.reachability.confirmed', defaultMessage: "Thank you. {owner}'s plan can reach you at this address." },
});

const nameOf = (p: { firstName: string; lastName?: string | null; surname?: string | null }) =>
  [p.firstName, p.lastName ?? p.surname].filter(Boolean).join(' ');

export function createReachabilityService({
  repo,
  jobs,
  linkTokens,
  publicUrl,
  log,
}: {
  repo: ReachabilityRepo;
  jobs: JobQueue;
  linkTokens: LinkTokens;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  async function ask(person: NamedPerson, owner: string, at: Date) {
    const { nonce, token, hash } = linkTokens.issue();
    const intl = translator(await repo.language(person.contactId));
    await repo.transaction(async (tx) => {
      const id = await repo.insertAsk(tx, {
        userId: person.userId,
        contactId: person.contactId,
        email: person.email,
        tokenNonce: nonce,
        tokenHash: hash,
        askedAt: at,
      });
      const mail = reachabilityMail(intl, person, owner, `${publicUrl}/legacy/reachable?token=${token}`);
      const queued = await jobs.send(
        MAIL_JOB,
        { ...mail, onRejected: { job: REACHABILITY_BOUNCED_JOB, data: { id } } },
        { db: jobExecutorOf(tx) },
      );
      if (!queued) throw new Error('The job queue is stopping: the mail was not queued');
    });
  }

  async function list(userId: number, now = new Date()): Promise<ReachabilityEntry[]> {
    const [people, asks] = await Promise.all([repo.namedPeople(userId), repo.asks(userId)]);
    return people.map((person) => {
      const { status, askedAt, lastConfirmedAt } = statusOf(person, asks, now);
      return {
        contactId: person.contactId,
        name: nameOf(person),
        email: person.email,
        heir: person.heir,
        verifier: person.verifier,
        status,
        askedAt: askedAt?.toISOString() ?? null,
        lastConfirmedAt: lastConfirmedAt?.toISOString() ?? null,
        pending: status === 'pending',
        bounced: status === 'bounced',
      };
    });
  }

  return {
    list,

    /** The names the owner's check-in mail mentions: addresses refused or not confirmed in time. */
    async outOfDate(userId: number, now = new Date()): Promise<string[]> {
      return (await list(userId, now)).filter((e) => mayBeOutOfDate(e.status)).map((e) => e.name);
    },

    /** The hourly run: everyone due is asked (a year after the last ask of their address, a week after being named). */
    async askDue(now = new Date()) {
      const [people, asks] = await Promise.all([repo.namedPeople(), repo.asks()]);
      const due = people.filter((p) => isDue(p, asks, now)).slice(0, ASKS_PER_RUN);
      const owners = new Map<number, string | null>();
      for (const person of due) {
        if (!owners.has(person.userId)) owners.set(person.userId, await repo.ownerName(person.userId));
        const owner = owners.get(person.userId);
        if (owner) await ask(person, owner, now);
      }
      if (due.length > 0) log.info({ asked: due.length }, 'Asked the people named in Legacy Plans to confirm their addresses');
    },

    /** The one click of the mail: the address reaches them. Thanked in `language`, the page's. */
    async confirm(token: string, language: string, now = new Date()): Promise<ReachabilityConfirmed> {
      const found = await repo.findByTokenHash(linkTokens.hash(token));
      if (!found) throw notFound(userText('This link is not valid.'));
      await repo.confirm(found.ask.id, now);
      const owner = nameOf({ firstName: found.ownerFirstName, surname: found.ownerSurname });
      return { ownerName: owner, message: sentenceIn(language, sentence(messages.confirmed, { owner })) };
    },

    /** The recipient's mail server refused the address (the mail job's onRejected). */
    markBounced: (id: number, now = new Date()) => repo.markBounced(id, now),
  };
}
export type ReachabilityService = ReturnType<typeof createReachabilityService>;
