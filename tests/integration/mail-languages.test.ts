// Every mail is written in its reader's language (issue 33): a contact's own language, else the owner's; an
// account's language. English mails stay word for word as they were, and every mail names its language.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treePersons, treeRelations, users } from '@server/db/schema';
import { signUp } from '@tests/helpers/server';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';

type Session = Awaited<ReturnType<typeof signUp>>;

describe('mails in their reader’s language', () => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await buildTestAppWithSmtp();
  });
  afterAll(() => t.close());

  const call = (who: Session, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });

  async function shareWith(owner: Session, contact: object) {
    const made = await call(owner, 'POST', '/api/contacts', { firstName: 'Greta', relationship: 'family', ...contact });
    expect(made.statusCode, made.body).toBe(201);
    const kin = made.json<{ id: number; email: string; language: string | null }>();
    const collection = await call(owner, 'POST', '/api/collections', { title: 'Sommer 1999' });
    expect(collection.statusCode, collection.body).toBe(201);
    const link = await call(owner, 'POST', `/api/collections/${collection.json<{ id: number }>().id}/links`, {
      kind: 'personal',
      contactId: kin.id,
    });
    expect(link.statusCode, link.body).toBe(201);
    return kin;
  }

  const address = () => `kin-${Math.random().toString(36).slice(2)}@example.com`;

  it('a contact whose language is German receives the shared link in German', async () => {
    const owner = await signUp(t.app, { firstName: 'Ada', surname: 'Lovelace' });
    const kin = await shareWith(owner, { email: address(), language: 'de' });
    expect(kin.language).toBe('de');

    const mail = await t.smtp.waitForMail(kin.email, { subject: 'Ada Lovelace hat „Sommer 1999“ mit Ihnen geteilt' });
    expect(mail.contentLanguage).toBe('de');
    expect(mail.text).toContain('Ada Lovelace hat die Sammlung „Sommer 1999“ auf heirloom mit Ihnen geteilt.');
    expect(mail.text).toContain('Zum Öffnen brauchen Sie kein Konto.');
    expect(mail.text).not.toContain('You do not need an account');
  });

  it('a contact without a language reads the owner’s, and an owner in English writes exactly as before', async () => {
    const french = await signUp(t.app, { firstName: 'Marie', surname: 'Curie' });
    expect((await call(french, 'PUT', '/api/user/language', { language: 'fr' })).statusCode).toBe(200);
    const theirs = await shareWith(french, { email: address() });
    const inFrench = await t.smtp.waitForMail(theirs.email, { subject: 'Marie Curie a partagé « Sommer 1999 » avec vous' });
    expect(inFrench.contentLanguage).toBe('fr');

    const english = await signUp(t.app, { firstName: 'Ada', surname: 'Byron' });
    const kin = await shareWith(english, { email: address() });
    const mail = await t.smtp.waitForMail(kin.email, { subject: "Ada Byron shared 'Sommer 1999' with you" });
    expect(mail.contentLanguage).toBe('en');
    expect(mail.text).toContain("Ada Byron shared the collection 'Sommer 1999' with you on heirloom. Open it here:");
    expect(mail.text).toContain('You do not need an account to open it.');
  });

  it('a verifier whose language is German is told in German that they were named, with the plan’s rules', async () => {
    const owner = await signUp(t.app, { firstName: 'Rose', surname: 'King' });
    const made = await call(owner, 'POST', '/api/contacts', {
      firstName: 'Greta',
      relationship: 'family',
      email: address(),
      language: 'de',
    });
    expect(made.statusCode, made.body).toBe(201);
    const verifier = made.json<{ id: number; email: string }>();
    const plan = { checkInMonths: 6, vetoDays: 7, verifierContactIds: [verifier.id], verifiersRequired: 1 };
    const saved = await call(owner, 'PUT', '/api/legacy/plan', plan);
    expect(saved.statusCode, saved.body).toBe(200);

    const mail = await t.smtp.waitForMail(verifier.email, {
      subject: 'Rose King hat Sie als Vertrauensperson für den heirloom-Nachlassplan benannt',
    });
    expect(mail.contentLanguage).toBe('de');
    expect(mail.text).toContain('Guten Tag Greta,');
    expect(mail.text).toContain('Rose King erhält sofort eine E-Mail und hat 7 Tage Zeit, abzubrechen');
    expect(mail.text).toContain('/legacy/verify/');
    expect(mail.text).not.toContain('You need no account');
  });

  it('an account in French receives its password-reset mail in French; one in English as before', async () => {
    const french = await signUp(t.app, { firstName: 'Marie' });
    expect((await call(french, 'PUT', '/api/user/language', { language: 'fr' })).statusCode).toBe(200);
    const english = await signUp(t.app, { firstName: 'Ada' });
    for (const who of [french, english]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: who.email } });
      expect(res.statusCode).toBe(202);
    }

    const inFrench = await t.smtp.waitForMail(french.email, { subject: 'Réinitialisez votre mot de passe heirloom' });
    expect(inFrench.contentLanguage).toBe('fr');
    expect(inFrench.text).toContain('Bonjour Marie,');
    expect(inFrench.text).toContain('Le lien expire dans 1 heure');

    const inEnglish = await t.smtp.waitForMail(english.email, { subject: 'Reset your heirloom password' });
    expect(inEnglish.contentLanguage).toBe('en');
    expect(inEnglish.text).toContain('Hello Ada,');
    expect(inEnglish.text).toContain('The link expires in 1 hour and works only once.');
  });

  async function germanContact(owner: Session, firstName = 'Greta') {
    const made = await call(owner, 'POST', '/api/contacts', {
      firstName,
      lastName: 'Berg',
      relationship: 'family',
      email: address(),
      language: 'de',
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<{ id: number; email: string }>();
  }

  const inGerman = async (owner: Session) =>
    expect((await call(owner, 'PUT', '/api/user/language', { language: 'de' })).statusCode).toBe(200);

  it('a storyteller whose language is German is asked the interview’s question in German, text and HTML', async () => {
    const owner = await signUp(t.app, { firstName: 'Ada' });
    const greta = await germanContact(owner);
    const made = await call(owner, 'POST', '/api/interviews', {
      storytellerContactId: greta.id,
      schedule: null,
      questions: [{ text: 'Wie war Ihr erster Schultag?' }],
    });
    expect(made.statusCode, made.body).toBe(201);

    const mail = await t.smtp.waitForMail(greta.email, { subject: 'Ada fragt: Wie war Ihr erster Schultag?' });
    expect(mail.contentLanguage).toBe('de');
    expect(mail.text).toContain('Guten Tag Greta,');
    expect(mail.text).toContain('Hier ist eine Frage für Sie:');
    expect(mail.text).toMatch(/Diese Frage beantworten: \S+\/answer\//);
    expect(mail.text).toMatch(/Der Link ist nur für Sie und gilt bis zum \d{1,2}\. [A-Za-zä]+ \d{4}\./);
    expect(mail.text).not.toContain('Answer this question');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Ada sammelt in heirloom die Geschichten der Familie');
  });

  it('a caregiver whose language is German is told in German that they were named', async () => {
    const owner = await signUp(t.app, { firstName: 'Rose', surname: 'King' });
    const greta = await germanContact(owner);
    const saved = await call(owner, 'PUT', '/api/legacy/care', {
      caregivers: [greta.id],
      scope: { documents: true, collectionIds: [], contacts: true },
      waitingDays: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const mail = await t.smtp.waitForMail(greta.email, { subject: 'Rose King hat Sie auf heirloom als Betreuungsperson benannt' });
    expect(mail.contentLanguage).toBe('de');
    expect(mail.text).toContain('Guten Tag Greta,');
    expect(mail.text).toContain('können Sie nach 3 Tagen die Dokumente im Tresor und die Kontakte sehen');
    expect(mail.text).not.toContain('You need no account');
  });

  it('an owner in German receives the week’s family dates in German', async () => {
    const owner = await signUp(t.app, { firstName: 'Ada' });
    await inGerman(owner);
    const kin = await call(owner, 'POST', '/api/contacts', { firstName: 'Sam', relationship: 'family', birthday: '1990-12-03' });
    expect(kin.statusCode, kin.body).toBe(201);
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/family-dates/settings',
      headers: { cookie: owner.cookie },
      payload: { digest: true, timeZone: 'UTC' },
    });
    expect(on.statusCode, on.body).toBe(200);
    await t.app.services.familyDates.sendDueDigests(new Date('2030-12-02T08:00:00Z'));

    const mail = await t.smtp.waitForMail(owner.email, { subject: 'Tage, die in Ihrer Familie diese Woche zählen' });
    expect(mail.contentLanguage).toBe('de');
    expect(mail.text).toContain('Guten Tag Ada,');
    expect(mail.text).toContain('Das sind die Tage, die in Ihrer Familie in den kommenden sieben Tagen zählen:');
    expect(mail.text).toContain('Um sie abzubestellen, schalten Sie sie unter Einstellungen → Konto aus:');
    expect(mail.html).toContain('<html lang="de">');
  });

  it('an owner in German is told in German who their rule by relation now reaches', async () => {
    const owner = await signUp(t.app, { firstName: 'Rose', surname: 'King' });
    await inGerman(owner);
    const collection = await call(owner, 'POST', '/api/collections', { title: 'Sommer am See' });
    const collectionId = collection.json<{ id: number }>().id;
    const person = async (values: { givenNames: string; isOwner?: boolean; contactId?: number }) => {
      const placed = values.contactId
        ? await t.db.select({ id: treePersons.id }).from(treePersons).where(eq(treePersons.contactId, values.contactId))
        : [];
      if (placed[0]) return placed[0].id;
      const [row] = await t.db
        .insert(treePersons)
        .values({ userId: owner.user.id, surname: 'King', ...values })
        .returning({ id: treePersons.id });
      return row!.id;
    };
    const [existingOwner] = await t.db.select({ id: treePersons.id }).from(treePersons).where(eq(treePersons.userId, owner.user.id));
    const ownerPerson = existingOwner?.id ?? (await person({ givenNames: 'Rose', isOwner: true }));
    const rule = await call(owner, 'POST', '/api/legacy/relation-rules', { relation: 'children', collectionId });
    expect(rule.statusCode, rule.body).toBe(201);

    const greta = await germanContact(owner);
    const child = await person({ givenNames: 'Greta', contactId: greta.id });
    await t.db.insert(treeRelations).values({ userId: owner.user.id, kind: 'parent', fromId: ownerPerson, toId: child, type: 'birth' });
    await t.app.services.legacyRelations.familyChanged(owner.user.id);

    const mail = await t.smtp.waitForMail(owner.email, { subject: /^Ihr Nachlassplan geht mit Ihrer Familie mit: / });
    expect(mail.contentLanguage).toBe('de');
    expect(mail.text).toContain('Guten Tag Rose,');
    expect(mail.text).toMatch(/erhält jetzt „Sommer am See“ \(jedes Ihrer Kinder, nach Ihrem Tod\)\./);
    expect(mail.text).toContain('Erstellen Sie den Schlüsselcode für');
  });

  it('an invitation is written in the language of the administrator’s contact at that address, else the administrator’s', async () => {
    const admin = await signUp(t.app, { firstName: 'Olive', surname: 'Owner' });
    // heirloom has one administrator: this test's account takes the part
    await t.db.update(users).set({ isAdministrator: false }).where(eq(users.isAdministrator, true));
    await t.db.update(users).set({ isAdministrator: true }).where(eq(users.id, admin.user.id));
    const greta = await germanContact(admin);
    const stranger = address();
    for (const email of [greta.email, stranger]) {
      const sent = await call(admin, 'POST', '/api/admin/invitations', { email });
      expect(sent.statusCode, sent.body).toBe(201);
    }

    const mail = await t.smtp.waitForMail(greta.email, { subject: 'Olive Owner lädt Sie zu heirloom ein' });
    expect(mail.contentLanguage).toBe('de');
    expect(mail.text).toContain('Um Ihr Konto anzulegen, öffnen Sie diesen Link:');
    expect(mail.text).toContain('/register?invitation=');
    const english = await t.smtp.waitForMail(stranger, { subject: 'Olive Owner invites you to heirloom' });
    expect(english.contentLanguage).toBe('en');
    expect(english.text).toContain('The link works once, for this e-mail address, for 14 days.');
  });

  it('a contact’s language must be one heirloom ships; it can be changed and cleared', async () => {
    const owner = await signUp(t.app);
    const refused = await call(owner, 'POST', '/api/contacts', { firstName: 'Ola', relationship: 'friend', language: 'xx' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please choose one of the languages offered');

    const made = await call(owner, 'POST', '/api/contacts', { firstName: 'Ola', relationship: 'friend', language: 'es' });
    const id = made.json<{ id: number }>().id;
    expect((await call(owner, 'PATCH', `/api/contacts/${id}`, { language: 'xx' })).statusCode).toBe(400);
    const changed = await call(owner, 'PATCH', `/api/contacts/${id}`, { language: 'fr' });
    expect(changed.json().language).toBe('fr');
    const cleared = await call(owner, 'PATCH', `/api/contacts/${id}`, { language: null });
    expect(cleared.json().language).toBeNull();
  });
});
