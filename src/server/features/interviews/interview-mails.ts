// The interview's mails (decision 066): the question with its personal answer link, the reminders, and the
// owner's news that an answer arrived. Plain text, and the same words as HTML with every value escaped. Each is
// written in its reader's language (issue 33): a storyteller contact's, else the account's that reads it.
import type { IntlShape } from 'react-intl';
import { escapeHtml } from '../../lib/escape-html';
import { translator } from '../../lib/i18n';
import type { MailMessage } from '../../lib/mail';
import { htmlOpening, longDay } from '../../lib/mail-language';

export interface QuestionMailInput {
  to: string;
  storytellerFirstName: string;
  ownerFirstName: string;
  /** The owner interviews themself: the mail speaks to them as such. */
  toSelf: boolean;
  question: string;
  link: string;
  /** 0: the question; 1 and 2: the reminders. */
  reminder: number;
  expiresAt: Date;
}

type Paragraph = string | { url: string; label: string };

const english = translator(undefined);

function page(intl: IntlShape, paragraphs: Paragraph[]) {
  const html = paragraphs.map((p) =>
    typeof p === 'string' ? `<p>${escapeHtml(p)}</p>` : `<p><a href="${escapeHtml(p.url)}">${escapeHtml(p.label)}</a></p>`,
  );
  return [htmlOpening(intl.locale, 'font-family: sans-serif; line-height: 1.5'), ...html, '</body></html>'].join('\n');
}

function textOf(intl: IntlShape, paragraphs: Paragraph[]) {
  return paragraphs
    .map((p) =>
      typeof p === 'string'
        ? p
        : intl.formatMessage({ id: 'mail.interview.linkLine', defaultMessage: '{label}: {url}' }, { label: p.label, url: p.url }),
    )
    .join('\n\n');
}

const mailOf = (intl: IntlShape, to: string, subject: string, paragraphs: Paragraph[]): MailMessage => ({
  to,
  language: intl.locale,
  subject,
  text: textOf(intl, paragraphs),
  html: page(intl, paragraphs),
});

const hello = (intl: IntlShape, name: string) => intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name });

function questionSubject(intl: IntlShape, input: QuestionMailInput) {
  const values = { owner: input.ownerFirstName, question: input.question };
  if (input.reminder > 0) {
    return input.toSelf
      ? intl.formatMessage(
          { id: 'mail.interviewQuestion.selfReminderSubject', defaultMessage: 'A reminder — Your own interview asks: {question}' },
          values,
        )
      : intl.formatMessage(
          { id: 'mail.interviewQuestion.reminderSubject', defaultMessage: 'A reminder — {owner} asks: {question}' },
          values,
        );
  }
  return input.toSelf
    ? intl.formatMessage({ id: 'mail.interviewQuestion.selfSubject', defaultMessage: 'Your own interview asks: {question}' }, values)
    : intl.formatMessage({ id: 'mail.interviewQuestion.subject', defaultMessage: '{owner} asks: {question}' }, values);
}

export function questionMail(input: QuestionMailInput, intl: IntlShape = english): MailMessage {
  const owner = input.ownerFirstName;
  const explanation = input.toSelf
    ? intl.formatMessage({
        id: 'mail.interviewQuestion.selfExplanation',
        defaultMessage:
          'This is a question from the interview you started in heirloom. Answer it by recording your voice or by writing, and add photos if you like. Your answer is kept as a memory in your story.',
      })
    : intl.formatMessage(
        {
          id: 'mail.interviewQuestion.explanation',
          defaultMessage:
            "{owner} is collecting the family's stories in heirloom and would love to hear yours. Open the link to answer: record your voice or write, and add photos if you like. You do not need an account. Your answer is kept in {owner}'s story.",
        },
        { owner },
      );
  const paragraphs = [
    hello(intl, input.storytellerFirstName),
    input.reminder > 0
      ? intl.formatMessage({ id: 'mail.interviewQuestion.stillWaiting', defaultMessage: 'This question is still waiting for your answer:' })
      : intl.formatMessage({ id: 'mail.interviewQuestion.forYou', defaultMessage: 'Here is a question for you:' }),
    intl.formatMessage({ id: 'mail.interviewQuestion.quoted', defaultMessage: '"{question}"' }, { question: input.question }),
    { url: input.link, label: intl.formatMessage({ id: 'mail.interviewQuestion.answer', defaultMessage: 'Answer this question' }) },
    explanation,
    intl.formatMessage(
      {
        id: 'mail.interviewQuestion.linkWorks',
        defaultMessage:
          'The link is for you alone and works until {day}. On the page you can also skip this question, or pause or stop the questions.',
      },
      { day: longDay(intl, input.expiresAt) },
    ),
  ];
  return mailOf(intl, input.to, questionSubject(intl, input), paragraphs);
}

export function answeredMail(
  input: {
    to: string;
    ownerFirstName: string;
    storytellerName: string;
    toSelf: boolean;
    question: string;
    memoryUrl: string;
  },
  intl: IntlShape = english,
): MailMessage {
  const values = { storyteller: input.storytellerName, question: input.question };
  const subject = input.toSelf
    ? intl.formatMessage({ id: 'mail.interviewAnswered.selfSubject', defaultMessage: 'You answered: {question}' }, values)
    : intl.formatMessage({ id: 'mail.interviewAnswered.subject', defaultMessage: '{storyteller} answered: {question}' }, values);
  const paragraphs = [
    hello(intl, input.ownerFirstName),
    input.toSelf
      ? intl.formatMessage(
          {
            id: 'mail.interviewAnswered.selfAnswered',
            defaultMessage: 'You answered the question "{question}". The answer is now a memory in your story.',
          },
          values,
        )
      : intl.formatMessage(
          {
            id: 'mail.interviewAnswered.answered',
            defaultMessage: '{storyteller} answered the question "{question}". The answer is now a memory in your story.',
          },
          values,
        ),
    { url: input.memoryUrl, label: intl.formatMessage({ id: 'mail.interviewAnswered.read', defaultMessage: 'Read it in heirloom' }) },
  ];
  return mailOf(intl, input.to, subject, paragraphs);
}

/** To the owner: a family member proposes an interview (decision 069). */
export function proposalMail(
  input: {
    to: string;
    ownerFirstName: string;
    proposerName: string;
    /** The storyteller's first name; null: the owner themself. */
    storytellerFirstName: string | null;
    questionCount: number;
    interviewsUrl: string;
  },
  intl: IntlShape = english,
): MailMessage {
  const values = { proposer: input.proposerName, storyteller: input.storytellerFirstName, count: input.questionCount };
  const toOwner = input.storytellerFirstName === null;
  const subject = toOwner
    ? intl.formatMessage(
        {
          id: 'mail.interviewProposal.selfSubject',
          defaultMessage: '{proposer} proposes to ask you {count, plural, one {# question} other {# questions}}',
        },
        values,
      )
    : intl.formatMessage(
        {
          id: 'mail.interviewProposal.subject',
          defaultMessage: '{proposer} proposes to ask {storyteller} {count, plural, one {# question} other {# questions}}',
        },
        values,
      );
  const paragraphs = [
    hello(intl, input.ownerFirstName),
    toOwner
      ? intl.formatMessage(
          {
            id: 'mail.interviewProposal.selfWouldLike',
            defaultMessage:
              '{proposer} would like to ask you {count, plural, one {# question} other {# questions}} in an interview in your heirloom. Nothing is sent until you approve it.',
          },
          values,
        )
      : intl.formatMessage(
          {
            id: 'mail.interviewProposal.wouldLike',
            defaultMessage:
              '{proposer} would like to ask {storyteller} {count, plural, one {# question} other {# questions}} in an interview in your heirloom. Nothing is sent until you approve it.',
          },
          values,
        ),
    intl.formatMessage({
      id: 'mail.interviewProposal.youCan',
      defaultMessage: 'You can read the questions, change them or the schedule, and then approve or decline the proposal.',
    }),
    { url: input.interviewsUrl, label: intl.formatMessage({ id: 'mail.interviewProposal.see', defaultMessage: 'See the proposal' }) },
  ];
  return mailOf(intl, input.to, subject, paragraphs);
}

function decidedWords(intl: IntlShape, approved: boolean, self: boolean, values: { owner: string; storyteller: string | null }) {
  if (approved) {
    return self
      ? {
          subject: intl.formatMessage(
            { id: 'mail.interviewDecided.approvedSelfSubject', defaultMessage: '{owner} approved your interview with {owner} themself' },
            values,
          ),
          body: intl.formatMessage(
            {
              id: 'mail.interviewDecided.approvedSelf',
              defaultMessage:
                '{owner} approved the interview you proposed with {owner} themself. The questions are now being sent. You can follow which ones have been answered in heirloom.',
            },
            values,
          ),
        }
      : {
          subject: intl.formatMessage(
            { id: 'mail.interviewDecided.approvedSubject', defaultMessage: '{owner} approved your interview with {storyteller}' },
            values,
          ),
          body: intl.formatMessage(
            {
              id: 'mail.interviewDecided.approved',
              defaultMessage:
                '{owner} approved the interview you proposed with {storyteller}. The questions are now being sent. You can follow which ones have been answered in heirloom.',
            },
            values,
          ),
        };
  }
  return self
    ? {
        subject: intl.formatMessage(
          { id: 'mail.interviewDecided.declinedSelfSubject', defaultMessage: '{owner} declined your interview with {owner} themself' },
          values,
        ),
        body: intl.formatMessage(
          {
            id: 'mail.interviewDecided.declinedSelf',
            defaultMessage:
              '{owner} decided not to start the interview you proposed with {owner} themself, and it has been removed. You can still suggest single questions, or propose another interview.',
          },
          values,
        ),
      }
    : {
        subject: intl.formatMessage(
          { id: 'mail.interviewDecided.declinedSubject', defaultMessage: '{owner} declined your interview with {storyteller}' },
          values,
        ),
        body: intl.formatMessage(
          {
            id: 'mail.interviewDecided.declined',
            defaultMessage:
              '{owner} decided not to start the interview you proposed with {storyteller}, and it has been removed. You can still suggest single questions, or propose another interview.',
          },
          values,
        ),
      };
}

/** To the proposer: the owner approved or declined their proposal. */
export function proposalDecidedMail(
  input: {
    to: string;
    proposerFirstName: string;
    ownerFirstName: string;
    /** The storyteller's name; null: the owner themself. */
    storytellerName: string | null;
    approved: boolean;
  },
  intl: IntlShape = english,
): MailMessage {
  const words = decidedWords(intl, input.approved, input.storytellerName === null, {
    owner: input.ownerFirstName,
    storyteller: input.storytellerName,
  });
  return mailOf(intl, input.to, words.subject, [hello(intl, input.proposerFirstName), words.body]);
}
