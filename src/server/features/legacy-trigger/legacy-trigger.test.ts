// The Legacy Plan trigger end to end (decision 026): the state machine driven by an injected clock, every mail
// read back from a real SMTP server on 127.0.0.1, and the links in those mails used as their pages would.
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, grants, heirs, legacyAudit, legacyPlans, letters, users } from '@server/db/schema';
import { signUp } from '@tests/helpers/server';
import type { SignedUp } from '@tests/helpers/users';
import { LEGACY_MESSAGES, type LegacyPlanInput } from '@shared/schemas/legacy';
import { buildTestAppWithSmtp, linkToken, type MailTestApp } from '@tests/helpers/smtp';
import { createLegacyTriggerService, LEGACY_TICK_JOB } from './legacy-trigger.service';
import { addMonths } from './trigger-clock';

const DAY = 24 * 60 * 60 * 1000;
const SECOND = 1000;

let t: MailTestApp;
beforeAll(async () => {
  t = await buildTestAppWithSmtp();
}, 60_000);
afterAll(async () => t?.close());

/** A trigger service on the test app's database and queue whose clock the test moves. */
function clocked(start = new Date()) {
  const clock = { now: start };
  const service = createLegacyTriggerService({
    db: t.db,
    jobs: t.app.jobs,
    linkTokens: t.app.linkTokens,
    publicUrl: t.env.PUBLIC_URL,
    now: () => clock.now,
  });
  return {
    service,
    at: (date: Date) => (clock.now = date),
    /** Sets the clock and runs the owner's tick. */
    async tickAt(userId: number, date: Date) {
      clock.now = date;
      await service.tick(userId);
    },
  };
}

let seq = 0;
async function contact(
  owner: SignedUp,
  firstName: string,
  email: string | null = `${firstName.toLowerCase()}-${++seq}-${Date.now()}@example.com`,
) {
  const [row] = await t.db
    .insert(contacts)
    .values({ ownerId: owner.user.id, firstName, lastName: 'Test', email, relationship: 'family' })
    .returning();
  return row!;
}

/** An heir (with a key code unless said) with a letter granted on a condition (the heirs feature's rows, made directly). */
async function heirGrant(
  owner: SignedUp,
  person: { id: number },
  condition: 'after_death' | 'on_date' | 'at_age' | 'never',
  releaseAt: Date | null = null,
  { keyCode = true } = {},
) {
  let [heir] = await t.db
    .select()
    .from(heirs)
    .where(and(eq(heirs.userId, owner.user.id), eq(heirs.contactId, person.id)));
  const keyCodeHash = keyCode ? randomBytes(32).toString('base64url') : null;
  heir ??= (await t.db.insert(heirs).values({ userId: owner.user.id, contactId: person.id, keyCodeHash }).returning())[0]!;
  const [letter] = await t.db
    .insert(letters)
    .values({ userId: owner.user.id, heirId: heir.id, title: 'For you', body: 'Love' })
    .returning();
  const [grant] = await t.db
    .insert(grants)
    .values({
      userId: owner.user.id,
      letterId: letter!.id,
      contactId: person.id,
      heirId: heir.id,
      linkKind: 'heir',
      releaseCondition: condition,
      releaseAt,
    })
    .returning();
  return grant!;
}

const grantRow = async (id: number) => (await t.db.select().from(grants).where(eq(grants.id, id)))[0]!;
const planRow = async (userId: number) => (await t.db.select().from(legacyPlans).where(eq(legacyPlans.userId, userId)))[0]!;
const verifyToken = (mail: { text: string }) => {
  const match = /\/legacy\/verify\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail.text);
  if (!match) throw new Error(`No verify link in: ${mail.text}`);
  return match[1]!;
};
const plan = (over: Partial<LegacyPlanInput> = {}): LegacyPlanInput => ({
  checkInMonths: 6,
  vetoDays: 7,
  verifierContactIds: [],
  verifiersRequired: 1,
  ...over,
});

/** Drives an owner from the plan to the verifiers being asked; returns the verifiers' tokens. */
async function toVerifying(owner: SignedUp, c: ReturnType<typeof clocked>, start: Date, verifierEmails: string[]) {
  const due = addMonths(start, 6);
  await c.tickAt(owner.user.id, due);
  await c.tickAt(owner.user.id, new Date(due.getTime() + 7 * DAY));
  await c.tickAt(owner.user.id, new Date(due.getTime() + 14 * DAY));
  await c.tickAt(owner.user.id, new Date(due.getTime() + 21 * DAY));
  expect((await planRow(owner.user.id)).state).toBe('verifying');
  return Promise.all(verifierEmails.map(async (email) => verifyToken(await t.smtp.waitForMail(email, { subject: /has not answered/ }))));
}

describe('the Legacy Plan trigger', () => {
  it('runs check-in, reminders, verifiers, veto and release on time, never a second early, with every mail and link', async () => {
    const owner = await signUp(t.app, { firstName: 'Grace', surname: 'Hopper' });
    const v1 = await contact(owner, 'Vera');
    const v2 = await contact(owner, 'Victor');
    const heirPerson = await contact(owner, 'Hannah');
    const afterDeath = await heirGrant(owner, heirPerson, 'after_death');
    const never = await heirGrant(owner, heirPerson, 'never');
    const start = new Date(Date.now() + 1000);
    const c = clocked(start);
    const saved = await c.service.putPlan(owner.user.id, plan({ verifierContactIds: [v1.id, v2.id], verifiersRequired: 2 }));
    expect(saved.verifiers.map((v) => v.contactId)).toEqual([v1.id, v2.id]);

    // each verifier is told once, with a personal link that works at once
    const named = await t.smtp.waitForMail(v1.email!, { subject: /named you a verifier/ });
    expect(named.text).toContain('Grace Hopper');
    expect(named.text).toContain(
      "As Grace Hopper's plan is set today, Grace Hopper is e-mailed at the first report and can cancel. Nothing is handed on until 2 of the people Grace Hopper chose have confirmed; then Grace Hopper still has 7 days to cancel.",
    );
    const viewed = await t.app.inject({ method: 'GET', url: `/api/legacy/verify/${verifyToken(named)}` });
    expect(viewed.json()).toEqual({
      ownerName: 'Grace Hopper',
      alreadyConfirmed: false,
      state: 'active',
      verifiersRequired: 2,
      confirmations: 0,
      waitingDays: 7,
      vetoEndsAt: null,
    });
    await c.service.putPlan(owner.user.id, plan({ verifierContactIds: [v1.id, v2.id], verifiersRequired: 2 }));

    const due = addMonths(start, 6);
    await c.tickAt(owner.user.id, new Date(due.getTime() - SECOND));
    expect((await planRow(owner.user.id)).state).toBe('active');
    await c.tickAt(owner.user.id, due);
    expect((await planRow(owner.user.id)).state).toBe('awaiting_check_in');
    const checkIn = await t.smtp.waitForMail(owner.email, { subject: 'Are you still there? (heirloom)' });
    expect(checkIn.text).toContain(`${t.env.PUBLIC_URL}/legacy/check-in?token=`);

    await c.tickAt(owner.user.id, new Date(due.getTime() + 7 * DAY - SECOND));
    expect((await planRow(owner.user.id)).remindersSent).toBe(0);
    await c.tickAt(owner.user.id, new Date(due.getTime() + 7 * DAY));
    await t.smtp.waitForMail(owner.email, { subject: /Reminder 1/ });
    await c.tickAt(owner.user.id, new Date(due.getTime() + 14 * DAY));
    const last = await t.smtp.waitForMail(owner.email, { subject: /Reminder 2/ });
    expect(last.text).toContain('last reminder');
    await c.tickAt(owner.user.id, new Date(due.getTime() + 21 * DAY - SECOND));
    expect((await planRow(owner.user.id)).state).toBe('awaiting_check_in');
    await c.tickAt(owner.user.id, new Date(due.getTime() + 21 * DAY));
    const [token1, token2] = await Promise.all(
      [v1, v2].map(async (v) => verifyToken(await t.smtp.waitForMail(v.email!, { subject: /has not answered/ }))),
    );

    // one of two is not enough
    c.at(new Date(due.getTime() + 22 * DAY));
    expect(await c.service.verifierConfirm(token1!)).toMatchObject({ alreadyConfirmed: true, state: 'verifying' });
    await c.service.verifierConfirm(token1!); // counted once
    expect(await c.service.status(owner.user.id)).toMatchObject({ state: 'verifying', confirmations: 1, verifiersRequired: 2 });
    // the owner hears of the first report at once, not only when enough have confirmed
    const reported = await t.smtp.waitForMail(owner.email, { subject: /has reported your death/ });
    expect(reported.text).toContain('Vera Test, one of your verifiers, has told heirloom that you have died.');
    expect(reported.text).toContain(`${t.env.PUBLIC_URL}/legacy/cancel?token=`);
    const vetoStart = new Date(due.getTime() + 23 * DAY);
    c.at(vetoStart);
    expect(await c.service.verifierConfirm(token2!)).toMatchObject({ state: 'veto' });
    const vetoMail = await t.smtp.waitForMail(owner.email, { subject: /about to be released/ });
    expect(vetoMail.text).toContain(`${t.env.PUBLIC_URL}/legacy/cancel?token=`);
    const vetoEndsAt = new Date(vetoStart.getTime() + 7 * DAY);
    expect((await c.service.status(owner.user.id)).vetoEndsAt).toBe(vetoEndsAt.toISOString());

    await c.tickAt(owner.user.id, new Date(vetoEndsAt.getTime() - SECOND));
    expect((await grantRow(afterDeath.id)).releasedAt).toBeNull();
    await c.tickAt(owner.user.id, vetoEndsAt);
    expect((await planRow(owner.user.id)).state).toBe('released');
    expect((await grantRow(afterDeath.id)).releasedAt?.getTime()).toBe(vetoEndsAt.getTime());
    expect((await grantRow(never.id)).releasedAt).toBeNull();
    const heirMail = await t.smtp.waitForMail(heirPerson.email!, { subject: /left something for you/ });
    expect(heirMail.text).toContain(`${t.env.PUBLIC_URL}/legacy\n`);
    expect(heirMail.text).not.toMatch(/token=|[0-9A-Z]{4}-[0-9A-Z]{4}-/);
    await c.tickAt(owner.user.id, new Date(vetoEndsAt.getTime() + DAY));
    expect(t.smtp.mailTo(heirPerson.email!)).toHaveLength(1); // once per heir, not per grant or tick

    // the audit log tells the whole story and its chain holds
    const audit = await t.app.inject({ method: 'GET', url: '/api/legacy/audit', headers: { cookie: owner.cookie } });
    expect(audit.statusCode).toBe(200);
    const log = audit.json() as { entries: Array<{ id: number; event: string }>; chainIntact: boolean };
    expect(log.chainIntact).toBe(true);
    const events = log.entries.map((e) => e.event);
    for (const event of [
      'verifier named',
      'checked in',
      'check-in sent',
      'reminder sent',
      'verifiers asked',
      'verifier confirmed',
      'veto started',
      'released',
      'grants released',
    ])
      expect(events).toContain(event);
    expect(events.filter((e) => e === 'verifier named')).toHaveLength(2); // saving again names nobody twice
    expect(events.filter((e) => e === 'verifier confirmed')).toHaveLength(2);

    // a changed row breaks the chain
    const middle = log.entries[3]!;
    await t.db
      .update(legacyAudit)
      .set({ detail: { via: 'forged' } })
      .where(eq(legacyAudit.id, middle.id));
    const tampered = await t.app.inject({ method: 'GET', url: '/api/legacy/audit', headers: { cookie: owner.cookie } });
    expect(tampered.json().chainIntact).toBe(false);
  }, 60_000);

  it('a check-in click or a sign-in resets the countdown and clears confirmations', async () => {
    const owner = await signUp(t.app);
    const v1 = await contact(owner, 'Val');
    const v2 = await contact(owner, 'Vik');
    const start = new Date(Date.now() + 1000);
    const c = clocked(start);
    await c.service.putPlan(owner.user.id, plan({ verifierContactIds: [v1.id, v2.id], verifiersRequired: 2 }));
    const due = addMonths(start, 6);
    await c.tickAt(owner.user.id, due);
    const mail = await t.smtp.waitForMail(owner.email, { subject: 'Are you still there? (heirloom)' });

    // the link in the mail, as its page sends it back
    const clicked = new Date(due.getTime() + 3 * DAY);
    c.at(clicked);
    await c.service.confirmLink('legacy_check_in', linkToken(mail, 'legacy/check-in'));
    expect(await c.service.status(owner.user.id)).toMatchObject({
      state: 'active',
      lastCheckInAt: clicked.toISOString(),
      nextStepAt: addMonths(clicked, 6).toISOString(),
    });
    // used once: the same link again is a clean 400
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/legacy/check-in/confirm',
      payload: { token: linkToken(mail, 'legacy/check-in') },
    });
    expect(again.statusCode).toBe(400);
    await c.tickAt(owner.user.id, new Date(addMonths(clicked, 6).getTime() - SECOND));
    expect((await planRow(owner.user.id)).state).toBe('active');

    // a report by one verifier, then a sign-in: back to active, the report forgotten
    const named = await t.smtp.waitForMail(v1.email!, { subject: /named you a verifier/ });
    c.at(new Date(clicked.getTime() + DAY));
    await c.service.verifierConfirm(verifyToken(named));
    expect(await c.service.status(owner.user.id)).toMatchObject({ state: 'verifying', confirmations: 1 });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: owner.email, password: owner.password } });
    expect(login.statusCode).toBe(200);
    const after = await planRow(owner.user.id);
    expect(after.state).toBe('active');
    expect(after.lastCheckInAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await c.service.status(owner.user.id)).confirmations).toBe(0);
    await t.smtp.waitForMail(v1.email!, { subject: /is well/ });

    // the signed-in check-in
    const posted = await t.app.inject({ method: 'POST', url: '/api/legacy/check-in', headers: { cookie: owner.cookie } });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toMatchObject({ configured: true, state: 'active' });
  }, 60_000);

  it('a veto by its mailed link or signed in cancels the release and tells the verifiers', async () => {
    const owner = await signUp(t.app);
    const v1 = await contact(owner, 'Wendy');
    const heirPerson = await contact(owner, 'Harry');
    const grant = await heirGrant(owner, heirPerson, 'after_death');
    // a pending new address is mailed too
    const pending = `pending-${Date.now()}@example.com`;
    await t.db.update(users).set({ pendingEmail: pending }).where(eq(users.id, owner.user.id));
    const start = new Date(Date.now() + 1000);
    const c = clocked(start);
    await c.service.putPlan(owner.user.id, plan({ verifierContactIds: [v1.id], verifiersRequired: 1, vetoDays: 30 }));
    const [token] = await toVerifying(owner, c, start, [v1.email!]);
    c.at(new Date(addMonths(start, 6).getTime() + 22 * DAY));
    await c.service.verifierConfirm(token!);
    expect((await planRow(owner.user.id)).state).toBe('veto');
    const vetoMail = await t.smtp.waitForMail(owner.email, { subject: /about to be released/ });
    await t.smtp.waitForMail(pending, { subject: /about to be released/ });

    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/legacy/veto/confirm',
      payload: { token: linkToken(vetoMail, 'legacy/cancel') },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await planRow(owner.user.id)).state).toBe('active');
    await t.smtp.waitForMail(v1.email!, { subject: /is well/ });
    const oldVetoEnd = new Date(addMonths(start, 6).getTime() + 52 * DAY);
    await c.tickAt(owner.user.id, oldVetoEnd);
    expect((await grantRow(grant.id)).releasedAt).toBeNull();

    // again, cancelled signed in this time
    const start2 = new Date(oldVetoEnd.getTime() + DAY);
    c.at(start2);
    await c.service.checkIn(owner.user.id);
    await toVerifying(owner, c, start2, []);
    c.at(new Date(addMonths(start2, 6).getTime() + 22 * DAY));
    await c.service.verifierConfirm(token!);
    expect((await planRow(owner.user.id)).state).toBe('veto');
    const vetoed = await t.app.inject({ method: 'POST', url: '/api/legacy/veto', headers: { cookie: owner.cookie } });
    expect(vetoed.statusCode).toBe(200);
    expect(vetoed.json()).toMatchObject({ state: 'active', confirmations: 0, vetoEndsAt: null });
    await t.smtp.waitForMail(v1.email!, { subject: /is well/, count: 2 });
    const events = (await c.service.audit(owner.user.id)).entries.map((e) => e.event);
    expect(events.filter((e) => e === 'vetoed')).toHaveLength(2);
  }, 60_000);

  it('with no waiting time two must agree, the owner is told at every address at the first report, and the last one releases at once', async () => {
    const owner = await signUp(t.app, { firstName: 'Margaret', surname: 'Walker' });
    const pending = `pending-${Date.now()}@example.com`;
    await t.db.update(users).set({ pendingEmail: pending }).where(eq(users.id, owner.user.id));
    const v1 = await contact(owner, 'Zed');
    const v2 = await contact(owner, 'Zia');
    const heirPerson = await contact(owner, 'Zoe');
    const grant = await heirGrant(owner, heirPerson, 'after_death');
    const c = clocked(new Date(Date.now() + 1000));
    await c.service.putPlan(owner.user.id, plan({ verifierContactIds: [v1.id, v2.id], verifiersRequired: 2, vetoDays: 0 }));
    const [named1, named2] = await Promise.all([v1, v2].map((v) => t.smtp.waitForMail(v.email!, { subject: /named you a verifier/ })));
    expect(named1!.text).toContain('then it is handed on at once, with no waiting time.');

    // a verifier may report at any time, straight from active: nothing is released, the owner is told at once
    const reportedAt = new Date(Date.now() + 2 * DAY);
    c.at(reportedAt);
    expect(await c.service.verifierConfirm(verifyToken(named1!))).toMatchObject({
      state: 'verifying',
      alreadyConfirmed: true,
      confirmations: 1,
      verifiersRequired: 2,
      waitingDays: 0,
    });
    expect((await grantRow(grant.id)).releasedAt).toBeNull();
    for (const address of [owner.email, pending]) {
      const told = await t.smtp.waitForMail(address, { subject: 'A verifier has reported your death to heirloom' });
      expect(told.text).toContain('released to them at once, with no waiting time');
      expect(told.text).toContain(`${t.env.PUBLIC_URL}/legacy/cancel?token=`);
    }
    expect(t.smtp.mailTo(heirPerson.email!)).toHaveLength(0);

    // the second page says before the tap that it releases at once; its confirmation does
    expect((await c.service.verifierView(verifyToken(named2!))).confirmations).toBe(1);
    const releasedAt = new Date(reportedAt.getTime() + DAY);
    c.at(releasedAt);
    expect(await c.service.verifierConfirm(verifyToken(named2!))).toMatchObject({ state: 'released', alreadyConfirmed: true });
    expect((await grantRow(grant.id)).releasedAt?.getTime()).toBe(releasedAt.getTime());
    await t.smtp.waitForMail(heirPerson.email!, { subject: /left something for you/ });
    expect(t.smtp.mailTo(owner.email, /reported your death/)).toHaveLength(1); // the first report only

    // released is final: a sign-in, a check-in or a veto changes nothing
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: owner.email, password: owner.password } });
    expect(login.statusCode).toBe(200);
    expect((await planRow(owner.user.id)).state).toBe('released');
    for (const url of ['/api/legacy/veto', '/api/legacy/check-in']) {
      expect((await t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie } })).statusCode).toBe(409);
    }
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/legacy/plan', headers: { cookie: owner.cookie }, payload: plan() })).statusCode,
    ).toBe(409);
  }, 60_000);

  it('refuses no waiting time with one verifier, and a plan stored that way waits 1 day with the owner told', async () => {
    const owner = await signUp(t.app);
    const v1 = await contact(owner, 'Una');
    const heirPerson = await contact(owner, 'Hugo');
    const grant = await heirGrant(owner, heirPerson, 'after_death');
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/legacy/plan', headers: { cookie: owner.cookie }, payload: body });
    const refused = await put(plan({ verifierContactIds: [v1.id], verifiersRequired: 1, vetoDays: 0 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LEGACY_MESSAGES.noWaitNeedsTwo);
    expect(await t.db.select().from(legacyPlans).where(eq(legacyPlans.userId, owner.user.id))).toEqual([]);
    await expect(
      clocked().service.putPlan(owner.user.id, plan({ verifierContactIds: [v1.id], verifiersRequired: 1, vetoDays: 0 })),
    ).rejects.toMatchObject({ statusCode: 400 });

    // a plan saved before the rule: read as the shortest wait allowed
    expect((await put(plan({ verifierContactIds: [v1.id], verifiersRequired: 1, vetoDays: 1 }))).statusCode).toBe(200);
    await t.db.update(legacyPlans).set({ vetoDays: 0 }).where(eq(legacyPlans.userId, owner.user.id));
    const got = await t.app.inject({ method: 'GET', url: '/api/legacy/plan', headers: { cookie: owner.cookie } });
    expect(got.json()).toMatchObject({ vetoDays: 1, verifiersRequired: 1 });
    const named = await t.smtp.waitForMail(v1.email!, { subject: /named you a verifier/ });
    const page = await t.app.inject({ method: 'GET', url: `/api/legacy/verify/${verifyToken(named)}` });
    expect(page.json()).toMatchObject({ waitingDays: 1, verifiersRequired: 1, confirmations: 0 });

    const c = clocked();
    const reportedAt = new Date(Date.now() + DAY);
    c.at(reportedAt);
    expect(await c.service.verifierConfirm(verifyToken(named))).toMatchObject({
      state: 'veto',
      vetoEndsAt: new Date(reportedAt.getTime() + DAY).toISOString(),
    });
    expect((await grantRow(grant.id)).releasedAt).toBeNull();
    await t.smtp.waitForMail(owner.email, { subject: /about to be released/ });
    await c.tickAt(owner.user.id, new Date(reportedAt.getTime() + DAY - SECOND));
    expect((await grantRow(grant.id)).releasedAt).toBeNull();
  }, 60_000);

  it('the check-in link works from the mail over HTTP and answers with the next check-in', async () => {
    const owner = await signUp(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/legacy/plan', headers: { cookie: owner.cookie }, payload: plan({ checkInMonths: 3 }) });
    const c = clocked();
    await c.tickAt(owner.user.id, new Date(Date.now() + 100 * DAY));
    const mail = await t.smtp.waitForMail(owner.email, { subject: 'Are you still there? (heirloom)' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/legacy/check-in/confirm',
      payload: { token: linkToken(mail, 'legacy/check-in') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { lastCheckInAt } = await planRow(owner.user.id);
    expect(res.json()).toEqual({ message: expect.any(String), nextCheckInAt: addMonths(lastCheckInAt, 3).toISOString() });
    const status = await t.app.inject({ method: 'GET', url: '/api/legacy/status', headers: { cookie: owner.cookie } });
    expect(status.json()).toMatchObject({ configured: true, state: 'active', confirmations: 0 });
  }, 60_000);

  it('verifiers confirming at once with a check-in racing them start the window once and keep the audit chain whole', async () => {
    const owner = await signUp(t.app);
    const people = await Promise.all(['Ann', 'Ben', 'Cat'].map((name) => contact(owner, name)));
    const c = clocked(new Date(Date.now() + 1000));
    await c.service.putPlan(owner.user.id, plan({ verifierContactIds: people.map((p) => p.id), verifiersRequired: 2, vetoDays: 14 }));
    const tokens = await Promise.all(people.map(async (p) => verifyToken(await t.smtp.waitForMail(p.email!, { subject: /named you/ }))));
    c.at(new Date(Date.now() + 2 * DAY));
    await Promise.all([...tokens.map((token) => c.service.verifierConfirm(token)), c.service.tick(owner.user.id)]);
    expect(await c.service.status(owner.user.id)).toMatchObject({ state: 'veto', confirmations: 3 });
    const log = await c.service.audit(owner.user.id);
    expect(log.chainIntact).toBe(true);
    expect(log.entries.filter((e) => e.event === 'veto started')).toHaveLength(1);
    await t.smtp.waitForMail(owner.email, { subject: /about to be released/ });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(t.smtp.mailTo(owner.email, /about to be released/)).toHaveLength(1);

    // a check-in racing more reports: whichever comes last wins, and the chain stays whole
    await Promise.all([c.service.checkIn(owner.user.id), ...tokens.map((token) => c.service.verifierConfirm(token))]);
    expect((await c.service.audit(owner.user.id)).chainIntact).toBe(true);
  }, 60_000);

  it('a pause holds check-ins and the countdown continues from its end', async () => {
    const owner = await signUp(t.app);
    const start = new Date(Date.now() + 1000);
    const c = clocked(start);
    const pausedUntil = new Date(start.getTime() + 60 * DAY);
    const saved = await c.service.putPlan(owner.user.id, plan({ pausedUntil: pausedUntil.toISOString() }));
    expect(saved.pausedUntil).toBe(pausedUntil.toISOString());
    await c.tickAt(owner.user.id, new Date(addMonths(start, 6).getTime() + DAY));
    expect((await planRow(owner.user.id)).state).toBe('active');
    const due = addMonths(pausedUntil, 6);
    expect((await c.service.status(owner.user.id)).nextStepAt).toBe(due.toISOString());
    await c.tickAt(owner.user.id, new Date(due.getTime() - SECOND));
    expect((await planRow(owner.user.id)).state).toBe('active');
    await c.tickAt(owner.user.id, due);
    expect((await planRow(owner.user.id)).state).toBe('awaiting_check_in');
    const events = (await c.service.audit(owner.user.id)).entries.map((e) => e.event);
    expect(events).toContain('paused');

    await expect(
      c.service.putPlan(owner.user.id, plan({ pausedUntil: new Date(due.getTime() + 200 * DAY).toISOString() })),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
  }, 60_000);

  it('time capsules and age releases open on their date while the owner is alive, and the next tick is queued', async () => {
    const owner = await signUp(t.app);
    const heirPerson = await contact(owner, 'Tim');
    const start = new Date(Date.now() + 1000);
    const c = clocked(start);
    await c.service.putPlan(owner.user.id, plan());
    const capsuleAt = new Date(start.getTime() + 10 * DAY);
    const birthdayAt = new Date(start.getTime() + 20 * DAY);
    const capsule = await heirGrant(owner, heirPerson, 'on_date', capsuleAt);
    const birthday = await heirGrant(owner, heirPerson, 'at_age', birthdayAt);

    await c.tickAt(owner.user.id, new Date(capsuleAt.getTime() - SECOND));
    expect((await grantRow(capsule.id)).releasedAt).toBeNull();
    const { rows } = await t.pool.query<{ start_after: Date }>(
      `SELECT start_after FROM pgboss.job WHERE name = $1 AND state = 'created' AND data->>'userId' = $2 ORDER BY start_after`,
      [LEGACY_TICK_JOB, String(owner.user.id)],
    );
    expect(rows.map((r) => r.start_after.getTime())).toContain(capsuleAt.getTime());

    await c.tickAt(owner.user.id, capsuleAt);
    expect((await grantRow(capsule.id)).releasedAt?.getTime()).toBe(capsuleAt.getTime());
    expect((await grantRow(birthday.id)).releasedAt).toBeNull();
    await t.smtp.waitForMail(heirPerson.email!, { subject: /left something for you/ });
    await c.tickAt(owner.user.id, birthdayAt);
    expect((await grantRow(birthday.id)).releasedAt?.getTime()).toBe(birthdayAt.getTime());
    await t.smtp.waitForMail(heirPerson.email!, { subject: /left something for you/, count: 2 });
    expect((await planRow(owner.user.id)).state).toBe('active');
    const events = (await c.service.audit(owner.user.id)).entries.map((e) => e.event);
    expect(events.filter((e) => e === 'time capsule released')).toHaveLength(2);
  }, 60_000);

  it('an heir without a key code is not told of a release they cannot open; the owner is asked to make the code', async () => {
    const owner = await signUp(t.app);
    const heirPerson = await contact(owner, 'Tom');
    const start = new Date(Date.now() + 1000);
    const c = clocked(start);
    await c.service.putPlan(owner.user.id, plan());
    const birthday = await heirGrant(owner, heirPerson, 'at_age', new Date(start.getTime() + 5 * DAY), { keyCode: false });
    await c.tickAt(owner.user.id, new Date(start.getTime() + 5 * DAY));
    expect((await grantRow(birthday.id)).releasedAt).not.toBeNull();
    const asked = await t.smtp.waitForMail(owner.email, { subject: /Make a key code/ });
    expect(asked.text).toContain('has been released to Tom, but there is no key code to open it yet, so they have not been told.');
    expect(t.smtp.mailTo(heirPerson.email!)).toHaveLength(0);
  }, 30_000);

  it('refuses another user’s contact, a contact without e-mail, and an unknown verifier link', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = await contact(other, 'Olga');
    const noMail = await contact(owner, 'Nomail', null);
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/legacy/plan', headers: { cookie: owner.cookie }, payload: body });
    expect((await put(plan({ verifierContactIds: [theirs.id] }))).statusCode).toBe(404);
    const res = await put(plan({ verifierContactIds: [noMail.id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no e-mail/);
    expect((await put(plan({ verifierContactIds: [], verifiersRequired: 1, checkInMonths: 2 }))).statusCode).toBe(400);
    const status = await t.app.inject({ method: 'GET', url: '/api/legacy/status', headers: { cookie: owner.cookie } });
    expect(status.json()).toMatchObject({ configured: false, state: 'active', nextStepAt: null, mailConfigured: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/legacy/verify/${'x'.repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/legacy/verify/${'x'.repeat(43)}` })).statusCode).toBe(404);
    expect((await put(plan())).statusCode).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: '/api/legacy/plan', headers: { cookie: owner.cookie } });
    expect(got.json()).toMatchObject({ checkInMonths: 6, vetoDays: 7, verifiers: [] });

    // a verifier removed from the plan: their link stops working
    const gone = await contact(owner, 'Gone');
    expect((await put(plan({ verifierContactIds: [gone.id] }))).statusCode).toBe(200);
    const link = verifyToken(await t.smtp.waitForMail(gone.email!, { subject: /named you/ }));
    expect((await t.app.inject({ method: 'GET', url: `/api/legacy/verify/${link}` })).statusCode).toBe(200);
    expect((await put(plan())).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/legacy/verify/${link}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/legacy/verify/${link}` })).statusCode).toBe(404);
  }, 30_000);
});
