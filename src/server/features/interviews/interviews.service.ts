// Interviews' rules (decision 066): the owner's interviews and their questions, the weekly schedule, the answer
// links and what an answer becomes (a memory of the owner's, through the memories and photos services), and the
// family's suggested questions. A question is claimed (sent, with its link) in the same transaction that queues
// its mail: a restart neither sends one twice nor skips one.
import type { FastifyBaseLogger } from 'fastify';
import {
  ANSWER_LINK_DAYS,
  INTERVIEW_MAX_QUESTIONS,
  INTERVIEW_PROPOSALS_WAITING_MAX,
  type AnswerLinkStatus,
  type AnswerPage,
  type Interview,
  type InterviewInput,
  type InterviewPatch,
  type InterviewProposal,
  type InterviewProposalInput,
  type InterviewQuestionInput,
  type InterviewSchedule,
} from '@shared/schemas/interviews';
import {
  askedQuestionText,
  findLibraryQuestion,
  libraryQuestionText,
  questionLibrary,
  questionThemes,
} from '@shared/interviews/question-library';
import type { Tx } from '../../lib/durable-files';
import { defineMessages } from '../../lib/define-messages';
import { AppError, badRequest, conflict, notFound, type ErrorText } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import { assertCompleteImage, readImageHeader } from '../../lib/images';
import { jobExecutorOf } from '../../lib/job-in-transaction';
import type { JobQueue } from '../../lib/jobs';
import type { LinkTokens } from '../../lib/link-tokens';
import { sentence, shippedLanguages, translator } from '../../lib/i18n';
import { MAIL_JOB, type MailMessage } from '../../lib/mail';
import { accountLanguage, contactLanguage } from '../../lib/mail-language';
import type { ReceivedFile } from '../../lib/uploads';
import type { MemoriesService } from '../memories/memories.service';
import type { PhotosService } from '../photos/photos.service';
import { discardAnswer } from './answer-upload';
import { answeredMail, proposalDecidedMail, proposalMail, questionMail } from './interview-mails';
import { DAY_MS, systemClock, weeklyQuestionDue, type InterviewClock } from './interview-schedule';
import type { InterviewsRepo, LinkRow, NewQuestion } from './interviews.repo';
import { userText } from '@shared/i18n/text';

export const INTERVIEW_TAG = 'interview';
export const TRANSCRIPT_TAG = 'transcript';
/** The first line of a memory's text that a speech-to-text model wrote (the owner removes it once checked). */
export const TRANSCRIPT_LINE = 'Transcript of the recording, to be checked:';
const REMINDER_DAYS = [3, 7];

export const ANSWER_REFUSALS: Record<Exclude<AnswerLinkStatus, 'open'>, string> = {
  answered: 'This question has already been answered. Thank you!',
  expired: 'This link has expired. Ask for the question to be sent again.',
  revoked: 'This link no longer works: a newer link was sent, or the interview was removed.',
  paused: 'This interview is paused. Its questions can be answered again once it is resumed.',
  stopped: 'This interview has been stopped.',
};

const gone = (status: Exclude<AnswerLinkStatus, 'open'>) => new AppError(410, ANSWER_REFUSALS[status], `LINK_${status.toUpperCase()}`);

type LinkLookup = NonNullable<Awaited<ReturnType<InterviewsRepo['linkByHash']>>>;

export function answerLinkStatus(row: LinkLookup, now: Date): AnswerLinkStatus {
  const { link, question, interview } = row;
  if (link.revokedAt || !question || !interview) return 'revoked';
  if (question.status === 'answered' || question.status === 'skipped') return 'answered';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (interview.status === 'stopped') return 'stopped';
  if (interview.status === 'paused') return 'paused';
  if (question.status !== 'sent') return 'revoked';
  return 'open';
}

const firstWord = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const NOT_WAITING_FOR_APPROVAL = userText('This interview is not waiting for your approval.');

const messages = defineMessages({
  noLibraryQuestion: { id: 'errors.interviews.noLibraryQuestion', defaultMessage: 'There is no library question {id}' },
  themeOneOf: { id: 'errors.interviews.themeOneOf', defaultMessage: 'theme must be one of: {themes}' },
  tooManyQuestions: {
    id: 'errors.interviews.tooManyQuestions',
    defaultMessage: 'An interview holds at most {max, plural, other {# questions}}',
  },
  chooseStoryteller: {
    id: 'errors.interviews.chooseStoryteller',
    defaultMessage: "Choose a storyteller from the list: someone in {owner}'s contacts with an e-mail address.",
  },
});
const tooManyQuestions = () => badRequest(sentence(messages.tooManyQuestions, { max: INTERVIEW_MAX_QUESTIONS }));

export interface InterviewsDeps {
  repo: InterviewsRepo;
  jobs: JobQueue;
  linkTokens: LinkTokens;
  publicUrl: string;
  log: FastifyBaseLogger;
  files: FileStore;
  memories: MemoriesService;
  photos: PhotosService;
  /** The memories' transcription of a saved attachment (decision 039). */
  transcription: { transcribeAttachment(userId: number, memoryId: number, attachmentId: string): Promise<{ text: string }> };
  /** A speech-to-text model is configured: a recorded answer gets its transcript. */
  canTranscribe: boolean;
  clock?: InterviewClock;
}

export function createInterviewsService(deps: InterviewsDeps) {
  const { repo, jobs, linkTokens, publicUrl, log, files, memories, photos, transcription } = deps;
  const clock = deps.clock ?? systemClock;

  /** An account's words for a mail to it (its language is read beside the transaction, which does not change it). */
  const accountWords = async (userId: number) => translator(await accountLanguage(repo.db, userId));

  async function queueMailIn(tx: Tx, message: MailMessage) {
    const id = await jobs.send(MAIL_JOB, message, { db: jobExecutorOf(tx) });
    if (!id) throw new Error('The job queue is stopping: the mail was not queued');
  }

  /** A library question keeps its id and its words in the owner's language of the day (decision 082). */
  function resolveQuestion(input: InterviewQuestionInput, ownerLanguage: string): NewQuestion {
    if ('libraryId' in input) {
      const found = findLibraryQuestion(input.libraryId);
      if (!found) throw badRequest(sentence(messages.noLibraryQuestion, { id: input.libraryId }));
      return { text: libraryQuestionText(translator(ownerLanguage), found), theme: found.theme, libraryId: found.id };
    }
    return { text: input.text, theme: null, libraryId: null };
  }

  async function get(ownerId: number, id: number) {
    const interview = await repo.find(repo.db, ownerId, id);
    if (!interview) throw notFound(userText('Interview not found'));
    return interview;
  }

  /** Whom the questions go to now: the contact's address, or the owner's own. */
  async function recipientOf(tx: Tx, interview: NonNullable<Awaited<ReturnType<InterviewsRepo['lock']>>>) {
    const owner = await repo.owner(tx, interview.ownerId);
    if (!owner) return undefined;
    if (interview.storytellerKind === 'owner') {
      const words = translator(await accountLanguage(repo.db, interview.ownerId));
      return { owner, email: owner.email, firstName: owner.firstName, toSelf: true, words };
    }
    if (interview.storytellerContactId === null) return undefined;
    const contact = await repo.contact(tx, interview.ownerId, interview.storytellerContactId);
    if (!contact?.email) return undefined;
    const words = translator(await contactLanguage(repo.db, contact.id));
    return { owner, email: contact.email, firstName: contact.firstName, toSelf: false, words };
  }

  type Recipient = NonNullable<Awaited<ReturnType<typeof recipientOf>>>;

  /** The storyteller's row values: the owner themself (null), or one of the owner's contacts with an address. */
  async function storytellerOf(tx: Tx, ownerId: number, contactId: number | null, refusal?: ErrorText) {
    if (contactId === null) {
      const owner = await repo.owner(tx, ownerId);
      return { storytellerContactId: null, storytellerKind: 'owner', storytellerName: owner ? fullName(owner) : 'You', firstName: null };
    }
    const contact = await repo.contact(tx, ownerId, contactId);
    if (!contact || (refusal !== undefined && !contact.email?.trim())) throw notFound(refusal ?? userText('Contact not found'));
    if (!contact.email) throw badRequest(userText('Add an e-mail address to this contact first: the questions are sent by e-mail.'));
    return {
      storytellerContactId: contactId,
      storytellerKind: 'contact',
      storytellerName: fullName(contact),
      firstName: contact.firstName,
    };
  }

  /** Tells the proposer (if their account is still there) that the owner approved or declined. */
  async function mailProposer(tx: Tx, interview: NonNullable<Awaited<ReturnType<InterviewsRepo['lock']>>>, approved: boolean) {
    if (interview.proposedByUserId === null) return;
    const [proposer, owner] = [await repo.user(tx, interview.proposedByUserId), await repo.owner(tx, interview.ownerId)];
    if (!proposer || !owner) return;
    await queueMailIn(
      tx,
      proposalDecidedMail(
        {
          to: proposer.email,
          proposerFirstName: proposer.firstName,
          ownerFirstName: owner.firstName,
          storytellerName: interview.storytellerKind === 'owner' ? null : interview.storytellerName,
          approved,
        },
        await accountWords(interview.proposedByUserId),
      ),
    );
  }

  async function proposal(userId: number, id: number): Promise<InterviewProposal> {
    const [found] = await repo.proposalsBy(userId, id);
    if (!found) throw notFound(userText('Proposal not found'));
    return found;
  }

  /** A new link for the question, mailed in the transaction; the question's earlier links stop working. */
  async function mailQuestion(
    tx: Tx,
    ownerId: number,
    question: { id: number; text: string; libraryId: string | null },
    to: Recipient,
    now: Date,
  ) {
    // still the library's words: asked in the storyteller's language; the link keeps them for the page and reminders
    const asked = askedQuestionText(to.words, question, shippedLanguages().map(translator));
    await repo.revokeLinksOf(tx, ownerId, question.id, now);
    const { nonce, token, hash } = linkTokens.issue();
    const expiresAt = new Date(now.getTime() + ANSWER_LINK_DAYS * DAY_MS);
    await repo.insertLink(tx, {
      ownerId,
      questionId: question.id,
      tokenHash: hash,
      nonce,
      questionText: asked,
      storytellerFirstName: to.firstName,
      expiresAt,
      createdAt: now, // the schedule's clock: the reminders count from here
    });
    await queueMailIn(
      tx,
      questionMail(
        {
          to: to.email,
          storytellerFirstName: to.firstName,
          ownerFirstName: to.owner.firstName,
          toSelf: to.toSelf,
          question: asked,
          link: `${publicUrl}/answer/${token}`,
          reminder: 0,
          expiresAt,
        },
        to.words,
      ),
    );
  }

  /** Finished when nothing is waiting or sent any more; active again when a question is added to a finished one. */
  async function settleStatus(tx: Tx, ownerId: number, interviewId: number, status: string) {
    const questions = await repo.questionRows(tx, ownerId, interviewId);
    const open = questions.some((q) => q.status === 'waiting' || q.status === 'sent');
    if (status === 'active' && !open) await repo.update(tx, ownerId, interviewId, { status: 'finished' });
    if (status === 'finished' && open) await repo.update(tx, ownerId, interviewId, { status: 'active' });
  }

  /** One interview's due work at `now`: its next question (or all, without a schedule) and its reminders. */
  async function runInterview(ownerId: number, interviewId: number, now: Date) {
    await repo.transaction(async (tx) => {
      const interview = await repo.lock(tx, ownerId, interviewId);
      if (!interview || interview.status !== 'active') return;
      const to = await recipientOf(tx, interview);
      if (!to) return; // no address (yet): the questions wait
      const questions = await repo.questionRows(tx, ownerId, interviewId);
      const waiting = questions.filter((q) => q.status === 'waiting');
      const schedule: InterviewSchedule | null =
        interview.weekday !== null && interview.hour !== null && interview.timeZone
          ? { weekday: interview.weekday, hour: interview.hour, timeZone: interview.timeZone }
          : null;
      let toSend = schedule ? [] : waiting;
      if (schedule && waiting.length > 0) {
        const since = (await repo.lastSentAt(tx, ownerId, interviewId)) ?? interview.createdAt;
        if (weeklyQuestionDue(schedule, now, since)) toSend = waiting.slice(0, 1);
      }
      for (const question of toSend) {
        await repo.updateQuestion(tx, ownerId, question.id, { status: 'sent', sentAt: now, remindersSent: 0, lastReminderAt: null });
        await mailQuestion(tx, ownerId, question, to, now);
      }
      for (const question of questions) {
        if (question.status !== 'sent' || question.remindersSent >= REMINDER_DAYS.length) continue;
        const link = await repo.currentLink(tx, ownerId, question.id);
        if (!link || link.expiresAt <= now) continue;
        if (now.getTime() < link.createdAt.getTime() + REMINDER_DAYS[question.remindersSent]! * DAY_MS) continue;
        await repo.updateQuestion(tx, ownerId, question.id, { remindersSent: question.remindersSent + 1, lastReminderAt: now });
        await queueMailIn(tx, reminderMail(link, to, question.remindersSent + 1));
      }
    });
  }

  function reminderMail(link: LinkRow, to: Recipient, reminder: number) {
    return questionMail(
      {
        to: to.email,
        storytellerFirstName: to.firstName,
        ownerFirstName: to.owner.firstName,
        toSelf: to.toSelf,
        question: link.questionText,
        link: `${publicUrl}/answer/${linkTokens.tokenFor(link.nonce)}`,
        reminder,
        expiresAt: link.expiresAt,
      },
      to.words,
    );
  }

  async function openLink(token: string, now: Date) {
    const row = await repo.linkByHash(repo.db, linkTokens.hash(token));
    if (!row) throw notFound(userText('This link is not known.'));
    return { row, status: answerLinkStatus(row, now) };
  }

  return {
    list: (ownerId: number) => repo.list(ownerId),
    get,

    /** The memories that answer the owner's interview (for a book of it); 404 another user's interview. */
    async answeredMemoryIds(ownerId: number, id: number): Promise<number[]> {
      const ids = await repo.answeredMemoryIds(ownerId, id);
      if (!ids) throw notFound(userText('Interview not found'));
      return ids;
    },

    /** The question library, its words in `language` (the reader's). */
    library(theme: string | undefined, language: string) {
      if (theme !== undefined && !(questionThemes as readonly string[]).includes(theme))
        throw badRequest(sentence(messages.themeOneOf, { themes: questionThemes.join(', ') }));
      const intl = translator(language);
      return questionLibrary
        .filter((q) => theme === undefined || q.theme === theme)
        .map((q) => ({ id: q.id, theme: q.theme, text: libraryQuestionText(intl, q) }));
    },

    async create(ownerId: number, input: InterviewInput): Promise<Interview> {
      const ownerLanguage = await accountLanguage(repo.db, ownerId);
      const questions = input.questions.map((question) => resolveQuestion(question, ownerLanguage));
      const id = await repo.transaction(async (tx) => {
        const { storytellerContactId, storytellerKind, storytellerName } = await storytellerOf(tx, ownerId, input.storytellerContactId);
        const row = await repo.insert(tx, ownerId, {
          storytellerContactId,
          storytellerKind,
          storytellerName,
          weekday: input.schedule?.weekday ?? null,
          hour: input.schedule?.hour ?? null,
          timeZone: input.schedule?.timeZone ?? null,
        });
        await repo.insertQuestions(
          tx,
          ownerId,
          row.id,
          questions.map((q, position) => ({ ...q, position })),
        );
        return row.id;
      });
      // "all at once" goes now; a weekly one is looked at now too (its hour may be this one)
      await this.runNow(ownerId, id);
      return get(ownerId, id);
    },

    async update(ownerId: number, id: number, patch: InterviewPatch): Promise<Interview> {
      await repo.transaction(async (tx) => {
        const interview = await repo.lock(tx, ownerId, id);
        if (!interview) throw notFound(userText('Interview not found'));
        if (interview.status === 'stopped' && (patch.status !== undefined || patch.questions !== undefined || patch.schedule !== undefined))
          throw conflict(userText('This interview has been stopped: start a new one to ask more questions.'), 'INTERVIEW_STOPPED');
        // a proposal's questions and schedule may change; it starts only by its approval
        if (interview.status === 'proposed' && patch.status !== undefined)
          throw conflict(userText('This interview was proposed by the family: approve or decline it first.'), 'INTERVIEW_PROPOSED');
        const values: Parameters<InterviewsRepo['update']>[3] = {};
        if (patch.schedule !== undefined) {
          values.weekday = patch.schedule?.weekday ?? null;
          values.hour = patch.schedule?.hour ?? null;
          values.timeZone = patch.schedule?.timeZone ?? null;
        }
        let status = interview.status;
        if (patch.status !== undefined && patch.status !== interview.status) {
          // resuming a finished interview changes nothing: it resumes by itself when a question is added
          if (!(patch.status === 'active' && interview.status === 'finished')) status = patch.status;
        }
        values.status = status;
        await repo.update(tx, ownerId, id, values);
        if (patch.questions !== undefined) {
          const questions = await repo.questionRows(tx, ownerId, id);
          const waiting = new Map(questions.filter((q) => q.status === 'waiting').map((q) => [q.id, q]));
          const kept = questions.filter((q) => q.status !== 'waiting');
          if (kept.length + patch.questions.length > INTERVIEW_MAX_QUESTIONS) throw tooManyQuestions();
          const listed = new Set<number>();
          let position = kept.reduce((top, q) => Math.max(top, q.position + 1), 0);
          const added: Array<NewQuestion & { position: number }> = [];
          for (const item of patch.questions) {
            if ('id' in item) {
              if (!waiting.has(item.id) || listed.has(item.id))
                throw badRequest(userText('Only questions not yet sent can be changed, each once.'), 'QUESTION_NOT_WAITING');
              listed.add(item.id);
              await repo.updateQuestion(tx, ownerId, item.id, {
                position: position++,
                ...(item.text !== undefined && { text: item.text }),
              });
            } else {
              added.push({ ...resolveQuestion(item, await accountLanguage(repo.db, ownerId)), position: position++ });
            }
          }
          await repo.removeQuestions(
            tx,
            ownerId,
            [...waiting.keys()].filter((qid) => !listed.has(qid)),
          );
          await repo.insertQuestions(tx, ownerId, id, added);
        }
        await settleStatus(tx, ownerId, id, status);
      });
      await this.runNow(ownerId, id);
      return get(ownerId, id);
    },

    async remove(ownerId: number, id: number) {
      if (!(await repo.remove(ownerId, id))) throw notFound(userText('Interview not found'));
    },

    /** A sent question mailed again with a new link; its earlier link stops working. */
    async resend(ownerId: number, id: number, questionId: number, now = clock.now()) {
      await repo.transaction(async (tx) => {
        const interview = await repo.lock(tx, ownerId, id);
        if (!interview) throw notFound(userText('Interview not found'));
        const question = (await repo.questionRows(tx, ownerId, id)).find((q) => q.id === questionId);
        if (!question) throw notFound(userText('Question not found'));
        if (question.status !== 'sent')
          throw conflict(userText('Only a question that was sent and is not answered yet can be sent again.'), 'QUESTION_NOT_SENT');
        if (interview.status !== 'active')
          throw conflict(userText('Resume the interview to send its questions again.'), 'INTERVIEW_NOT_ACTIVE');
        const to = await recipientOf(tx, interview);
        if (!to) throw conflict(userText('The storyteller has no e-mail address: add one to the contact first.'), 'NO_ADDRESS');
        await repo.updateQuestion(tx, ownerId, questionId, { remindersSent: 0, lastReminderAt: null });
        await mailQuestion(tx, ownerId, question, to, now);
      });
      return get(ownerId, id);
    },

    /** A follow-up on an answered question: waiting, first in line (sent next). */
    async followUp(ownerId: number, id: number, questionId: number, text: string) {
      await repo.transaction(async (tx) => {
        const interview = await repo.lock(tx, ownerId, id);
        if (!interview) throw notFound(userText('Interview not found'));
        if (interview.status === 'stopped')
          throw conflict(userText('This interview has been stopped: start a new one to ask more questions.'), 'INTERVIEW_STOPPED');
        const questions = await repo.questionRows(tx, ownerId, id);
        const question = questions.find((q) => q.id === questionId);
        if (!question) throw notFound(userText('Question not found'));
        if (question.status !== 'answered')
          throw conflict(userText('A follow-up can be asked only on an answered question.'), 'QUESTION_NOT_ANSWERED');
        if (questions.length >= INTERVIEW_MAX_QUESTIONS) throw tooManyQuestions();
        const waiting = questions.filter((q) => q.status === 'waiting');
        let position = questions.filter((q) => q.status !== 'waiting').reduce((top, q) => Math.max(top, q.position + 1), 0);
        await repo.insertQuestions(tx, ownerId, id, [{ text, theme: null, libraryId: null, followUpOf: questionId, position: position++ }]);
        for (const q of waiting) await repo.updateQuestion(tx, ownerId, q.id, { position: position++ });
        await settleStatus(tx, ownerId, id, interview.status);
      });
      await this.runNow(ownerId, id);
      return get(ownerId, id);
    },

    /** The schedule's hourly look (and the tests' clock): every active interview's due questions and reminders. */
    async tick(now = clock.now()) {
      for (const { id, ownerId } of await repo.active()) {
        try {
          await runInterview(ownerId, id, now);
        } catch (err) {
          log.error({ err, interviewId: id }, 'Could not send an interview question');
        }
      }
    },

    /** One interview looked at now (after it is created or changed). */
    async runNow(ownerId: number, id: number) {
      await runInterview(ownerId, id, clock.now()).catch((err: unknown) =>
        log.error({ err, interviewId: id }, 'Could not send an interview question'),
      );
    },

    // The answer page, by link

    async answerPage(token: string): Promise<AnswerPage> {
      const { row, status } = await openLink(token, clock.now());
      const { interview } = row;
      // the storyteller's language: the contact's own, else the owner's (also for an interview of the owner themself)
      const language =
        interview?.storytellerKind === 'contact' && interview.storytellerContactId !== null
          ? await contactLanguage(repo.db, interview.storytellerContactId)
          : await accountLanguage(repo.db, row.link.ownerId);
      const mailed = { text: row.link.questionText, libraryId: row.question?.libraryId ?? null };
      return {
        question: askedQuestionText(translator(language), mailed, shippedLanguages().map(translator)),
        storytellerFirstName: row.link.storytellerFirstName,
        ownerFirstName: firstWord(row.ownerFirstName),
        status,
        expiresAt: row.link.expiresAt.toISOString(),
        language,
      };
    },

    /** The link's owner while it is open (a resumable upload counts against their quota); 410 or 404 otherwise. */
    async openOwner(token: string) {
      const { row, status } = await openLink(token, clock.now());
      if (status !== 'open') throw gone(status);
      return row.link.ownerId;
    },

    /** Takes ownership of the received files: each is kept in the memory, or discarded on any refusal. */
    async answer(token: string, input: { text?: string; recording?: ReceivedFile; photos: ReceivedFile[] }) {
      const now = clock.now();
      let memoryId: number | undefined;
      const photoIds: number[] = [];
      let pending: { recording?: ReceivedFile; photos: ReceivedFile[] } = { recording: input.recording, photos: [...input.photos] };
      try {
        const { row, status } = await openLink(token, now);
        if (status !== 'open') throw gone(status);
        const { link, question, interview } = row;
        const ownerId = link.ownerId;
        const text = input.text?.trim() ?? '';
        if (!text && !input.recording && input.photos.length === 0)
          throw badRequest(userText('Write an answer or record one before sending.'), 'EMPTY_ANSWER');
        for (const photo of input.photos) {
          await readImageHeader(photo.staged.tempPath);
          await assertCompleteImage(photo.staged.tempPath, photo.mimeType);
        }
        const memory = await memories.create(
          ownerId,
          { title: question!.text, content: text, eventDate: utcDay(now), isPublic: false, tags: [INTERVIEW_TAG], location: undefined },
          { storytellerContactId: interview!.storytellerContactId ?? undefined },
        );
        memoryId = memory.id;
        let recordingId: string | undefined;
        if (input.recording) {
          const recording = input.recording;
          pending = { ...pending, recording: undefined };
          const [stored] = await memories.uploadAttachments(ownerId, memory.id, [recording]);
          recordingId = stored?.id;
        }
        while (pending.photos.length > 0) {
          const photo = pending.photos.shift()!;
          photoIds.push((await photos.create(ownerId, photo)).id);
        }
        if (photoIds.length > 0) await memories.link(ownerId, memory.id, { photoIds });
        if (recordingId && deps.canTranscribe) {
          try {
            const words = (await transcription.transcribeAttachment(ownerId, memory.id, recordingId)).text.trim();
            if (words) {
              const content = [text, `${TRANSCRIPT_LINE}\n${words}`].filter(Boolean).join('\n\n');
              await memories.update(ownerId, memory.id, { content, tags: [INTERVIEW_TAG, TRANSCRIPT_TAG] });
            }
          } catch (err) {
            log.warn({ err, memoryId: memory.id }, 'An interview answer could not be transcribed; it is kept without its transcript');
          }
        }
        const spent = await repo.transaction(async (tx) => {
          const locked = await repo.lock(tx, ownerId, interview!.id);
          if (!locked || locked.status !== 'active') return false;
          const done = await repo.finishQuestion(tx, ownerId, question!.id, {
            status: 'answered',
            answeredAt: now,
            answeredMemoryId: memory.id,
          });
          if (!done) return false;
          const owner = await repo.owner(tx, ownerId);
          if (owner)
            await queueMailIn(
              tx,
              answeredMail(
                {
                  to: owner.email,
                  ownerFirstName: owner.firstName,
                  storytellerName: locked.storytellerName,
                  toSelf: locked.storytellerKind === 'owner',
                  question: question!.text,
                  memoryUrl: `${publicUrl}/memories`,
                },
                await accountWords(ownerId),
              ),
            );
          await settleStatus(tx, ownerId, locked.id, locked.status);
          return true;
        });
        if (!spent) throw gone('answered');
        return { status: 'answered' as const, memoryId: memory.id, ownerId };
      } catch (err) {
        await discardAnswer(files, pending);
        const owner = (await repo.linkByHash(repo.db, linkTokens.hash(token)).catch(() => undefined))?.link.ownerId;
        if (owner !== undefined) {
          if (memoryId !== undefined) await memories.remove(owner, memoryId).catch(() => {});
          for (const id of photoIds) await photos.remove(owner, id).catch(() => {});
        }
        throw err;
      }
    },

    /** skip: this question; pause or stop: the interview. */
    async linkAction(token: string, action: 'skip' | 'pause' | 'stop') {
      const now = clock.now();
      const row = await repo.linkByHash(repo.db, linkTokens.hash(token));
      if (!row) throw notFound(userText('This link is not known.'));
      const ownerId = row.link.ownerId;
      await repo.transaction(async (tx) => {
        const locked = row.interview && (await repo.lock(tx, ownerId, row.interview.id));
        const current = await repo.linkByHash(tx, linkTokens.hash(token));
        if (!current || !locked) throw gone('revoked');
        const status = answerLinkStatus(current, now);
        const stoppable = action === 'stop' && status === 'paused';
        if (status !== 'open' && !stoppable) throw gone(status);
        if (action === 'skip') {
          if (!(await repo.finishQuestion(tx, ownerId, current.question!.id, { status: 'skipped', answeredAt: now })))
            throw gone('answered');
          await settleStatus(tx, ownerId, locked.id, locked.status);
        } else {
          await repo.update(tx, ownerId, locked.id, { status: action === 'pause' ? 'paused' : 'stopped' });
        }
      });
      const after = await repo.linkByHash(repo.db, linkTokens.hash(token));
      return { status: after ? answerLinkStatus(after, now) : ('revoked' as const) };
    },

    // Interviews the family proposes (decision 069)

    /** The people who have this account among their contacts: whom it may propose an interview to. */
    async proposalOwners(userId: number) {
      return (await repo.familyOwners(userId)).map((row) => ({
        ownerId: row.ownerId,
        ownerName: fullName({ firstName: row.firstName, lastName: row.lastName }),
      }));
    },

    /** Whom an interview proposed to this owner can ask: their contacts with an address, by name only. */
    async proposalStorytellers(userId: number, ownerId: number) {
      if (!(await repo.familyLink(repo.db, userId, ownerId))) throw notFound(userText('Not found'));
      return (await repo.storytellers(ownerId)).map((row) => ({ contactId: row.contactId, name: fullName(row) }));
    },

    proposals: (userId: number) => repo.proposalsBy(userId),

    /** A family member's interview, kept in the owner's account as `proposed` until the owner approves it. */
    async propose(userId: number, input: InterviewProposalInput): Promise<InterviewProposal> {
      const { ownerId } = input;
      const ownerLanguage = await accountLanguage(repo.db, ownerId);
      const questions = input.questions.map((question) => resolveQuestion(question, ownerLanguage));
      const id = await repo.transaction(async (tx) => {
        const link = await repo.familyLink(tx, userId, ownerId);
        if (!link) throw notFound(userText('Not found'));
        const storyteller = await storytellerOf(
          tx,
          ownerId,
          input.storytellerContactId,
          sentence(messages.chooseStoryteller, { owner: link.ownerFirstName }),
        );
        const waiting = (await repo.proposalsBy(userId)).filter((p) => p.ownerId === ownerId && p.status === 'proposed');
        if (waiting.length >= INTERVIEW_PROPOSALS_WAITING_MAX)
          throw conflict(
            `${INTERVIEW_PROPOSALS_WAITING_MAX} of your proposals are already waiting for ${link.ownerFirstName}'s answer: wait for it, or withdraw one.`,
            'TOO_MANY_PROPOSALS',
          );
        const proposerName = fullName({ firstName: link.contactFirstName, lastName: link.contactLastName });
        const row = await repo.insert(tx, ownerId, {
          storytellerContactId: storyteller.storytellerContactId,
          storytellerKind: storyteller.storytellerKind,
          storytellerName: storyteller.storytellerName,
          weekday: input.schedule?.weekday ?? null,
          hour: input.schedule?.hour ?? null,
          timeZone: input.schedule?.timeZone ?? null,
          status: 'proposed',
          proposedByUserId: userId,
          proposedByName: proposerName,
        });
        await repo.insertQuestions(
          tx,
          ownerId,
          row.id,
          questions.map((q, position) => ({ ...q, position })),
        );
        await queueMailIn(
          tx,
          proposalMail(
            {
              to: link.ownerEmail,
              ownerFirstName: link.ownerFirstName,
              proposerName: firstWord(link.contactFirstName) || proposerName,
              storytellerFirstName: storyteller.firstName,
              questionCount: questions.length,
              interviewsUrl: `${publicUrl}/story/interviews/${row.id}`,
            },
            await accountWords(ownerId),
          ),
        );
        return row.id;
      });
      return proposal(userId, id);
    },

    /** The proposer takes back a proposal the owner has not answered yet. */
    async withdraw(userId: number, id: number) {
      if (await repo.withdraw(userId, id)) return;
      const status = await repo.proposalStatus(userId, id);
      if (status === undefined) throw notFound(userText('This proposal is no longer there: it was declined or removed.'));
      throw conflict(userText('This interview has already been approved, so it can no longer be withdrawn.'), 'PROPOSAL_DECIDED');
    },

    /** The owner approves a proposed interview: it is active from now, and its questions go as scheduled. */
    async approve(ownerId: number, id: number, now = clock.now()): Promise<Interview> {
      await repo.transaction(async (tx) => {
        const interview = await repo.lock(tx, ownerId, id);
        if (!interview) throw notFound(userText('Interview not found'));
        if (interview.status !== 'proposed') throw conflict(NOT_WAITING_FOR_APPROVAL, 'INTERVIEW_NOT_PROPOSED');
        // the interview begins now: a weekly one waits for the storyteller's next hour from here
        await repo.update(tx, ownerId, id, { status: 'active', createdAt: now });
        await settleStatus(tx, ownerId, id, 'active');
        await mailProposer(tx, interview, true);
      });
      await this.runNow(ownerId, id);
      return get(ownerId, id);
    },

    /** The owner declines a proposed interview: it is deleted, and the proposer is told. */
    async decline(ownerId: number, id: number) {
      await repo.transaction(async (tx) => {
        const interview = await repo.lock(tx, ownerId, id);
        if (!interview) throw notFound(userText('Interview not found'));
        if (interview.status !== 'proposed') throw conflict(NOT_WAITING_FOR_APPROVAL, 'INTERVIEW_NOT_PROPOSED');
        await repo.removeProposed(tx, ownerId, id);
        await mailProposer(tx, interview, false);
      });
    },

    // Suggestions from the family

    async suggestableForMe(userId: number) {
      const rows = await repo.suggestable(userId);
      const seen = new Set<number>();
      const result = [];
      for (const row of rows) {
        if (seen.has(row.interviewId)) continue;
        seen.add(row.interviewId);
        result.push({
          interviewId: row.interviewId,
          ownerName: `${row.ownerFirstName} ${row.ownerLastName}`.trim(),
          storytellerName: row.storytellerName,
        });
      }
      return result;
    },

    async suggest(userId: number, interviewId: number, text: string) {
      const [row] = await repo.suggestable(userId, interviewId);
      if (!row) throw notFound(userText('Interview not found'));
      return repo.insertSuggestion({
        ownerId: row.ownerId,
        interviewId,
        suggestedByUserId: userId,
        suggestedByName: `${row.contactFirstName} ${row.contactLastName}`.trim(),
        text,
      });
    },

    async suggestions(ownerId: number, interviewId: number) {
      await get(ownerId, interviewId);
      return repo.suggestions(ownerId, interviewId);
    },

    async decideSuggestion(ownerId: number, interviewId: number, suggestionId: number, status: 'approved' | 'declined') {
      const decided = await repo.transaction(async (tx) => {
        const interview = await repo.lock(tx, ownerId, interviewId);
        if (!interview) throw notFound(userText('Interview not found'));
        const suggestion = await repo.decideSuggestion(tx, ownerId, interviewId, suggestionId, status);
        if (!suggestion) return undefined;
        if (status === 'approved') {
          if (interview.status === 'stopped')
            throw conflict(userText('This interview has been stopped: start a new one to ask more questions.'), 'INTERVIEW_STOPPED');
          const questions = await repo.questionRows(tx, ownerId, interviewId);
          if (questions.length >= INTERVIEW_MAX_QUESTIONS) throw tooManyQuestions();
          const position = questions.reduce((top, q) => Math.max(top, q.position + 1), 0);
          await repo.insertQuestions(tx, ownerId, interviewId, [{ text: suggestion.text, theme: null, libraryId: null, position }]);
          await settleStatus(tx, ownerId, interviewId, interview.status);
        }
        return suggestion;
      });
      if (!decided) {
        const existing = await repo.findSuggestion(ownerId, interviewId, suggestionId);
        if (!existing) throw notFound(userText('Suggestion not found'));
        throw conflict(userText('This suggestion has already been decided.'), 'SUGGESTION_DECIDED');
      }
      return decided;
    },
  };
}

export type InterviewsService = ReturnType<typeof createInterviewsService>;
