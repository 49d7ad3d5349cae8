// Yearly reachability (decision 073) on a real database and a real mail server: heirs and verifiers are asked a
// week after being named and then once a year, a click confirms, a refused address is marked bounced, an address
// not confirmed within 30 days is named to the owner (the check-in mail's words: legacy-trigger/trigger-mails.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReachabilityEntry } from '@shared/schemas/reachability';
import { legacyVerifiers } from '@server/db/schema';
import { signUp } from '@tests/helpers/server';
import { buildTestAppWithSmtp, linkToken, NO_SUCH_MAILBOX, type MailTestApp } from '@tests/helpers/smtp';
import type { SignedUp } from '@tests/helpers/users';

const DAY = 24 * 60 * 60 * 1000;
const SUBJECT = "You are named in Rose King's plan — please confirm this address still reaches you";

let t: MailTestApp;
let owner: SignedUp;
let other: SignedUp;
const ids: Record<string, number> = {};
const start = Date.now();
const day = (n: number) => new Date(start + n * DAY);

const send = (who: SignedUp | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });
const entries = async (now?: Date) =>
  now
    ? await t.app.services.reachability.list(owner.user.id, now)
    : (await send(owner, 'GET', '/api/legacy/reachability')).json<ReachabilityEntry[]>();
const statuses = async (now?: Date) => Object.fromEntries((await entries(now)).map((e) => [e.name, e.status]));

beforeAll(async () => {
  t = await buildTestAppWithSmtp();
  owner = await signUp(t.app, { firstName: 'Rose', surname: 'King' });
  other = await signUp(t.app);
  for (const [name, email] of [
    ['Tom', 'tom@example.com'],
    ['Vera', 'vera@example.com'],
    ['Zed', `zed@${NO_SUCH_MAILBOX}`],
  ] as const) {
    const res = await send(owner, 'POST', '/api/contacts', { firstName: name, lastName: 'King', relationship: 'family', email });
    ids[name] = Number(res.json<{ id: number }>().id);
  }
  for (const name of ['Tom', 'Zed'])
    expect((await send(owner, 'POST', '/api/legacy/heirs', { contactId: ids[name] })).statusCode).toBe(201);
  await t.db.insert(legacyVerifiers).values({ userId: owner.user.id, contactId: ids.Vera!, tokenNonce: 'n', tokenHash: 'vera-token-hash' });
}, 60_000);
afterAll(async () => t?.close());

describe('yearly reachability', () => {
  it('asks the heirs and verifiers with an address a week after they were named, and marks a refused address', async () => {
    await t.app.services.reachability.askDue(day(1));
    expect(await statuses()).toEqual({ 'Tom King': 'not-asked', 'Vera King': 'not-asked', 'Zed King': 'not-asked' });

    await t.app.services.reachability.askDue(day(8));
    const tom = await t.smtp.waitForMail('tom@example.com', { subject: SUBJECT });
    expect(tom.text).toContain('has named you in their Legacy Plan as an heir.');
    const vera = await t.smtp.waitForMail('vera@example.com', { subject: SUBJECT });
    expect(vera.text).toContain('as a verifier');
    await expect.poll(async () => (await statuses())['Zed King'], { timeout: 15_000 }).toBe('bounced');
    expect(await statuses()).toEqual({ 'Tom King': 'pending', 'Vera King': 'pending', 'Zed King': 'bounced' });
    expect((await send(other, 'GET', '/api/legacy/reachability')).json()).toEqual([]);

    // one click confirms (a link that is not one is a 404 and changes nothing)
    expect((await send(undefined, 'POST', '/api/legacy/reachable/confirm', { token: 'x'.repeat(43) })).statusCode).toBe(404);
    const token = linkToken(tom, 'legacy/reachable');
    const confirmed = await send(undefined, 'POST', '/api/legacy/reachable/confirm', { token });
    expect(confirmed.json()).toEqual({ ownerName: 'Rose King', message: "Thank you. Rose King's plan can reach you at this address." });
    const tomNow = (await entries()).find((e) => e.name === 'Tom King')!;
    expect(tomNow).toMatchObject({
      status: 'confirmed',
      email: 'tom@example.com',
      heir: true,
      verifier: false,
      lastConfirmedAt: expect.any(String),
      pending: false,
      bounced: false,
    });
    const now = await entries();
    expect(now.find((e) => e.name === 'Zed King')).toMatchObject({ status: 'bounced', bounced: true, pending: false });
    expect(now.find((e) => e.name === 'Vera King')).toMatchObject({ status: 'pending', pending: true, bounced: false });
  });

  it('names an address not confirmed within 30 days to the owner, and asks again a year later', async () => {
    expect(await statuses(day(40))).toEqual({ 'Tom King': 'confirmed', 'Vera King': 'unconfirmed', 'Zed King': 'bounced' });
    const outOfDate = await t.app.services.reachability.outOfDate(owner.user.id, day(40));
    expect(outOfDate).toEqual(['Vera King', 'Zed King']);

    const before = t.smtp.received.length;
    await t.app.services.reachability.askDue(day(40));
    expect(t.smtp.received.length).toBe(before); // nobody twice within the year
    await t.app.services.reachability.askDue(day(8 + 366));
    await t.smtp.waitForMail('vera@example.com', { subject: SUBJECT, count: 2 });
    await t.smtp.waitForMail('tom@example.com', { subject: SUBJECT, count: 2 });
  });

  it('asks again at a changed address', async () => {
    const res = await send(owner, 'PATCH', `/api/contacts/${ids.Tom}`, { email: 'tom.king@example.org' });
    expect(res.statusCode).toBe(200);
    expect((await statuses())['Tom King']).toBe('not-asked');
    await t.app.services.reachability.askDue(day(8 + 367));
    await t.smtp.waitForMail('tom.king@example.org', { subject: SUBJECT });
    expect((await statuses())['Tom King']).toBe('pending');
  });
});
