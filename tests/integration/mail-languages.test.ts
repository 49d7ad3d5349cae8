// Every mail is written in its reader's language (issue 33): a contact's own language, else the owner's; an
// account's language. English mails stay word for word as they were, and every mail names its language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
