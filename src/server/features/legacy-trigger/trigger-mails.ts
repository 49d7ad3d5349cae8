// The words of the Legacy Plan's mails: to the owner (check-ins, a report, the waiting time), to the
// verifiers, and to the heirs when something is released. Each is written in its reader's language (issue 33):
// the owner's account language, a verifier's or heir's contact language. The service decides who gets which and when.
import type { IntlShape } from 'react-intl';
import { translator } from '../../lib/i18n';
import type { MailMessage } from '../../lib/mail';
import { utcMoment } from '../../lib/mail-language';
import { type ReleaseRules, waitingDays } from './release-rules';
import { REMINDER_INTERVAL_DAYS, REMINDERS } from './trigger-clock';

interface Named {
  firstName: string;
  surname?: string;
  lastName?: string;
}

export const fullName = (p: Named) => [p.firstName, p.surname ?? p.lastName].filter(Boolean).join(' ');

const hello = (intl: IntlShape, name: string) => intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name });

/** "Tom King's address may be out of date": the lines of the check-in mail about addresses to look at (decision 073). */
function outOfDateLines(intl: IntlShape, names: string[], planUrl: string): string[] {
  if (names.length === 0) return [];
  return [
    '',
    ...names.map((name) =>
      intl.formatMessage(
        {
          id: 'mail.legacyCheckIn.outOfDate',
          defaultMessage: "{name}'s address may be out of date: it was refused, or not confirmed within 30 days of heirloom asking.",
        },
        { name },
      ),
    ),
    intl.formatMessage(
      { id: 'mail.legacyCheckIn.checkThem', defaultMessage: 'Check {count, plural, one {it} other {them}} on your Legacy Plan: {url}' },
      { count: names.length, url: planUrl },
    ),
  ];
}

export function checkInMail(
  owner: { firstName: string; email: string },
  reminder: number,
  checkInUrl: string,
  { outOfDate = [], planUrl = '' }: { outOfDate?: string[]; planUrl?: string } = {},
  intl: IntlShape = translator(undefined),
): MailMessage {
  return {
    to: owner.email,
    language: intl.locale,
    subject:
      reminder === 0
        ? intl.formatMessage({ id: 'mail.legacyCheckIn.subject', defaultMessage: 'Are you still there? (heirloom)' })
        : intl.formatMessage(
            { id: 'mail.legacyCheckIn.reminderSubject', defaultMessage: 'Reminder {reminder}: are you still there? (heirloom)' },
            { reminder },
          ),
    text: [
      hello(intl, owner.firstName),
      '',
      intl.formatMessage({
        id: 'mail.legacyCheckIn.intro',
        defaultMessage: 'This is the regular check-in of your heirloom Legacy Plan. To tell heirloom you are still there, open this link:',
      }),
      '',
      checkInUrl,
      '',
      intl.formatMessage({ id: 'mail.legacyCheckIn.signInCounts', defaultMessage: 'Signing in to heirloom counts too.' }),
      reminder < REMINDERS
        ? intl.formatMessage(
            {
              id: 'mail.legacyCheckIn.moreReminders',
              defaultMessage:
                'If there is no answer, heirloom reminds you {left, plural, one {once more} other {twice more}}, a week apart; then it asks your verifiers whether you have died.',
            },
            { left: REMINDERS - reminder },
          )
        : intl.formatMessage(
            {
              id: 'mail.legacyCheckIn.lastReminder',
              defaultMessage:
                'This is the last reminder: if there is no answer within {days} days, heirloom asks your verifiers whether you have died.',
            },
            { days: REMINDER_INTERVAL_DAYS },
          ),
      ...outOfDateLines(intl, outOfDate, planUrl),
    ].join('\n'),
  };
}

/** What happens after a report, as the plan is set now: for the verifiers' mails (decision 045). */
export function afterReportWords(intl: IntlShape, plan: ReleaseRules, ownerName: string): string {
  const wait = waitingDays(plan);
  const required = plan.verifiersRequired;
  if (required < 2) {
    return intl.formatMessage(
      {
        id: 'mail.legacyVerifier.oneConfirmation',
        defaultMessage:
          "As {owner}'s plan is set today, one confirmation is enough: {owner} is e-mailed at once and has {days, plural, one {# day} other {# days}} to cancel before anything is handed on.",
      },
      { owner: ownerName, days: wait },
    );
  }
  return [
    intl.formatMessage(
      {
        id: 'mail.legacyVerifier.firstReport',
        defaultMessage: "As {owner}'s plan is set today, {owner} is e-mailed at the first report and can cancel.",
      },
      { owner: ownerName },
    ),
    intl.formatMessage(
      {
        id: 'mail.legacyVerifier.nothingUntil',
        defaultMessage: 'Nothing is handed on until {required} of the people {owner} chose have confirmed;',
      },
      { owner: ownerName, required },
    ),
    wait === 0
      ? intl.formatMessage({ id: 'mail.legacyVerifier.atOnce', defaultMessage: 'then it is handed on at once, with no waiting time.' })
      : intl.formatMessage(
          {
            id: 'mail.legacyVerifier.stillHas',
            defaultMessage: 'then {owner} still has {days, plural, one {# day} other {# days}} to cancel.',
          },
          { owner: ownerName, days: wait },
        ),
  ].join(' ');
}

/** The mail to a person the owner has just named a verifier, with their personal link to report a death. */
export function namedVerifierMail(
  intl: IntlShape,
  verifier: { firstName: string; email: string },
  ownerName: string,
  verifyUrl: string,
  rules: ReleaseRules,
): MailMessage {
  return {
    to: verifier.email,
    language: intl.locale,
    subject: intl.formatMessage(
      { id: 'mail.legacyVerifier.namedSubject', defaultMessage: '{owner} named you a verifier of their heirloom Legacy Plan' },
      { owner: ownerName },
    ),
    text: [
      hello(intl, verifier.firstName),
      '',
      intl.formatMessage(
        {
          id: 'mail.legacyVerifier.namedKeeps',
          defaultMessage: '{owner} keeps their life story on heirloom and has chosen what to leave to their family after their death.',
        },
        { owner: ownerName },
      ),
      intl.formatMessage({
        id: 'mail.legacyVerifier.namedTrusted',
        defaultMessage: 'They named you as one of the trusted people heirloom may ask to confirm their death before anything is released.',
      }),
      '',
      intl.formatMessage({
        id: 'mail.legacyVerifier.namedMeans',
        defaultMessage:
          'What it means: if they stop answering heirloom for a long time, heirloom will e-mail you and ask. You can also report',
      }),
      intl.formatMessage({
        id: 'mail.legacyVerifier.namedLink',
        defaultMessage: 'their death at any time yourself, with your personal link (keep it; it is only for you):',
      }),
      '',
      verifyUrl,
      '',
      afterReportWords(intl, rules, ownerName),
      intl.formatMessage({
        id: 'mail.legacyVerifier.namedNothingNow',
        defaultMessage: 'You need no account, and there is nothing to do now.',
      }),
    ].join('\n'),
  };
}

export function askVerifierMail(
  intl: IntlShape,
  verifier: { firstName: string; email: string },
  owner: Named,
  verifyUrl: string,
  rules: ReleaseRules,
): MailMessage {
  const name = fullName(owner);
  return {
    to: verifier.email,
    language: intl.locale,
    subject: intl.formatMessage(
      { id: 'mail.legacyVerifier.askSubject', defaultMessage: '{owner} has not answered heirloom: please let us know' },
      { owner: name },
    ),
    text: [
      hello(intl, verifier.firstName),
      '',
      intl.formatMessage(
        {
          id: 'mail.legacyVerifier.askIntro',
          defaultMessage:
            "{owner} named you as someone heirloom may ask if they have died. They have not answered heirloom's check-ins for three weeks.",
        },
        { owner: name },
      ),
      '',
      intl.formatMessage({
        id: 'mail.legacyVerifier.askConfirm',
        defaultMessage: 'If you know that they have died, please confirm it with your personal link:',
      }),
      '',
      verifyUrl,
      '',
      intl.formatMessage(
        { id: 'mail.legacyVerifier.askAlive', defaultMessage: 'If they are alive, you need do nothing. {afterReport}' },
        { afterReport: afterReportWords(intl, rules, name) },
      ),
    ].join('\n'),
  };
}

export function ownerIsWellMail(intl: IntlShape, verifier: { firstName: string; email: string }, owner: Named): MailMessage {
  const name = fullName(owner);
  return {
    to: verifier.email,
    language: intl.locale,
    subject: intl.formatMessage(
      { id: 'mail.legacyVerifier.wellSubject', defaultMessage: '{owner} is well: nothing will be released' },
      { owner: name },
    ),
    text: [
      hello(intl, verifier.firstName),
      '',
      intl.formatMessage(
        {
          id: 'mail.legacyVerifier.wellAnswered',
          defaultMessage: '{owner} has answered heirloom, so nothing is being released and their Legacy Plan is back to normal.',
        },
        { owner: name },
      ),
      intl.formatMessage({
        id: 'mail.legacyVerifier.wellThanks',
        defaultMessage: 'If you had reported their death, thank you for looking out for them; there is nothing more to do.',
      }),
      '',
      intl.formatMessage({
        id: 'mail.legacyVerifier.wellLinkWorks',
        defaultMessage: 'Your personal link to report a death still works should it ever be needed.',
      }),
    ].join('\n'),
  };
}

export function releasedToHeirMail(
  intl: IntlShape,
  heir: { firstName: string; email: string },
  owner: Named,
  publicUrl: string,
): MailMessage {
  const name = fullName(owner);
  return {
    to: heir.email,
    language: intl.locale,
    subject: intl.formatMessage(
      { id: 'mail.legacyHeir.releasedSubject', defaultMessage: '{owner} has left something for you on heirloom' },
      { owner: name },
    ),
    text: [
      hello(intl, heir.firstName),
      '',
      intl.formatMessage(
        {
          id: 'mail.legacyHeir.releasedWaiting',
          defaultMessage: '{owner} chose to leave something for you, and it is now waiting for you. To open it, go to:',
        },
        { owner: name },
      ),
      '',
      `${publicUrl}/legacy`,
      '',
      intl.formatMessage(
        {
          id: 'mail.legacyHeir.releasedKeyCode',
          defaultMessage: 'and enter the key code {ownerFirstName} gave you (it is in your Legacy Kit, or on the paper they left you).',
        },
        { ownerFirstName: owner.firstName },
      ),
      intl.formatMessage({ id: 'mail.legacyHeir.noAccount', defaultMessage: 'You need no account.' }),
    ].join('\n'),
  };
}

export function makeKeyCodeMail(
  intl: IntlShape,
  owner: { firstName: string; email: string },
  heirNames: string[],
  publicUrl: string,
): MailMessage {
  return {
    to: owner.email,
    language: intl.locale,
    subject: intl.formatMessage({
      id: 'mail.legacyKeyCode.subject',
      defaultMessage: 'Make a key code so your heir can open what you released',
    }),
    text: [
      hello(intl, owner.firstName),
      '',
      intl.formatMessage(
        {
          id: 'mail.legacyKeyCode.released',
          defaultMessage:
            'Something you chose to release on a date or at an age has been released to {heirs}, but there is no key code to open it yet, so they have not been told.',
        },
        { heirs: heirNames.join(', ') },
      ),
      intl.formatMessage(
        {
          id: 'mail.legacyKeyCode.makeIt',
          defaultMessage: 'Make the key code on your Legacy Plan page ({url}) and give them their Legacy Kit.',
        },
        { url: `${publicUrl}/after-life` },
      ),
    ].join('\n'),
  };
}

/** What the owner is told when a release is coming, with the one-click link that cancels it. */
export interface CancelNotice {
  subject: string;
  body: string[];
  cancelLine: string;
}

/** A notice waits for the owner's language, known only when the mail is written. */
export type CancelNoticeWords = (intl: IntlShape) => CancelNotice;

export function cancelReleaseMail(
  intl: IntlShape,
  address: string,
  ownerFirstName: string,
  notice: CancelNotice,
  cancelUrl: string,
): MailMessage {
  return {
    to: address,
    language: intl.locale,
    subject: notice.subject,
    text: [
      hello(intl, ownerFirstName),
      '',
      ...notice.body,
      '',
      notice.cancelLine,
      '',
      cancelUrl,
      '',
      intl.formatMessage({
        id: 'mail.legacyCancel.signInCancels',
        defaultMessage: 'Signing in to heirloom cancels it too. Your verifiers will be told.',
      }),
    ].join('\n'),
  };
}

export const waitingTimeNotice =
  (vetoEndsAt: Date): CancelNoticeWords =>
  (intl) => ({
    subject: intl.formatMessage({
      id: 'mail.legacyCancel.waitingSubject',
      defaultMessage: 'Your heirloom Legacy Plan is about to be released',
    }),
    body: [
      intl.formatMessage({
        id: 'mail.legacyCancel.waitingBody',
        defaultMessage:
          'Your verifiers have told heirloom that you have died, so what you chose for your heirs will be released to them on',
      }),
      `${utcMoment(intl, vetoEndsAt)}.`,
    ],
    cancelLine: intl.formatMessage({
      id: 'mail.legacyCancel.waitingCancel',
      defaultMessage: 'If you are alive, cancel it with one click:',
    }),
  });

/** `reporter` is null when the verifier has no name; `waitingDays` is null when there is no waiting time. */
export const firstReportNotice =
  (reporter: string | null, verifiersRequired: number, waitDays: number | null): CancelNoticeWords =>
  (intl) => ({
    subject: intl.formatMessage({
      id: 'mail.legacyCancel.reportSubject',
      defaultMessage: 'A verifier has reported your death to heirloom',
    }),
    body: [
      intl.formatMessage(
        {
          id: 'mail.legacyCancel.reported',
          defaultMessage: '{reporter}, one of your verifiers, has told heirloom that you have died.',
        },
        { reporter: reporter ?? intl.formatMessage({ id: 'mail.legacyCancel.aVerifier', defaultMessage: 'A verifier' }) },
      ),
      waitDays === null
        ? intl.formatMessage(
            {
              id: 'mail.legacyCancel.notYetAtOnce',
              defaultMessage:
                'Nothing is released yet: {required} of your verifiers must confirm it, and when they have, what you chose for your heirs is released to them at once, with no waiting time.',
            },
            { required: verifiersRequired },
          )
        : intl.formatMessage(
            {
              id: 'mail.legacyCancel.notYetWaiting',
              defaultMessage:
                'Nothing is released yet: {required} of your verifiers must confirm it, and when they have, you still have {days, plural, one {# day} other {# days}} to cancel before it is released.',
            },
            { required: verifiersRequired, days: waitDays },
          ),
    ],
    cancelLine: intl.formatMessage({
      id: 'mail.legacyCancel.reportCancel',
      defaultMessage: 'If you are alive, cancel it now with one click:',
    }),
  });
