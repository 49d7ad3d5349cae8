// The Legacy Plan's trigger (decision 026): check-ins, verifiers, the veto window, the release, and the
// dated releases that happen whether or not the owner is alive. Every timer is one durable job kind,
// `legacy.tick` {userId}: a tick runs the state machine for that owner at now() and queues the next tick.
// State changes commit first and their mails are queued after: a crash in between loses a mail rather than
// sending one twice, and the next step (a reminder, the verifiers) still follows on time.
import type { FastifyBaseLogger } from 'fastify';
import type { AuditLog, LegacyPlan, LegacyPlanInput, LegacyStatus } from '@shared/schemas/legacy';
import { LEGACY_MESSAGES, MAX_PAUSE_DAYS } from '@shared/schemas/legacy';
import type { Db } from '../../db/client';
import { defineMessages } from '../../lib/define-messages';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Tx } from '../../lib/durable-files';
import type { JobQueue } from '../../lib/jobs';
import type { LinkTokens } from '../../lib/link-tokens';
import { sentence, translator } from '../../lib/i18n';
import { queueMail, type MailMessage } from '../../lib/mail';
import { accountLanguage, contactLanguage } from '../../lib/mail-language';
import { chainIntact, createLegacyLinks, createLegacyTriggerRepo, type LegacyTriggerRepo, type PlanRow } from './legacy-trigger.repo';
import { waitingDays } from './release-rules';
import { addDays, nextStepAt, REMINDERS } from './trigger-clock';
import {
  askVerifierMail,
  cancelReleaseMail,
  checkInMail,
  firstReportNotice,
  fullName,
  makeKeyCodeMail,
  ownerIsWellMail,
  releasedToHeirMail,
  waitingTimeNotice,
  namedVerifierMail,
  type CancelNoticeWords,
} from './trigger-mails';

export const LEGACY_TICK_JOB = 'legacy.tick';

export const LINK_INVALID = 'This link has expired or has already been used.';

const messages = defineMessages({
  noEmail: {
    id: 'errors.legacyTrigger.noEmail',
    defaultMessage: '{name} has no e-mail address. Add one to make them a verifier.',
  },
});

/**
 * Makes sure the owner's state machine runs no later than `at` (now when omitted). Ticks are keyed by their
 * exact time, so the same moment asked twice is one job; an earlier tick is never delayed by a later one
 * already queued, and an extra tick is harmless (the handler is idempotent).
 */
export async function scheduleLegacyTick(jobs: JobQueue, userId: number, at?: Date) {
  const key = at ? `${userId}:${at.getTime()}` : `${userId}:now`;
  await jobs.send(LEGACY_TICK_JOB, { userId }, { singletonKey: key, startAfter: at });
}

interface Context {
  repo: LegacyTriggerRepo;
  jobs: JobQueue;
  publicUrl: string;
  links: ReturnType<typeof createLegacyLinks>;
}

type Outbox = MailMessage[];

/** Queues the mails of a committed change and the owner's next tick. */
async function afterCommit(ctx: Context, userId: number, outbox: Outbox) {
  for (const message of outbox) await queueMail(ctx.jobs, message);
  const at = await nextTickAt(ctx.repo, userId);
  if (at) await scheduleLegacyTick(ctx.jobs, userId, at);
}

async function nextTickAt(repo: LegacyTriggerRepo, userId: number) {
  const plan = await repo.findPlan(repo.db, userId);
  const candidates = [plan && nextStepAt(plan), await repo.nextDatedRelease(repo.db, userId)].filter((d): d is Date => !!d);
  return candidates.length ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : null;
}

async function tellVerifiersCancelled(ctx: Context, tx: Tx, userId: number, outbox: Outbox) {
  const owner = await ctx.repo.owner(tx, userId);
  for (const v of await ctx.repo.verifiers(tx, userId)) {
    if (!v.email || !owner) continue;
    const intl = translator(await contactLanguage(ctx.repo.db, v.contactId));
    outbox.push(ownerIsWellMail(intl, { ...v, email: v.email }, owner));
  }
}

/**
 * The owner is alive (a sign-in, a check-in click or POST, a saved plan, a veto): before release, the plan
 * returns to active, the countdown restarts from now and confirmations are cleared. Returns whether a
 * pending release was cancelled.
 */
async function checkInLocked(ctx: Context, tx: Tx, userId: number, now: Date, via: string, outbox: Outbox) {
  const plan = await ctx.repo.findPlan(tx, userId);
  if (!plan || plan.state === 'released') return false;
  const cancelled = plan.state === 'veto' || plan.state === 'verifying';
  await ctx.repo.updatePlan(tx, userId, {
    state: 'active',
    stateSince: plan.state === 'active' ? plan.stateSince : now,
    lastCheckInAt: now,
    checkInSentAt: null,
    remindersSent: 0,
    vetoEndsAt: null,
  });
  await ctx.repo.clearConfirmations(tx, userId);
  await ctx.links.revokeUnused(tx, userId);
  await ctx.repo.appendAudit(tx, userId, now, 'checked in', { via });
  if (cancelled) {
    await ctx.repo.appendAudit(tx, userId, now, 'vetoed', { via, from: plan.state });
    await tellVerifiersCancelled(ctx, tx, userId, outbox);
  }
  return cancelled;
}

async function checkIn(ctx: Context, userId: number, now: Date, via: string) {
  const outbox: Outbox = [];
  const cancelled = await ctx.repo.transaction(async (tx) => {
    await ctx.repo.lockOwner(tx, userId);
    return checkInLocked(ctx, tx, userId, now, via, outbox);
  });
  await afterCommit(ctx, userId, outbox);
  return cancelled;
}

/** Any sign-in counts as a check-in (called by the auth service after a successful sign-in). */
export async function recordSignIn(deps: { db: Db; jobs: JobQueue; publicUrl: string }, userId: number, now = new Date()) {
  const repo = createLegacyTriggerRepo(deps.db);
  // cheap for the many owners without a plan: no transaction, no lock
  if (!(await repo.findPlan(deps.db, userId))) return;
  await checkIn({ repo, jobs: deps.jobs, publicUrl: deps.publicUrl, links: createLegacyLinks(deps.db) }, userId, now, 'sign-in');
}

interface Deps {
  db: Db;
  jobs: JobQueue;
  linkTokens: LinkTokens;
  publicUrl: string;
  /** Whether SMTP_URL is set: the status says so, since the plan reaches everyone by mail. */
  mailConfigured?: boolean;
  /** The clock the state machine reads: tests drive time with it. */
  now?: () => Date;
  /** Names of heirs and verifiers whose addresses may be out of date (decision 073): the check-in mail names them. */
  addressesOutOfDate?: (userId: number) => Promise<string[]>;
}

export function createLegacyTriggerService({
  db,
  jobs,
  linkTokens,
  publicUrl,
  mailConfigured = false,
  now = () => new Date(),
  addressesOutOfDate = async () => [],
}: Deps) {
  const repo = createLegacyTriggerRepo(db);
  const links = createLegacyLinks(db);
  const ctx: Context = { repo, jobs, publicUrl, links };
  const verifyUrl = (nonce: string) => `${publicUrl}/legacy/verify/${linkTokens.tokenFor(nonce)}`;

  async function ownerAddresses(tx: Tx, userId: number) {
    const owner = await repo.owner(tx, userId);
    if (!owner) return { owner, addresses: [] as string[] };
    const addresses = [owner.email];
    if (owner.pendingEmail && owner.pendingEmail.toLowerCase() !== owner.email.toLowerCase()) addresses.push(owner.pendingEmail);
    return { owner, addresses };
  }

  async function queueCheckInMail(tx: Tx, userId: number, reminder: number, outbox: Outbox) {
    const { owner } = await ownerAddresses(tx, userId);
    if (!owner) return;
    const token = await links.issue(userId, 'legacy_check_in', owner.email);
    const outOfDate = await addressesOutOfDate(userId);
    const intl = translator(await accountLanguage(db, userId));
    outbox.push(
      checkInMail(owner, reminder, `${publicUrl}/legacy/check-in?token=${token}`, { outOfDate, planUrl: `${publicUrl}/after-life` }, intl),
    );
  }

  async function askVerifiers(tx: Tx, userId: number, plan: PlanRow, at: Date, outbox: Outbox) {
    const owner = await repo.owner(tx, userId);
    if (!owner) return 0;
    const verifiers = await repo.verifiers(tx, userId);
    for (const v of verifiers) {
      if (!v.email || v.confirmedAt) continue;
      const intl = translator(await contactLanguage(db, v.contactId));
      outbox.push(askVerifierMail(intl, { ...v, email: v.email }, owner, verifyUrl(v.tokenNonce), plan));
    }
    await repo.appendAudit(tx, userId, at, 'verifiers asked', { verifiers: verifiers.length });
    return verifiers.length;
  }

  async function release(tx: Tx, userId: number, at: Date, afterDeath: boolean, outbox: Outbox) {
    const released = await repo.releaseGrants(tx, userId, at, afterDeath);
    if (released.length === 0) return;
    const owner = await repo.owner(tx, userId);
    const perHeir = new Map<number, (typeof released)[number]>();
    for (const grant of released) if (grant.heirId !== null && !perHeir.has(grant.heirId)) perHeir.set(grant.heirId, grant);
    const noCode: string[] = [];
    for (const grant of perHeir.values()) {
      if (!grant.contact?.email || !owner) continue;
      // an heir is never told of something they cannot open: the owner is asked to make the key code instead
      if (!grant.heirHasKeyCode) {
        if (!afterDeath) noCode.push(grant.contact.firstName);
        continue;
      }
      const intl = translator(await contactLanguage(db, grant.contact.id));
      outbox.push(releasedToHeirMail(intl, { ...grant.contact, email: grant.contact.email }, owner, publicUrl));
    }
    if (owner && noCode.length > 0) outbox.push(makeKeyCodeMail(translator(await accountLanguage(db, userId)), owner, noCode, publicUrl));
    const dated = released.filter((g) => g.condition === 'on_date' || g.condition === 'at_age');
    if (dated.length > 0) await repo.appendAudit(tx, userId, at, 'time capsule released', { grants: dated.map((g) => g.id) });
    const afterDeathGrants = released.filter((g) => g.condition === 'after_death');
    if (afterDeathGrants.length > 0)
      await repo.appendAudit(tx, userId, at, 'grants released', { grants: afterDeathGrants.map((g) => g.id) });
  }

  /** Runs the machine until nothing more is due at `at`. */
  async function advance(tx: Tx, userId: number, at: Date, outbox: Outbox) {
    for (let steps = 0; steps < 10; steps++) {
      const plan = await repo.findPlan(tx, userId);
      if (!plan) return;
      const due = nextStepAt(plan);
      if (plan.state === 'active') {
        if (!due || at < due) return;
        await repo.updatePlan(tx, userId, { state: 'awaiting_check_in', stateSince: at, checkInSentAt: at, remindersSent: 0 });
        await queueCheckInMail(tx, userId, 0, outbox);
        await repo.appendAudit(tx, userId, at, 'check-in sent', {});
      } else if (plan.state === 'awaiting_check_in') {
        if (!due || at < due) return;
        if (plan.remindersSent < REMINDERS) {
          await repo.updatePlan(tx, userId, { remindersSent: plan.remindersSent + 1 });
          await queueCheckInMail(tx, userId, plan.remindersSent + 1, outbox);
          await repo.appendAudit(tx, userId, at, 'reminder sent', { reminder: plan.remindersSent + 1 });
        } else {
          await repo.updatePlan(tx, userId, { state: 'verifying', stateSince: at });
          await askVerifiers(tx, userId, plan, at, outbox);
        }
      } else if (plan.state === 'verifying') {
        const confirmed = (await repo.verifiers(tx, userId)).filter((v) => v.confirmedAt).length;
        if (confirmed < plan.verifiersRequired) return;
        const wait = waitingDays(plan);
        const vetoEndsAt = addDays(at, wait);
        await repo.updatePlan(tx, userId, { state: 'veto', stateSince: at, vetoEndsAt });
        await repo.appendAudit(tx, userId, at, 'veto started', { confirmations: confirmed, vetoEndsAt: vetoEndsAt.toISOString() });
        if (wait > 0) await mailOwnerToCancel(tx, userId, outbox, waitingTimeNotice(vetoEndsAt));
      } else if (plan.state === 'veto') {
        if (!due || at < due) return;
        await repo.updatePlan(tx, userId, { state: 'released', stateSince: at, releasedAt: at });
        await repo.appendAudit(tx, userId, at, 'released', {});
        await release(tx, userId, at, true, outbox);
      } else return;
    }
  }

  /** A mail to the owner at every address, each with its own one-click link that cancels the release. */
  async function mailOwnerToCancel(tx: Tx, userId: number, outbox: Outbox, words: CancelNoticeWords) {
    const { owner, addresses } = await ownerAddresses(tx, userId);
    if (!owner) return;
    const intl = translator(await accountLanguage(db, userId));
    const notice = words(intl);
    for (const address of addresses) {
      const token = await links.issue(userId, 'legacy_veto', address);
      outbox.push(cancelReleaseMail(intl, address, owner.firstName, notice, `${publicUrl}/legacy/cancel?token=${token}`));
    }
  }

  /** One owner's tick: the plan's machine and the dated releases, then the next tick. */
  async function tick(userId: number) {
    const at = now();
    const outbox: Outbox = [];
    await repo.transaction(async (tx) => {
      await repo.lockOwner(tx, userId);
      await advance(tx, userId, at, outbox);
      await release(tx, userId, at, false, outbox);
    });
    await afterCommit(ctx, userId, outbox);
  }

  async function toPlan(userId: number, plan: PlanRow | undefined): Promise<LegacyPlan> {
    const verifiers = await repo.verifiers(db, userId);
    return {
      checkInMonths: plan?.checkInMonths ?? 6,
      vetoDays: plan ? waitingDays(plan) : 30,
      verifiersRequired: plan?.verifiersRequired ?? 1,
      pausedUntil: plan?.pausedUntil?.toISOString() ?? null,
      verifiers: verifiers.map((v) => ({
        contactId: v.contactId,
        name: fullName(v),
        email: v.email,
        language: v.language,
        confirmedAt: v.confirmedAt?.toISOString() ?? null,
      })),
    };
  }

  const service = {
    tick,
    nextTickAt: (userId: number) => nextTickAt(repo, userId),

    async getPlan(userId: number) {
      return toPlan(userId, await repo.findPlan(db, userId));
    },

    /** Creates or updates the plan; newly named verifiers are told once; saving counts as a check-in. */
    async putPlan(userId: number, input: LegacyPlanInput): Promise<LegacyPlan> {
      const at = now();
      const ids = [...new Set(input.verifierContactIds)];
      const pausedUntil = input.pausedUntil ? new Date(input.pausedUntil) : null;
      if (pausedUntil && pausedUntil <= at) throw badRequest('A pause must end in the future');
      if (pausedUntil && pausedUntil > addDays(at, MAX_PAUSE_DAYS)) throw badRequest('Check-ins can be paused for at most 6 months');
      if (input.vetoDays === 0 && input.verifiersRequired < 2) throw badRequest(LEGACY_MESSAGES.noWaitNeedsTwo);
      const outbox: Outbox = [];
      await repo.transaction(async (tx) => {
        await repo.lockOwner(tx, userId);
        const people = await repo.ownedContacts(tx, userId, ids);
        if (people.length !== ids.length) throw notFound('Contact not found');
        const noEmail = people.find((p) => !p.email);
        if (noEmail) throw badRequest(sentence(messages.noEmail, { name: fullName(noEmail) }));
        const settings = {
          checkInMonths: input.checkInMonths,
          vetoDays: input.vetoDays,
          verifiersRequired: input.verifiersRequired,
          pausedUntil,
        };
        const existing = await repo.findPlan(tx, userId);
        if (existing?.state === 'released') throw conflict('Your Legacy Plan has been released; it can no longer be changed.');
        if (existing) await repo.updatePlan(tx, userId, settings);
        else await repo.insertPlan(tx, { userId, ...settings, state: 'active', stateSince: at, lastCheckInAt: at });
        const wasPaused = existing?.pausedUntil && existing.pausedUntil > at ? existing.pausedUntil : null;
        if (pausedUntil && pausedUntil.getTime() !== wasPaused?.getTime())
          await repo.appendAudit(tx, userId, at, 'paused', { until: pausedUntil.toISOString() });
        else if (!pausedUntil && wasPaused) await repo.appendAudit(tx, userId, at, 'resumed', {});

        const current = await repo.verifiers(tx, userId);
        await repo.deleteVerifiers(
          tx,
          userId,
          current.filter((v) => !ids.includes(v.contactId)).map((v) => v.id),
        );
        const owner = await repo.owner(tx, userId);
        const ownerName = owner ? fullName(owner) : 'Someone';
        for (const person of people) {
          if (current.some((v) => v.contactId === person.id)) continue;
          const link = linkTokens.issue();
          await repo.insertVerifier(tx, { userId, contactId: person.id, tokenNonce: link.nonce, tokenHash: link.hash, notifiedAt: at });
          await repo.appendAudit(tx, userId, at, 'verifier named', { contactId: person.id });
          const intl = translator(await contactLanguage(db, person.id));
          outbox.push(
            namedVerifierMail(intl, { ...person, email: person.email! }, ownerName, `${publicUrl}/legacy/verify/${link.token}`, settings),
          );
        }
        await checkInLocked(ctx, tx, userId, at, 'plan saved', outbox);
      });
      await afterCommit(ctx, userId, outbox);
      return toPlan(userId, await repo.findPlan(db, userId));
    },

    async status(userId: number): Promise<LegacyStatus> {
      const plan = await repo.findPlan(db, userId);
      if (!plan) {
        return {
          configured: false,
          state: 'active',
          stateSince: null,
          lastCheckInAt: null,
          nextStepAt: null,
          pausedUntil: null,
          confirmations: 0,
          verifiersRequired: 1,
          vetoEndsAt: null,
          releasedAt: null,
          mailConfigured,
        };
      }
      const confirmations = (await repo.verifiers(db, userId)).filter((v) => v.confirmedAt).length;
      const iso = (d: Date | null) => d?.toISOString() ?? null;
      return {
        configured: true,
        state: plan.state,
        stateSince: plan.stateSince.toISOString(),
        lastCheckInAt: plan.lastCheckInAt.toISOString(),
        nextStepAt: iso(nextStepAt(plan)),
        pausedUntil: plan.pausedUntil && plan.pausedUntil > now() ? plan.pausedUntil.toISOString() : null,
        confirmations,
        verifiersRequired: plan.verifiersRequired,
        vetoEndsAt: iso(plan.vetoEndsAt),
        releasedAt: iso(plan.releasedAt),
        mailConfigured,
      };
    },

    async audit(userId: number): Promise<AuditLog> {
      const rows = await repo.audit(db, userId);
      return {
        entries: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          event: r.event,
          detail: r.detail as Record<string, unknown>,
          hash: r.hash,
        })),
        chainIntact: chainIntact(rows),
      };
    },

    /** The signed-in owner checks in (the web's "I'm still here"). */
    async checkIn(userId: number) {
      const plan = await repo.findPlan(db, userId);
      if (!plan) return; // nothing to check in to: the status says so
      if (plan.state === 'released') throw conflict('Your Legacy Plan has already been released.');
      await checkIn(ctx, userId, now(), 'web');
    },

    /** The signed-in owner cancels a pending release (veto or verifying); already active is fine too. */
    async veto(userId: number) {
      const plan = await repo.findPlan(db, userId);
      if (!plan) return;
      if (plan.state === 'released') throw conflict('Your Legacy Plan has already been released.');
      await checkIn(ctx, userId, now(), 'cancel');
    },

    /** A one-click link from a check-in mail (purpose legacy_check_in) or a veto mail (legacy_veto). */
    async confirmLink(purpose: 'legacy_check_in' | 'legacy_veto', token: string) {
      const at = now();
      const outbox: Outbox = [];
      const userId = await repo.transaction(async (tx) => {
        const link = await links.consume(tx, purpose, token);
        if (!link) throw badRequest(LINK_INVALID, 'LINK_INVALID');
        await repo.lockOwner(tx, link.userId);
        const plan = await repo.findPlan(tx, link.userId);
        if (plan?.state === 'released') throw conflict('This Legacy Plan has already been released.');
        await checkInLocked(ctx, tx, link.userId, at, purpose === 'legacy_veto' ? 'cancel link' : 'check-in link', outbox);
        return link.userId;
      });
      await afterCommit(ctx, userId, outbox);
      return service.status(userId);
    },

    /** What a verifier's page shows: neutral 404 for a token that is not a verifier's. */
    async verifierView(token: string) {
      const verifier = await repo.findVerifierByTokenHash(db, linkTokens.hash(token));
      if (!verifier) throw notFound('This link is not valid.');
      const owner = await repo.owner(db, verifier.userId);
      const plan = await repo.findPlan(db, verifier.userId);
      const confirmations = (await repo.verifiers(db, verifier.userId)).filter((v) => v.confirmedAt).length;
      return {
        ownerName: owner ? fullName(owner) : '',
        alreadyConfirmed: verifier.confirmedAt !== null,
        state: plan?.state ?? ('active' as const),
        verifiersRequired: plan?.verifiersRequired ?? 1,
        confirmations,
        waitingDays: plan ? waitingDays(plan) : 1,
        vetoEndsAt: plan?.state === 'veto' ? (plan.vetoEndsAt?.toISOString() ?? null) : null,
      };
    },

    /** A verifier reports the owner's death: counted once; enough reports start the veto window. */
    async verifierConfirm(token: string) {
      const at = now();
      const outbox: Outbox = [];
      const found = await repo.findVerifierByTokenHash(db, linkTokens.hash(token));
      if (!found) throw notFound('This link is not valid.');
      await repo.transaction(async (tx) => {
        await repo.lockOwner(tx, found.userId);
        const verifier = await repo.findVerifierByTokenHash(tx, linkTokens.hash(token));
        const plan = await repo.findPlan(tx, found.userId);
        if (!verifier || !plan) throw notFound('This link is not valid.');
        if (plan.state === 'released' || verifier.confirmedAt) return;
        const all = await repo.verifiers(tx, found.userId);
        const first = all.every((v) => !v.confirmedAt);
        const reporter = all.find((v) => v.id === verifier.id);
        await repo.confirmVerifier(tx, verifier.id, at);
        await repo.appendAudit(tx, found.userId, at, 'verifier confirmed', { contactId: verifier.contactId });
        if (plan.state === 'active' || plan.state === 'awaiting_check_in') {
          await repo.updatePlan(tx, found.userId, { state: 'verifying', stateSince: at });
        }
        await advance(tx, found.userId, at, outbox);
        // reaching the veto window mails the owner itself; a first report that needs more is told here
        const after = await repo.findPlan(tx, found.userId);
        if (first && after?.state === 'verifying') {
          const wait = waitingDays(plan);
          const notice = firstReportNotice(reporter ? fullName(reporter) : null, plan.verifiersRequired, wait === 0 ? null : wait);
          await mailOwnerToCancel(tx, found.userId, outbox, notice);
        }
      });
      await afterCommit(ctx, found.userId, outbox);
      return service.verifierView(token);
    },

    /** At start: every owner whose timer may still fire has a tick queued (a kill -9 loses none). */
    async scheduleAll() {
      for (const userId of await repo.ownersWithTimers()) {
        const at = await nextTickAt(repo, userId);
        if (at) await scheduleLegacyTick(jobs, userId, at);
      }
    },
  };
  return service;
}

export type LegacyTriggerService = ReturnType<typeof createLegacyTriggerService>;

/**
 * The tick job; defined by the routes plugin before the queue starts. `beforeTick` brings the plan's rules by
 * relation in line with the family tree first (decision 065), so a release hands on to the family as it is.
 */
export function defineLegacyTickJob(
  jobs: JobQueue,
  service: LegacyTriggerService,
  log: FastifyBaseLogger,
  beforeTick?: (userId: number) => Promise<unknown>,
) {
  jobs.define<{ userId: number }>({
    name: LEGACY_TICK_JOB,
    oneQueuedPerKey: true,
    retryLimit: 10,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
    async handler({ userId }, job) {
      try {
        // the family's rules must never hold a release back: a failure is logged and the tick runs on
        await beforeTick?.(userId).catch((err: unknown) => log.error({ err, userId }, 'The Legacy Plan could not follow the family tree'));
        await service.tick(userId);
      } catch (err) {
        if (job.isLastTry) log.error({ err, userId }, 'A Legacy Plan tick failed after every retry');
        throw err;
      }
    },
  });
}
