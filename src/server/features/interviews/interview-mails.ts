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
