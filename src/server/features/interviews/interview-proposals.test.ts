// Interviews a family member proposes (decision 069), on a real database and a real mail server: the owner is
// mailed and decides; nothing reaches the storyteller before the approval; the proposer follows the progress
// without ever seeing a contact's address or an answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOB } from '@server/lib/mail';
import { signUp } from '@tests/helpers/server';
import type { SignedUp } from '@tests/helpers/users';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';

const TOKEN = /\/answer\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

describe('interview proposals', { timeout: 180_000 }, () => {
  let t: MailTestApp;
  let owner: SignedUp;
  let anna: SignedUp;
  let stranger: SignedUp;
  let joeId: number;
  let noAddressId: number;
  const joeEmail = `joe-${Date.now()}@example.com`;

  const as = (who: SignedUp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload && { payload }) });
  const mailsDone = async () => {
    const deadline = Date.now() + 75_000;
    for (let round = 1; (await t.app.jobs.pending(MAIL_JOB)) > 0; round++) {
      if (Date.now() > deadline) throw new Error('The mail jobs did not finish');
      if (round % 20 === 0) await t.app.jobs.reclaimFromDeadInstances();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const addContact = async (payload: object) => {
    const res = await as(owner, 'POST', '/api/contacts', payload);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const propose = (who: SignedUp, payload: object) =>
    as(who, 'POST', '/api/interview-proposals', { ownerId: owner.user.id, schedule: null, ...payload });
  /** Every answer the proposer received, to check that no address slips into any of them. */
  const seenByAnna: string[] = [];
  const asAnna = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await as(anna, method, url, payload);
    seenByAnna.push(res.body);
    return res;
  };

  beforeAll(async () => {
    t = await buildTestAppWithSmtp();
    owner = await signUp(t.app, { firstName: 'Ada' });
    anna = await signUp(t.app, { firstName: 'Anna' });
    stranger = await signUp(t.app, { firstName: 'Zoe' });
    await t.db.execute(`UPDATE users SET email_verified_at = now() WHERE id = ${anna.user.id}`);
    joeId = await addContact({ firstName: 'Joe', lastName: 'Elder', relationship: 'family', email: joeEmail });
    noAddressId = await addContact({ firstName: 'Nan', lastName: 'Quiet', relationship: 'family' });
    // Anna is among Ada's contacts by her verified address
    await addContact({ firstName: 'Anna', lastName: 'Niece', relationship: 'family', email: anna.email });
  });
  afterAll(() => t.close());

  it('lets a family member propose, mails the owner, and sends nothing until the owner approves', async () => {
    const owners = (await asAnna('GET', '/api/interview-proposals/owners')).json() as Array<{ ownerId: number; ownerName: string }>;
    expect(owners).toEqual([{ ownerId: owner.user.id, ownerName: 'Ada Lovelace' }]);
    const storytellers = await asAnna('GET', `/api/interview-proposals/owners/${owner.user.id}/storytellers`);
    expect(storytellers.statusCode).toBe(200);
    expect(storytellers.json()).toEqual([
      { contactId: expect.any(Number), name: 'Anna Niece' },
      { contactId: joeId, name: 'Joe Elder' },
    ]);

    const res = await asAnna('POST', '/api/interview-proposals', {
      ownerId: owner.user.id,
      storytellerContactId: joeId,
      schedule: null,
      questions: [{ text: 'Where were you born?' }, { text: 'Who taught you to swim?' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const proposal = res.json() as { id: number; status: string; storytellerName: string; ownerName: string };
    expect(proposal).toMatchObject({ status: 'proposed', storytellerName: 'Joe Elder', ownerName: 'Ada Lovelace' });

    const mail = await t.smtp.waitForMail(owner.email, { subject: 'Anna proposes to ask Joe 2 questions' });
    expect(mail.text).toContain(`${t.env.PUBLIC_URL}/story/interviews/${proposal.id}`);

    // the owner sees it among their interviews, proposed by Anna; the hourly look leaves it alone
    const mine = (await as(owner, 'GET', '/api/interviews')).json() as Array<{ id: number; status: string; proposedBy: string | null }>;
    expect(mine.find((i) => i.id === proposal.id)).toMatchObject({ status: 'proposed', proposedBy: 'Anna Niece' });
    await t.app.services.interviews.tick(new Date(Date.now() + 3_600_000));
    await mailsDone();
    expect(t.smtp.mailTo(joeEmail)).toHaveLength(0);
    // a proposal starts only by its approval; its questions may change before
    expect((await as(owner, 'PATCH', `/api/interviews/${proposal.id}`, { status: 'active' })).statusCode).toBe(409);
    const interview = (await as(owner, 'GET', `/api/interviews/${proposal.id}`)).json() as { questions: Array<{ id: number }> };
    const edited = await as(owner, 'PATCH', `/api/interviews/${proposal.id}`, {
      questions: [{ id: interview.questions[0]!.id }, { id: interview.questions[1]!.id, text: 'Who taught you to swim, and where?' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'proposed' });

    const approved = await as(owner, 'POST', `/api/interviews/${proposal.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'active' });
    const question = await t.smtp.waitForMail(joeEmail, { subject: 'Ada asks: Where were you born?' });
    expect(question.text).toMatch(TOKEN);
    await t.smtp.waitForMail(anna.email, { subject: 'Ada approved your interview with Joe Elder' });
    expect((await as(owner, 'POST', `/api/interviews/${proposal.id}/approve`)).statusCode).toBe(409);
    expect((await as(owner, 'POST', `/api/interviews/${proposal.id}/decline`)).statusCode).toBe(409);

    // Joe answers the first question; Anna sees which, not what
    const token = TOKEN.exec(question.text)![1]!;
    const boundary = 'x-proposal-test';
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/answer/${token}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nIn a lighthouse keeper's cottage.\r\n--${boundary}--\r\n`,
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const progress = (await asAnna('GET', '/api/interview-proposals')).json() as Array<{
      id: number;
      status: string;
      questions: Array<{ text: string; status: string }>;
    }>;
    expect(progress.find((p) => p.id === proposal.id)).toMatchObject({
      status: 'active',
      questions: [
        { text: 'Where were you born?', status: 'answered' },
        { text: 'Who taught you to swim, and where?', status: 'sent' },
      ],
    });
    expect(JSON.stringify(progress)).not.toContain('lighthouse');

    // an approved proposal cannot be withdrawn
    const late = await asAnna('DELETE', `/api/interview-proposals/${proposal.id}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This interview has already been approved, so it can no longer be withdrawn.');
  });

  it('deletes a declined proposal and tells the proposer; a waiting one can be withdrawn', async () => {
    const res = await asAnna('POST', '/api/interview-proposals', {
      ownerId: owner.user.id,
      storytellerContactId: null, // Ada herself
      schedule: { weekday: 0, hour: 10, timeZone: 'Europe/London' },
      questions: [{ text: 'What did you dream of becoming?' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    await t.smtp.waitForMail(owner.email, { subject: 'Anna proposes to ask you 1 question' });

    expect((await as(owner, 'POST', `/api/interviews/${id}/decline`)).statusCode).toBe(204);
    const told = await t.smtp.waitForMail(anna.email, { subject: 'Ada declined your interview with Ada themself' });
    expect(told.text).toContain('Hello Anna,');
    expect((await as(owner, 'GET', `/api/interviews/${id}`)).statusCode).toBe(404);
    expect(((await asAnna('GET', '/api/interview-proposals')).json() as Array<{ id: number }>).map((p) => p.id)).not.toContain(id);
    expect((await asAnna('DELETE', `/api/interview-proposals/${id}`)).statusCode).toBe(404);

    const another = await propose(anna, { storytellerContactId: joeId, questions: [{ text: 'Your first car?' }] });
    expect(another.statusCode).toBe(201);
    seenByAnna.push(another.body);
    const anotherId = (another.json() as { id: number }).id;
    // only the proposer can withdraw it, not the owner nor a stranger through this route
    expect((await as(owner, 'DELETE', `/api/interview-proposals/${anotherId}`)).statusCode).toBe(404);
    expect((await as(stranger, 'DELETE', `/api/interview-proposals/${anotherId}`)).statusCode).toBe(404);
    expect((await asAnna('DELETE', `/api/interview-proposals/${anotherId}`)).statusCode).toBe(204);
    expect((await as(owner, 'GET', `/api/interviews/${anotherId}`)).statusCode).toBe(404);
  });

  it('refuses a stranger, a contact that is not the owner’s or has no address, and proposals beyond the limit', async () => {
    expect(((await as(stranger, 'GET', '/api/interview-proposals/owners')).json() as unknown[]).length).toBe(0);
    expect((await as(stranger, 'GET', `/api/interview-proposals/owners/${owner.user.id}/storytellers`)).statusCode).toBe(404);
    const refused = await propose(stranger, { storytellerContactId: null, questions: [{ text: 'Spam?' }] });
    expect(refused.statusCode).toBe(404);
    // the owner cannot propose to themself
    expect((await as(owner, 'GET', `/api/interview-proposals/owners/${owner.user.id}/storytellers`)).statusCode).toBe(404);

    const strangersContact = await as(stranger, 'POST', '/api/contacts', {
      firstName: 'Someone',
      lastName: 'Else',
      relationship: 'friend',
      email: 'someone@example.com',
    });
    const message = "Choose a storyteller from the list: someone in Ada's contacts with an e-mail address.";
    for (const contactId of [(strangersContact.json() as { id: number }).id, noAddressId]) {
      const res = await asAnna('POST', '/api/interview-proposals', {
        ownerId: owner.user.id,
        storytellerContactId: contactId,
        schedule: null,
        questions: [{ text: 'Hello?' }],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }

    const waiting: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await propose(anna, { storytellerContactId: joeId, questions: [{ text: `Question ${i}?` }] });
      expect(res.statusCode, res.body).toBe(201);
      seenByAnna.push(res.body);
      waiting.push((res.json() as { id: number }).id);
    }
    expect((await propose(anna, { storytellerContactId: joeId, questions: [{ text: 'One too many?' }] })).statusCode).toBe(409);
    for (const id of waiting) expect((await asAnna('DELETE', `/api/interview-proposals/${id}`)).statusCode).toBe(204);
  });

  it('never shows the proposer a contact’s address', () => {
    expect(seenByAnna.length).toBeGreaterThan(5);
    for (const body of seenByAnna) {
      expect(body).not.toContain(joeEmail);
      expect(body).not.toContain('@');
    }
  });
});
