// /api/family-dates and the weekly mail, on a real database and a real mail server.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOB } from '@server/lib/mail';
import { treePersons, treeRelations } from '@server/db/schema';
import { signUp } from '@tests/helpers/server';
import type { SignedUp } from '@tests/helpers/users';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';
import { DIGEST_SUBJECT } from './digest-mail';
import { FAMILY_DATES_JOB, queueFamilyDatesCheck } from './family-dates-job';

type PersonValues = Partial<typeof treePersons.$inferInsert>;

describe('/api/family-dates', () => {
  let t: MailTestApp;
  let owner: SignedUp;
  let other: SignedUp;

  const get = (who: SignedUp, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  const put = (who: SignedUp, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/family-dates/settings', headers: { cookie: who.cookie }, payload });
  const person = async (userId: number, values: PersonValues) =>
    (
      await t.db
        .insert(treePersons)
        .values({ userId, ...values })
        .returning({ id: treePersons.id })
    )[0]!.id;
  const parent = (userId: number, parentId: number, childId: number) =>
    t.db.insert(treeRelations).values({ userId, kind: 'parent', type: 'birth', fromId: parentId, toId: childId });
  const contact = async (who: SignedUp, firstName: string, birthday: string, relationship: 'family' | 'friend' = 'friend') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { cookie: who.cookie },
      payload: { firstName, lastName: 'Example', relationship, birthday },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const mailsDone = async () => {
    const deadline = Date.now() + 30_000;
    while ((await t.app.jobs.pending(MAIL_JOB)) > 0) {
      if (Date.now() > deadline) throw new Error('The mail jobs did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    t = await buildTestAppWithSmtp();
    owner = await signUp(t.app, { firstName: 'Ada' });
    other = await signUp(t.app, { firstName: 'Zoe' });
    const id = owner.user.id;
    const me = await person(id, { isOwner: true, givenNames: 'Ada', sex: 'female' });
    const mother = await person(id, { givenNames: 'Mary Ann', sex: 'female', birthDate: '1952-03-03' });
    const tom = await person(id, { givenNames: 'Tom', sex: 'male' });
    const rose = await person(id, { givenNames: 'Rose', sex: 'female', birthDate: '1926-12-04', died: true, deathDate: '1990-03-01' });
    const jack = await person(id, { givenNames: 'Jack', sex: 'male', died: true, deathDate: '2016-11-30' });
    // a family contact is placed in the tree by the contacts feature itself
    const annaContact = await contact(owner, 'Anna', '2018-12-01', 'family');
    const [placed] = await t.db.select({ id: treePersons.id }).from(treePersons).where(eq(treePersons.contactId, annaContact));
    const anna = placed?.id ?? (await person(id, { contactId: annaContact }));
    await t.db.update(treePersons).set({ givenNames: 'Anna', sex: 'female', birthDate: null }).where(eq(treePersons.id, anna));
    await person(id, { givenNames: 'Ben', birthDate: '2020-12-10' });
    await parent(id, mother, me);
    await parent(id, tom, me);
    await parent(id, rose, mother);
    await parent(id, jack, mother);
    await parent(id, me, anna);
    await t.db
      .insert(treeRelations)
      .values({ userId: id, kind: 'partner', type: 'married', fromId: mother, toId: tom, startDate: '1976-12-06' });
    await contact(owner, 'Sam', '1990-12-03');
    // another owner's family, never shown to Ada
    await contact(other, 'Zed', '1990-12-02');
    await person(other.user.id, { givenNames: 'Yves', birthDate: '1950-12-01' });
  });
  afterAll(() => t.close());

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/family-dates' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/family-dates/settings' })).statusCode).toBe(401);
  });

  it("lists the coming week's dates as the family says them, the owner's only", async () => {
    const res = await get(owner, '/api/family-dates?date=2026-11-30');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { from: string; days: number; dates: Array<{ text: string; contactId: number | null }> };
    expect(body.from).toBe('2026-11-30');
    expect(body.days).toBe(7);
    expect(body.dates.map((d) => d.text)).toEqual([
      '10 years since your grandfather Jack died, today',
      // Anna is a contact and a tree person: listed once
      'Your daughter Anna turns 8 tomorrow',
      'Sam turns 36 on Thursday',
      'Your grandmother Rose would have been 100 on Friday',
      "Mary and Tom's 50th wedding anniversary on Sunday",
    ]);
  });

  it('looks further ahead when asked', async () => {
    const res = await get(owner, '/api/family-dates?date=2026-11-30&days=14');
    expect((res.json() as { dates: Array<{ text: string }> }).dates.map((d) => d.text)).toContain('Ben turns 6 on Thursday 10 December');
  });

  it("never shows another owner's family", async () => {
    const res = await get(other, '/api/family-dates?date=2026-11-30');
    expect((res.json() as { dates: Array<{ text: string }> }).dates.map((d) => d.text)).toEqual([
      'Yves turns 76 tomorrow',
      'Zed turns 36 on Wednesday',
    ]);
  });

  it('writes the lines in the language of the request', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/family-dates?date=2026-11-30',
      headers: { cookie: other.cookie, 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect((res.json() as { dates: Array<{ text: string }> }).dates.map((d) => d.text)).toEqual([
      'Yves cumple 76 años mañana',
      'Zed cumple 36 años el miércoles',
    ]);
  });

  it('uses the saved time zone for today when no date is given', async () => {
    const res = await get(owner, '/api/family-dates');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { from: string }).from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['days=0', 'days must be a whole number from 1 to 31'],
    ['days=32', 'days must be a whole number from 1 to 31'],
    ['days=seven', 'days must be a whole number from 1 to 31'],
    ['date=2026-02-30', 'date must be a real day between 1900 and 9998, written YYYY-MM-DD'],
    ['date=tomorrow', 'date must be a real day between 1900 and 9998, written YYYY-MM-DD'],
  ])('refuses %s with a clear message', async (query, message) => {
    const res = await get(owner, `/api/family-dates?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('keeps one check queued for the next full hour, however many ask', async () => {
    const queued = async () => {
      const { rows } = await t.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'created' AND start_after > now()`,
        [FAMILY_DATES_JOB],
      );
      return rows[0]!.n;
    };
    // the check queued at start has run and queued the next
    const deadline = Date.now() + 30_000;
    while ((await queued()) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await queued()).toBe(1);
    await queueFamilyDatesCheck(t.app.jobs);
    await queueFamilyDatesCheck(t.app.jobs);
    expect(await queued()).toBe(1);
  });

  it('keeps the weekly mail off until the owner switches it on', async () => {
    expect((await get(owner, '/api/family-dates/settings')).json()).toEqual({ digest: false, timeZone: null });
    expect(await t.app.services.familyDates.sendDueDigests(new Date('2030-12-02T09:00:00Z'))).toBe(0);
    const bad = await put(owner, { digest: true, timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'timeZone must be an IANA time zone such as Europe/Paris' });
  });

  it("sends the week's mail once, on Monday morning in the owner's zone, and again the next week", async () => {
    const on = await put(owner, { digest: true, timeZone: 'Europe/Paris' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ digest: true, timeZone: 'Europe/Paris' });
    const check = (at: string) => t.app.services.familyDates.sendDueDigests(new Date(at));

    expect(await check('2030-12-02T05:30:00Z')).toBe(0); // 06:30 in Paris: not yet
    expect(await check('2030-12-02T06:00:00Z')).toBe(1); // 07:00
    expect(await check('2030-12-02T07:00:00Z')).toBe(0);
    expect(await check('2030-12-05T12:00:00Z')).toBe(0);
    const mail = await t.smtp.waitForMail(owner.email, { subject: DIGEST_SUBJECT });
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain("- Mary and Tom's 54th wedding anniversary on Friday 6 December");
    expect(mail.text).toContain('- Sam turns 40 on Tuesday 3 December');
    expect(mail.text).toContain(`${t.env.PUBLIC_URL}/family`);
    expect(mail.text).toContain(`switch it off in Settings → Account: ${t.env.PUBLIC_URL}/settings`);
    expect(mail.text).not.toContain('Zed');

    expect(await check('2030-12-09T06:00:00Z')).toBe(1);
    expect(await check('2030-12-09T08:00:00Z')).toBe(0);
    await mailsDone();
    const mails = t.smtp.mailTo(owner.email, DIGEST_SUBJECT);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('- Ben turns 10 on Tuesday 10 December');
  });

  it('sends nothing once switched off', async () => {
    const off = await put(owner, { digest: false });
    expect(off.json()).toEqual({ digest: false, timeZone: 'Europe/Paris' });
    expect(await t.app.services.familyDates.sendDueDigests(new Date('2030-12-16T09:00:00Z'))).toBe(0);
    await mailsDone();
    expect(t.smtp.mailTo(owner.email, DIGEST_SUBJECT)).toHaveLength(2);
  });

  it("sends another owner's mail with their own family only", async () => {
    await put(other, { digest: true, timeZone: 'UTC' });
    expect(await t.app.services.familyDates.sendDueDigests(new Date('2030-11-25T08:00:00Z'))).toBe(1);
    const mail = await t.smtp.waitForMail(other.email, { subject: DIGEST_SUBJECT });
    expect(mail.text).toContain('Hello Zoe,');
    expect(mail.text).toContain('- Yves turns 80 on Sunday 1 December');
    expect(mail.text).not.toContain('Anna');
    expect(mail.text).not.toContain('Sam');
  });

  it('writes the lines and the weekly mail of an owner in German in German', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: { cookie: owner.cookie }, payload: { language: 'de' } }))
        .statusCode,
    ).toBe(200);
    const res = await get(owner, '/api/family-dates?date=2026-11-30');
    expect((res.json() as { dates: Array<{ text: string }> }).dates.map((d) => d.text)).toEqual([
      'Heute ist es 10 Jahre her, dass Ihr Großvater Jack gestorben ist',
      'Ihre Tochter Anna wird morgen 8',
      'Sam wird am Donnerstag 36',
      'Ihre Großmutter Rose wäre am Freitag 100 geworden',
      'Mary und Tom feiern am Sonntag ihren 50. Hochzeitstag',
    ]);

    await put(owner, { digest: true, timeZone: 'UTC' });
    await t.app.services.familyDates.sendDueDigests(new Date('2031-12-01T08:00:00Z'));
    const mail = await t.smtp.waitForMail(owner.email, { subject: 'Tage, die in Ihrer Familie diese Woche zählen' });
    expect(mail.text).toContain('- Ihre Tochter Anna wird am Montag, 1. Dezember 13');
    expect(mail.text).toContain('- Sam wird am Mittwoch, 3. Dezember 41');
    expect(mail.text).toContain('- Mary und Tom feiern am Samstag, 6. Dezember ihren 55. Hochzeitstag');
    expect(mail.html).toContain('<li>Ihre Tochter Anna wird am Montag, 1. Dezember 13</li>');
  });
});
