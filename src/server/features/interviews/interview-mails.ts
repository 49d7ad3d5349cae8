// The interview's mails (decision 066): the question with its personal answer link, the reminders, and the
// owner's news that an answer arrived. Plain text, and the same words as HTML with every value escaped.
import { escapeHtml } from '../../lib/escape-html';
import type { MailMessage } from '../../lib/mail';

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

const longDate = (at: Date) => at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function page(paragraphs: Array<string | { url: string; label: string }>) {
  const html = paragraphs.map((p) =>
    typeof p === 'string' ? `<p>${escapeHtml(p)}</p>` : `<p><a href="${escapeHtml(p.url)}">${escapeHtml(p.label)}</a></p>`,
  );
  return ['<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">', ...html, '</body></html>'].join('\n');
}

function textOf(paragraphs: Array<string | { url: string; label: string }>) {
  return paragraphs.map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.url}`)).join('\n\n');
}

export function questionMail(input: QuestionMailInput): MailMessage {
  const asker = input.toSelf ? 'Your own interview' : input.ownerFirstName;
  const prefix = input.reminder > 0 ? 'A reminder — ' : '';
  const subject = `${prefix}${asker} asks: ${input.question}`;
  const explanation = input.toSelf
    ? 'This is a question from the interview you started in heirloom. Answer it by recording your voice or by writing, and add photos if you like. Your answer is kept as a memory in your story.'
    : `${input.ownerFirstName} is collecting the family's stories in heirloom and would love to hear yours. Open the link to answer: record your voice or write, and add photos if you like. You do not need an account. Your answer is kept in ${input.ownerFirstName}'s story.`;
  const paragraphs = [
    `Hello ${input.storytellerFirstName},`,
    input.reminder > 0 ? `This question is still waiting for your answer:` : `Here is a question for you:`,
    `"${input.question}"`,
    { url: input.link, label: 'Answer this question' },
    explanation,
    `The link is for you alone and works until ${longDate(input.expiresAt)}. On the page you can also skip this question, or pause or stop the questions.`,
  ];
  return { to: input.to, subject, text: textOf(paragraphs), html: page(paragraphs) };
}

export function answeredMail(input: {
  to: string;
  ownerFirstName: string;
  storytellerName: string;
  toSelf: boolean;
  question: string;
  memoryUrl: string;
}): MailMessage {
  const who = input.toSelf ? 'You' : input.storytellerName;
  const paragraphs = [
    `Hello ${input.ownerFirstName},`,
    `${who} answered the question "${input.question}". The answer is now a memory in your story.`,
    { url: input.memoryUrl, label: 'Read it in heirloom' },
  ];
  return { to: input.to, subject: `${who} answered: ${input.question}`, text: textOf(paragraphs), html: page(paragraphs) };
}

const questionCount = (count: number) => (count === 1 ? '1 question' : `${count} questions`);

/** To the owner: a family member proposes an interview (decision 069). */
export function proposalMail(input: {
  to: string;
  ownerFirstName: string;
  proposerName: string;
  /** The storyteller's first name; null: the owner themself. */
  storytellerFirstName: string | null;
  questionCount: number;
  interviewsUrl: string;
}): MailMessage {
  const whom = input.storytellerFirstName ?? 'you';
  const subject = `${input.proposerName} proposes to ask ${whom} ${questionCount(input.questionCount)}`;
  const paragraphs = [
    `Hello ${input.ownerFirstName},`,
    `${input.proposerName} would like to ask ${whom} ${questionCount(input.questionCount)} in an interview in your heirloom. Nothing is sent until you approve it.`,
    'You can read the questions, change them or the schedule, and then approve or decline the proposal.',
    { url: input.interviewsUrl, label: 'See the proposal' },
  ];
  return { to: input.to, subject, text: textOf(paragraphs), html: page(paragraphs) };
}

/** To the proposer: the owner approved or declined their proposal. */
export function proposalDecidedMail(input: {
  to: string;
  proposerFirstName: string;
  ownerFirstName: string;
  /** The storyteller's name; null: the owner themself. */
  storytellerName: string | null;
  approved: boolean;
}): MailMessage {
  const whom = input.storytellerName ?? `${input.ownerFirstName} themself`;
  const subject = input.approved
    ? `${input.ownerFirstName} approved your interview with ${whom}`
    : `${input.ownerFirstName} declined your interview with ${whom}`;
  const paragraphs = [
    `Hello ${input.proposerFirstName},`,
    input.approved
      ? `${input.ownerFirstName} approved the interview you proposed with ${whom}. The questions are now being sent. You can follow which ones have been answered in heirloom.`
      : `${input.ownerFirstName} decided not to start the interview you proposed with ${whom}, and it has been removed. You can still suggest single questions, or propose another interview.`,
  ];
  return { to: input.to, subject, text: textOf(paragraphs), html: page(paragraphs) };
}
