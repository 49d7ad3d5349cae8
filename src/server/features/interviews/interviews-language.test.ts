// Interviews in the storyteller's language (decision 082): a library question is asked in the contact's language
// (the one their mail is written in), a question the owner wrote exactly as written, and the answer page says
// which language to speak.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLibraryQuestion } from '@shared/interviews/question-library';
import { MAIL_JOB } from '@server/lib/mail';
import { signUp } from '@tests/helpers/server';
import type { SignedUp } from '@tests/helpers/users';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';

const TOKEN = /\/answer\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

describe('interviews in the storyteller’s language', { timeout: 180_000 }, () => {
  let t: MailTestApp;
  let owner: SignedUp;

  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload && { payload }) });
  const mailsDone = async () => {
    const deadline = Date.now() + 75_000;
    for (let round = 1; (await t.app.jobs.pending(MAIL_JOB)) > 0; round++) {
      if (Date.now() > deadline) throw new Error('The mail jobs did not finish');
      if (round % 20 === 0) await t.app.jobs.reclaimFromDeadInstances();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** Asks `email`'s contact these questions at once; the answer pages of the mailed links. */
  const askedPages = async (contact: { email: string; language?: string }, questions: object[]) => {
    const created = await as('POST', '/api/contacts', { firstName: 'Greta', lastName: 'Berg', relationship: 'family', ...contact });
    expect(created.statusCode, created.body).toBe(201);
    const interview = await as('POST', '/api/interviews', {
      storytellerContactId: (created.json() as { id: number }).id,
      schedule: null,
      questions,
    });
    expect(interview.statusCode, interview.body).toBe(201);
    await mailsDone();
    const tokens = t.smtp.mailTo(contact.email).map((mail) => TOKEN.exec(mail.text)![1]!);
    expect(tokens).toHaveLength(questions.length);
    const pages = await Promise.all(tokens.map((token) => t.app.inject({ method: 'GET', url: `/api/answer/${token}` })));
    return {
      stored: (interview.json() as { questions: Array<{ text: string }> }).questions.map((q) => q.text),
      pages: pages.map((page) => page.json() as { question: string; language: string }),
    };
  };

  beforeAll(async () => {
    t = await buildTestAppWithSmtp();
    owner = await signUp(t.app, { firstName: 'Ada' });
  });
  afterAll(() => t.close());

  it('asks a German contact the library’s question in German and the owner’s own as written', async () => {
    const earliest = findLibraryQuestion('childhood-02')!;
    const { stored, pages } = await askedPages({ email: `greta-${Date.now()}@example.com`, language: 'de' }, [
      { libraryId: earliest.id },
      { text: 'What was the farm like?' },
    ]);
    // the owner reads English: the question is kept in the words they chose it in
    expect(stored).toEqual([earliest.text, 'What was the farm like?']);
    expect(pages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          question: 'Was ist Ihre allererste Erinnerung? Wie alt waren Sie, und wer war dabei?',
          language: 'de',
          storytellerFirstName: 'Greta',
        }),
        expect.objectContaining({ question: 'What was the farm like?', language: 'de' }),
      ]),
    );
  });

  it('speaks the owner’s language to a contact without one of their own, English exactly as before', async () => {
    const earliest = findLibraryQuestion('childhood-02')!;
    const { pages } = await askedPages({ email: `rose-${Date.now()}@example.com` }, [{ libraryId: earliest.id }]);
    expect(pages).toEqual([expect.objectContaining({ question: earliest.text, language: 'en' })]);
  });

  it('keeps a German owner’s library question in German, and asks their Spanish contact in Spanish', async () => {
    const german = await signUp(t.app, { firstName: 'Klara' });
    const language = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: { cookie: german.cookie },
      payload: { language: 'de' },
    });
    expect(language.statusCode, language.body).toBe(200);
    const email = `lucia-${Date.now()}@example.com`;
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { cookie: german.cookie },
      payload: { firstName: 'Lucía', lastName: 'Vega', relationship: 'family', email, language: 'es' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const interview = await t.app.inject({
      method: 'POST',
      url: '/api/interviews',
      headers: { cookie: german.cookie },
      payload: { storytellerContactId: (contact.json() as { id: number }).id, schedule: null, questions: [{ libraryId: 'places-04' }] },
    });
    expect(interview.statusCode, interview.body).toBe(201);
    expect((interview.json() as { questions: Array<{ text: string }> }).questions[0]!.text).toBe(
      'Was ist der schönste Ort, an dem Sie je waren?',
    );
    await mailsDone();
    const token = TOKEN.exec(t.smtp.mailTo(email)[0]!.text)![1]!;
    expect((await t.app.inject({ method: 'GET', url: `/api/answer/${token}` })).json()).toMatchObject({
      question: '¿Cuál es el lugar más bonito que ha conocido?',
      language: 'es',
    });
  });
  it('lists the question library in the reader’s language', async () => {
    const library = (lang: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/interview-questions?theme=childhood',
        headers: { cookie: owner.cookie, 'accept-language': lang },
      });
    const english = (await library('en')).json() as Array<{ id: string; text: string }>;
    const german = (await library('de')).json() as Array<{ id: string; text: string }>;
    expect(german.map((q) => q.id)).toEqual(english.map((q) => q.id));
    expect(english[0]!.text).toBe(findLibraryQuestion(english[0]!.id)!.text);
    expect(german[0]!.text).not.toBe(english[0]!.text);
  });
});
