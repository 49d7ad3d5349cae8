// Interviews (decision 066) on a real database and a real mail server: the week's schedule across a restart,
// the answer link from opening to a memory, and the links that no longer work.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviewLinks, interviewQuestions, interviews as interviewsTable } from '@server/db/schema';
import { MAIL_JOB } from '@server/lib/mail';
import { buildSecondApp, multipart, signUp, storedFiles, type TestApp } from '@tests/helpers/server';
import type { SignedUp } from '@tests/helpers/users';
import { buildTestAppWithSmtp, type MailTestApp } from '@tests/helpers/smtp';
import { wavFile } from '@tests/helpers/audio';

const jpegFile = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

const TOKEN = /\/answer\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
const tokenIn = (mail: { text: string }) => {
  const match = TOKEN.exec(mail.text);
  if (!match) throw new Error(`No answer link in: ${mail.text}`);
  return match[1]!;
};

// a mail retried on a busy machine takes 30 s more (mailsDone)
describe('interviews', { timeout: 180_000 }, () => {
  let t: MailTestApp;
  let owner: SignedUp;
  let other: SignedUp;
  let roseId: number;
  const roseEmail = `rose-${Date.now()}@example.com`;

  const as = (who: SignedUp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload && { payload }) });
  /**
   * Until every queued mail is sent. On a busy machine a delivery may fail once and be retried 30 s later, and a
   * mail an app closed while sending is re-queued only once that app is seen gone: both are waited for.
   */
  const mailsDone = async (app: TestApp = t) => {
    const deadline = Date.now() + 75_000;
    for (let round = 1; (await app.app.jobs.pending(MAIL_JOB)) > 0; round++) {
      if (Date.now() > deadline) throw new Error('The mail jobs did not finish');
      if (round % 20 === 0) await app.app.jobs.reclaimFromDeadInstances();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const createInterview = async (payload: object) => {
    const res = await as(owner, 'POST', '/api/interviews', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; questions: Array<{ id: number; status: string; text: string }> };
  };
  /** An "all at once" interview with these questions; returns the tokens mailed for them, in order. */
  const sentAtOnce = async (texts: string[]) => {
    const before = t.smtp.mailTo(roseEmail).length;
    const interview = await createInterview({ storytellerContactId: roseId, schedule: null, questions: texts.map((text) => ({ text })) });
    await mailsDone();
    const mails = t.smtp.mailTo(roseEmail).slice(before);
    const tokens = texts.map((text) => tokenIn(mails.find((m) => m.subject.endsWith(text))!));
    return { interview, tokens };
  };
  const answerGet = (token: string) => t.app.inject({ method: 'GET', url: `/api/answer/${token}` });
  const answerPost = (token: string, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: `/api/answer/${token}`, payload: body.payload, headers: body.headers });
  };

  beforeAll(async () => {
    t = await buildTestAppWithSmtp();
    owner = await signUp(t.app, { firstName: 'Ada' });
    other = await signUp(t.app, { firstName: 'Zoe' });
    const contact = await as(owner, 'POST', '/api/contacts', {
      firstName: 'Rose',
      lastName: 'Tyler',
      relationship: 'family',
      email: roseEmail,
    });
    expect(contact.statusCode).toBe(201);
    roseId = (contact.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  it('sends one question a week at the storyteller’s hour, none twice and none skipped across a restart', async () => {
    const interview = await createInterview({
      storytellerContactId: roseId,
      // Mondays at 9 in New York
      schedule: { weekday: 1, hour: 9, timeZone: 'America/New_York' },
      questions: [{ text: 'Week one?' }, { text: 'Week two?' }, { text: 'Week three?' }],
    });
    // the interview began now; move its beginning back so the clock below is after it
    await t.db
      .update(interviewsTable)
      .set({ createdAt: new Date('2030-01-01T00:00:00Z') })
      .where(eq(interviewsTable.id, interview.id));
    const statuses = async (app: TestApp) => {
      const rows = await app.db.select().from(interviewQuestions).where(eq(interviewQuestions.interviewId, interview.id));
      return rows.sort((a, b) => a.position - b.position).map((q) => q.status);
    };
    const service = t.app.services.interviews;
    // Monday 6 January 2030, 08:30 in New York (13:30 UTC): not yet
    await service.tick(new Date('2030-01-06T13:30:00Z'));
    expect(await statuses(t)).toEqual(['waiting', 'waiting', 'waiting']);
    // 09:10 in New York: the first question; the same hour again, and the next day, send nothing more
    await service.tick(new Date('2030-01-07T14:10:00Z'));
    await service.tick(new Date('2030-01-07T14:40:00Z'));
    await service.tick(new Date('2030-01-08T14:10:00Z'));
    expect(await statuses(t)).toEqual(['sent', 'waiting', 'waiting']);
    // a reminder three days later, once
    await service.tick(new Date('2030-01-10T14:20:00Z'));
    await service.tick(new Date('2030-01-10T14:50:00Z'));

    // a new app on the same database (a restart): two instances look at the same hour at once. The mails sent so
    // far are out first: a second app started as the only instance takes a mail still being sent for interrupted.
    await mailsDone();
    const second = await buildSecondApp(t);
    try {
      const nextWeek = new Date('2030-01-14T14:05:00Z');
      await Promise.all([service.tick(nextWeek), second.app.services.interviews.tick(nextWeek)]);
      expect(await statuses(second)).toEqual(['sent', 'sent', 'waiting']);
      // the server was down all of the third Monday's hour: the question goes when it looks again
      await second.app.services.interviews.tick(new Date('2030-01-21T18:00:00Z'));
      expect(await statuses(second)).toEqual(['sent', 'sent', 'sent']);
      await mailsDone(second);
    } finally {
      await second.close();
    }
    await mailsDone();
    for (const text of ['Week one?', 'Week two?', 'Week three?']) expect(t.smtp.mailTo(roseEmail, `Ada asks: ${text}`)).toHaveLength(1);
    const mail = t.smtp.mailTo(roseEmail, 'Ada asks: Week one?')[0]!;
    expect(mail.text).toContain('Hello Rose,');
    expect(mail.text).toMatch(new RegExp(`${t.env.PUBLIC_URL}/answer/[A-Za-z0-9_-]{43}`));
    // reminders after 3 and 7 days without an answer, with the same link, and no third
    await service.tick(new Date('2030-01-24T18:01:00Z'));
    await service.tick(new Date('2030-02-24T18:02:00Z'));
    await mailsDone();
    const reminders = t.smtp.mailTo(roseEmail, 'A reminder — Ada asks: Week one?');
    expect(reminders).toHaveLength(2);
    for (const reminder of reminders) expect(tokenIn(reminder)).toBe(tokenIn(mail));
    await t.app.inject({ method: 'POST', url: `/api/answer/${tokenIn(mail)}/stop` });
  });

  it('turns an answer with a recording and a photo into a memory, mails the owner and spends the link', async () => {
    const { interview, tokens } = await sentAtOnce(['Where did you grow up?']);
    const token = tokens[0]!;
    const page = await answerGet(token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      question: 'Where did you grow up?',
      storytellerFirstName: 'Rose',
      ownerFirstName: 'Ada',
      status: 'open',
    });

    const res = await answerPost(token, [
      { name: 'text', value: 'In a house by the sea.' },
      { name: 'recording', filename: 'answer.wav', content: wavFile(), contentType: 'audio/wav' },
      { name: 'photos', filename: 'house.jpg', content: await jpegFile(), contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(201);

    const after = (await as(owner, 'GET', `/api/interviews/${interview.id}`)).json() as {
      status: string;
      questions: Array<{ status: string; answeredMemoryId: number }>;
    };
    expect(after.questions[0]!.status).toBe('answered');
    expect(after.status).toBe('finished');
    const memory = (await as(owner, 'GET', `/api/memories/${after.questions[0]!.answeredMemoryId}`)).json() as {
      title: string;
      content: string;
      tags: string[];
      attachments: Array<{ mimeType: string; id: string }>;
      storyteller: { contactId: number; name: string; treePersonId: number | null };
    };
    expect(memory.title).toBe('Where did you grow up?');
    expect(memory.content).toBe('In a house by the sea.');
    expect(memory.tags).toContain('interview');
    expect(memory.attachments.map((a) => a.mimeType).sort()).toEqual(['audio/wav', 'image/jpeg']);
    expect(memory.storyteller).toMatchObject({ contactId: roseId, name: 'Rose Tyler' });
    expect(memory.storyteller.treePersonId).toEqual(expect.any(Number)); // a family contact is in the tree

    const mail = await t.smtp.waitForMail(owner.email, { subject: 'Rose Tyler answered: Where did you grow up?' });
    expect(mail.text).toContain(`${t.env.PUBLIC_URL}/memories`);

    const again = await answerPost(token, [{ name: 'text', value: 'Twice?' }]);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This question has already been answered. Thank you!');
    expect((await answerGet(token)).json()).toMatchObject({ status: 'answered' });
  });

  it('takes a recording uploaded in pieces by the link, counted against the owner', async () => {
    const { tokens } = await sentAtOnce(['Sing me a song?', 'And another?']);
    const wav = wavFile();
    const tus = { 'tus-resumable': '1.0.0' };
    const begun = await t.app.inject({
      method: 'POST',
      url: `/api/answer/${tokens[0]}/uploads`,
      headers: { ...tus, 'upload-length': String(wav.length), 'upload-metadata': `filename ${Buffer.from('song.wav').toString('base64')}` },
    });
    expect(begun.statusCode, begun.body).toBe(201);
    const location = String(begun.headers.location);
    expect(location.startsWith(`/api/answer/${tokens[0]}/uploads/`)).toBe(true);
    const sent = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: wav,
    });
    expect(sent.statusCode, sent.body).toBe(204);
    // the same owner's link to another question cannot reach it
    const sideways = location.replace(tokens[0]!, tokens[1]!);
    expect((await t.app.inject({ method: 'HEAD', url: sideways, headers: tus })).statusCode).toBe(404);
    expect((await answerPost(tokens[1]!, [{ name: 'recordingUploadId', value: location.split('/').pop()! }])).statusCode).toBe(404);
    // another owner's link cannot reach it
    const theirs = await as(other, 'POST', '/api/interviews', {
      storytellerContactId: null,
      schedule: null,
      questions: [{ text: 'Theirs?' }],
    });
    expect(theirs.statusCode).toBe(201);
    const otherToken = tokenIn(await t.smtp.waitForMail(other.email, { subject: 'Your own interview asks: Theirs?' }));
    const elsewhere = location.replace(tokens[0]!, otherToken);
    expect((await t.app.inject({ method: 'HEAD', url: elsewhere, headers: tus })).statusCode).toBe(404);
    expect((await answerPost(otherToken, [{ name: 'recordingUploadId', value: location.split('/').pop()! }])).statusCode).toBe(404);
    const res = await answerPost(tokens[0]!, [{ name: 'recordingUploadId', value: location.split('/').pop()! }]);
    expect(res.statusCode, res.body).toBe(201);
    const memories = (await as(owner, 'GET', '/api/memories')).json() as Array<{ title: string; attachments: Array<{ mimeType: string }> }>;
    expect(memories.find((m) => m.title === 'Sing me a song?')!.attachments.map((a) => a.mimeType)).toEqual(['audio/wav']);
  });

  it('refuses a non-audio recording and a photo that is not a picture, keeping nothing', async () => {
    const { tokens } = await sentAtOnce(['What was your first job?']);
    const before = await storedFiles(t);
    const memoriesBefore = (await as(owner, 'GET', '/api/memories')).json() as unknown[];
    const fake = await answerPost(tokens[0]!, [
      { name: 'text', value: 'Baker.' },
      { name: 'recording', filename: 'voice.webm', content: Buffer.from('not a recording at all, only text'), contentType: 'audio/webm' },
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('A recording must be audio (MP3, WAV, OGG, M4A or a voice recording).');
    // a real video WebM is not a voice recording either
    const video = fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/files/recorded-video.webm'));
    expect((await answerPost(tokens[0]!, [{ name: 'recording', filename: 'voice.webm', content: video }])).statusCode).toBe(415);
    const notPicture = await answerPost(tokens[0]!, [
      { name: 'text', value: 'Baker.' },
      { name: 'photos', filename: 'bakery.jpg', content: Buffer.from('%PDF-1.4 not a picture'), contentType: 'image/jpeg' },
    ]);
    expect(notPicture.statusCode).toBe(415);
    expect(await storedFiles(t)).toEqual(before);
    expect(((await as(owner, 'GET', '/api/memories')).json() as unknown[]).length).toBe(memoriesBefore.length);
    expect((await answerGet(tokens[0]!)).json()).toMatchObject({ status: 'open' });
  });

  it('says when a link was replaced, has expired, was skipped, or its interview paused or stopped', async () => {
    const { interview, tokens } = await sentAtOnce(['Resent?', 'Expired?', 'Skipped?']);
    const [resent, expired, skipped] = tokens as [string, string, string];
    const question = interview.questions.find((q) => q.text === 'Resent?')!;

    const again = await as(owner, 'POST', `/api/interviews/${interview.id}/questions/${question.id}/resend`);
    expect(again.statusCode).toBe(200);
    await mailsDone();
    expect((await answerGet(resent)).json()).toMatchObject({ status: 'revoked' });
    const refused = await answerPost(resent, [{ name: 'text', value: 'Late' }]);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe('This link no longer works: a newer link was sent, or the interview was removed.');
    const newToken = tokenIn(t.smtp.mailTo(roseEmail, 'Ada asks: Resent?').at(-1)!);
    expect(newToken).not.toBe(resent);
    expect((await answerGet(newToken)).json()).toMatchObject({ status: 'open' });

    const expiredId = interview.questions.find((q) => q.text === 'Expired?')!.id;
    await t.db
      .update(interviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(interviewLinks.questionId, expiredId));
    expect((await answerGet(expired)).json()).toMatchObject({ status: 'expired' });
    expect((await answerPost(expired, [{ name: 'text', value: 'Too late' }])).statusCode).toBe(410);

    expect((await t.app.inject({ method: 'POST', url: `/api/answer/${skipped}/skip` })).json()).toEqual({ status: 'answered' });
    expect((await t.app.inject({ method: 'POST', url: `/api/answer/${skipped}/skip` })).statusCode).toBe(410);

    expect((await t.app.inject({ method: 'POST', url: `/api/answer/${newToken}/pause` })).json()).toEqual({ status: 'paused' });
    expect((await as(owner, 'GET', `/api/interviews/${interview.id}`)).json()).toMatchObject({ status: 'paused' });
    expect((await answerPost(newToken, [{ name: 'text', value: 'While paused' }])).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'POST', url: `/api/answer/${newToken}/stop` })).json()).toEqual({ status: 'stopped' });
    const owners = (await as(owner, 'GET', `/api/interviews/${interview.id}`)).json() as {
      status: string;
      questions: Array<{ status: string }>;
    };
    expect(owners.status).toBe('stopped');
    expect(owners.questions.map((q) => q.status).sort()).toEqual(['sent', 'sent', 'skipped']);

    // deleting the interview keeps the links saying so; an unknown token is 404
    expect((await as(owner, 'DELETE', `/api/interviews/${interview.id}`)).statusCode).toBe(204);
    expect((await answerGet(newToken)).json()).toMatchObject({ status: 'revoked' });
    expect((await answerGet('A'.repeat(43))).statusCode).toBe(404);
    expect((await answerPost('A'.repeat(43), [{ name: 'text', value: 'x' }])).statusCode).toBe(404);
  });

  it('keeps each owner’s interviews to themselves, and a token to its own question', async () => {
    const { interview, tokens } = await sentAtOnce(['First of two?', 'Second of two?']);
    for (const [method, url] of [
      ['GET', `/api/interviews/${interview.id}`],
      ['PATCH', `/api/interviews/${interview.id}`],
      ['DELETE', `/api/interviews/${interview.id}`],
      ['GET', `/api/interviews/${interview.id}/suggestions`],
      ['POST', `/api/interviews/${interview.id}/questions/${interview.questions[0]!.id}/resend`],
    ] as const) {
      const res = await as(other, method, url, method === 'PATCH' ? { status: 'paused' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(((await as(other, 'GET', '/api/interviews')).json() as Array<{ id: number }>).map((i) => i.id)).not.toContain(interview.id);
    // another user's contact cannot be the storyteller
    expect(
      (await as(other, 'POST', '/api/interviews', { storytellerContactId: roseId, schedule: null, questions: [{ text: 'Hi?' }] }))
        .statusCode,
    ).toBe(404);

    expect((await answerPost(tokens[0]!, [{ name: 'text', value: 'Only the first.' }])).statusCode).toBe(201);
    expect((await answerGet(tokens[1]!)).json()).toMatchObject({ question: 'Second of two?', status: 'open' });
    const after = (await as(owner, 'GET', `/api/interviews/${interview.id}`)).json() as {
      questions: Array<{ text: string; status: string }>;
    };
    expect(after.questions.map((q) => [q.text, q.status])).toEqual([
      ['First of two?', 'answered'],
      ['Second of two?', 'sent'],
    ]);
  });

  it('lets the owner edit the waiting questions, ask a follow-up and take the family’s suggestions', async () => {
    const library = (await as(owner, 'GET', '/api/interview-questions?theme=childhood')).json() as Array<{ id: string; theme: string }>;
    expect(library.length).toBeGreaterThan(0);
    expect(library.every((q) => q.theme === 'childhood')).toBe(true);
    expect((await as(owner, 'GET', '/api/interview-questions?theme=nope')).statusCode).toBe(400);

    const interview = await createInterview({
      storytellerContactId: null, // the owner themself
      schedule: { weekday: 3, hour: 20, timeZone: 'Europe/Paris' },
      questions: [{ libraryId: library[0]!.id }, { text: 'Own question?' }, { text: 'Removed?' }],
    });
    expect(interview.questions.map((q) => q.status)).toEqual(['waiting', 'waiting', 'waiting']);
    const [first, own, removed] = interview.questions as unknown as [{ id: number }, { id: number }, { id: number }];
    const edited = await as(owner, 'PATCH', `/api/interviews/${interview.id}`, {
      questions: [{ id: own.id, text: 'Own question, edited?' }, { id: first.id }, { text: 'Added?' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const texts = (edited.json() as { questions: Array<{ id: number; text: string }> }).questions.map((q) => q.text);
    expect(texts).toEqual(['Own question, edited?', library.find((q) => q.id === library[0]!.id) && expect.any(String), 'Added?']);
    expect(texts).not.toContain('Removed?');
    expect((await as(owner, 'PATCH', `/api/interviews/${interview.id}`, { questions: [{ id: removed.id }] })).statusCode).toBe(400);

    // a family member with an account, linked from the owner's contacts, suggests a question
    const cousin = await signUp(t.app, { firstName: 'Cal' });
    await t.db.execute(`UPDATE users SET email_verified_at = now() WHERE id = ${cousin.user.id}`);
    const contact = await as(owner, 'POST', '/api/contacts', {
      firstName: 'Cal',
      lastName: 'Cousin',
      relationship: 'family',
      email: cousin.email,
    });
    expect(contact.statusCode).toBe(201);
    const forMe = (await as(cousin, 'GET', '/api/interview-suggestions/for-me')).json() as Array<{ interviewId: number }>;
    expect(forMe.map((i) => i.interviewId)).toContain(interview.id);
    expect(((await as(other, 'GET', '/api/interview-suggestions/for-me')).json() as unknown[]).length).toBe(0);
    expect((await as(other, 'POST', `/api/interview-suggestions/for-me/${interview.id}`, { text: 'Spam?' })).statusCode).toBe(404);
    const suggested = await as(cousin, 'POST', `/api/interview-suggestions/for-me/${interview.id}`, { text: 'What did you play?' });
    expect(suggested.statusCode).toBe(201);
    const list = (await as(owner, 'GET', `/api/interviews/${interview.id}/suggestions`)).json() as Array<{
      id: number;
      suggestedBy: string;
    }>;
    expect(list[0]).toMatchObject({ suggestedBy: 'Cal Cousin' });
    const approved = await as(owner, 'PATCH', `/api/interviews/${interview.id}/suggestions/${list[0]!.id}`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(
      (await as(owner, 'PATCH', `/api/interviews/${interview.id}/suggestions/${list[0]!.id}`, { status: 'declined' })).statusCode,
    ).toBe(409);
    const withSuggestion = (await as(owner, 'GET', `/api/interviews/${interview.id}`)).json() as { questions: Array<{ text: string }> };
    expect(withSuggestion.questions.at(-1)!.text).toBe('What did you play?');

    // a follow-up on an answered question goes first; the owner answers their own interview
    const once = await createInterview({
      storytellerContactId: null,
      schedule: null,
      questions: [{ text: 'Self question?' }, { text: 'Later?' }],
    });
    await mailsDone();
    const selfMail = t.smtp.mailTo(owner.email, 'Your own interview asks: Self question?')[0]!;
    expect((await answerPost(tokenIn(selfMail), [{ name: 'text', value: 'Me.' }])).statusCode).toBe(201);
    const memoryId = ((await as(owner, 'GET', `/api/interviews/${once.id}`)).json() as { questions: Array<{ answeredMemoryId: number }> })
      .questions[0]!.answeredMemoryId;
    expect((await as(owner, 'GET', `/api/memories/${memoryId}`)).json()).toMatchObject({ storyteller: null });
    const follow = await as(owner, 'POST', `/api/interviews/${once.id}/questions/${once.questions[0]!.id}/follow-up`, {
      text: 'And then?',
    });
    expect(follow.statusCode).toBe(200);
    const followed = follow.json() as { questions: Array<{ text: string; followUpOf: number | null; status: string }> };
    expect(followed.questions.find((q) => q.text === 'And then?')).toMatchObject({ followUpOf: once.questions[0]!.id, status: 'sent' });
    // deleting the interview keeps the memory its answer made
    expect((await as(owner, 'DELETE', `/api/interviews/${once.id}`)).statusCode).toBe(204);
    expect((await as(owner, 'GET', `/api/memories/${memoryId}`)).statusCode).toBe(200);
  });
});
