// The words of the Legacy Plan's mails: to the owner (check-ins, a report, the waiting time), to the
// verifiers, and to the heirs when something is released. The service decides who gets which and when.
import type { MailMessage } from '../../lib/mail';
import { REMINDER_INTERVAL_DAYS, REMINDERS } from './trigger-clock';

interface Named {
  firstName: string;
  surname?: string;
  lastName?: string;
}

export const fullName = (p: Named) => [p.firstName, p.surname ?? p.lastName].filter(Boolean).join(' ');

/** "Tom King's address may be out of date": the lines of the check-in mail about addresses to look at (decision 073). */
function outOfDateLines(names: string[], planUrl: string): string[] {
  if (names.length === 0) return [];
  return [
    '',
    ...names.map((name) => `${name}'s address may be out of date: it was refused, or not confirmed within 30 days of heirloom asking.`),
    `Check ${names.length === 1 ? 'it' : 'them'} on your Legacy Plan: ${planUrl}`,
  ];
}

export function checkInMail(
  owner: { firstName: string; email: string },
  reminder: number,
  checkInUrl: string,
  { outOfDate = [], planUrl = '' }: { outOfDate?: string[]; planUrl?: string } = {},
): MailMessage {
  return {
    to: owner.email,
    subject: reminder === 0 ? 'Are you still there? (heirloom)' : `Reminder ${reminder}: are you still there? (heirloom)`,
    text: [
      `Hello ${owner.firstName},`,
      '',
      'This is the regular check-in of your heirloom Legacy Plan. To tell heirloom you are still there, open this link:',
      '',
      checkInUrl,
      '',
      'Signing in to heirloom counts too.',
      reminder < REMINDERS
        ? `If there is no answer, heirloom reminds you ${REMINDERS - reminder === 1 ? 'once more' : 'twice more'}, a week apart; then it asks your verifiers whether you have died.`
        : `This is the last reminder: if there is no answer within ${REMINDER_INTERVAL_DAYS} days, heirloom asks your verifiers whether you have died.`,
      ...outOfDateLines(outOfDate, planUrl),
    ].join('\n'),
  };
}

export function askVerifierMail(
  verifier: { firstName: string; email: string },
  owner: Named,
  verifyUrl: string,
  afterReport: string,
): MailMessage {
  return {
    to: verifier.email,
    subject: `${fullName(owner)} has not answered heirloom: please let us know`,
    text: [
      `Hello ${verifier.firstName},`,
      '',
      `${fullName(owner)} named you as someone heirloom may ask if they have died. They have not answered heirloom's check-ins for three weeks.`,
      '',
      'If you know that they have died, please confirm it with your personal link:',
      '',
      verifyUrl,
      '',
      `If they are alive, you need do nothing. ${afterReport}`,
    ].join('\n'),
  };
}

export function ownerIsWellMail(verifier: { firstName: string; email: string }, owner: Named): MailMessage {
  return {
    to: verifier.email,
    subject: `${fullName(owner)} is well: nothing will be released`,
    text: [
      `Hello ${verifier.firstName},`,
      '',
      `${fullName(owner)} has answered heirloom, so nothing is being released and their Legacy Plan is back to normal.`,
      'If you had reported their death, thank you for looking out for them; there is nothing more to do.',
      '',
      'Your personal link to report a death still works should it ever be needed.',
    ].join('\n'),
  };
}

export function releasedToHeirMail(heir: { firstName: string; email: string }, owner: Named, publicUrl: string): MailMessage {
  return {
    to: heir.email,
    subject: `${fullName(owner)} has left something for you on heirloom`,
    text: [
      `Hello ${heir.firstName},`,
      '',
      `${fullName(owner)} chose to leave something for you, and it is now waiting for you. To open it, go to:`,
      '',
      `${publicUrl}/legacy`,
      '',
      `and enter the key code ${owner.firstName} gave you (it is in your Legacy Kit, or on the paper they left you).`,
      'You need no account.',
    ].join('\n'),
  };
}

export function makeKeyCodeMail(owner: { firstName: string; email: string }, heirNames: string[], publicUrl: string): MailMessage {
  return {
    to: owner.email,
    subject: 'Make a key code so your heir can open what you released',
    text: [
      `Hello ${owner.firstName},`,
      '',
      `Something you chose to release on a date or at an age has been released to ${heirNames.join(', ')}, but there is no key code to open it yet, so they have not been told.`,
      `Make the key code on your Legacy Plan page (${publicUrl}/after-life) and give them their Legacy Kit.`,
    ].join('\n'),
  };
}

/** What the owner is told when a release is coming, with the one-click link that cancels it. */
export interface CancelNotice {
  subject: string;
  body: string[];
  cancelLine: string;
}

export function cancelReleaseMail(address: string, ownerFirstName: string, notice: CancelNotice, cancelUrl: string): MailMessage {
  return {
    to: address,
    subject: notice.subject,
    text: [
      `Hello ${ownerFirstName},`,
      '',
      ...notice.body,
      '',
      notice.cancelLine,
      '',
      cancelUrl,
      '',
      'Signing in to heirloom cancels it too. Your verifiers will be told.',
    ].join('\n'),
  };
}

export const waitingTimeNotice = (vetoEndsAt: Date): CancelNotice => ({
  subject: 'Your heirloom Legacy Plan is about to be released',
  body: [
    'Your verifiers have told heirloom that you have died, so what you chose for your heirs will be released to them on',
    `${vetoEndsAt.toUTCString()}.`,
  ],
  cancelLine: 'If you are alive, cancel it with one click:',
});

export const firstReportNotice = (reporter: string, verifiersRequired: number, waitingTime: string | null): CancelNotice => ({
  subject: 'A verifier has reported your death to heirloom',
  body: [
    `${reporter}, one of your verifiers, has told heirloom that you have died.`,
    `Nothing is released yet: ${verifiersRequired} of your verifiers must confirm it, and ${
      waitingTime === null
        ? 'when they have, what you chose for your heirs is released to them at once, with no waiting time.'
        : `when they have, you still have ${waitingTime} to cancel before it is released.`
    }`,
  ],
  cancelLine: 'If you are alive, cancel it now with one click:',
});
