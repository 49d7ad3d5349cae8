// The words of care access's mails (decision 077): to a caregiver when named, when access opens, is refused or
// ends; to the owner, at every address, when a caregiver asks. Each in its reader's language (issue 33): the
// caregiver's contact language, the owner's account language.
import type { IntlShape } from 'react-intl';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { translator } from '../../lib/i18n';
import type { MailMessage } from '../../lib/mail';
import { utcMoment } from '../../lib/mail-language';

export interface CareScopeWords {
  documents: boolean;
  collections: number;
  contacts: boolean;
}

const english = translator(undefined);

const hello = (intl: IntlShape, name: string) => intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name });

/** "the documents in the vault, 2 collections and the contacts" */
export function scopeWords({ documents, collections, contacts }: CareScopeWords, intl: IntlShape = english) {
  const parts = [
    documents && intl.formatMessage({ id: 'mail.careScope.documents', defaultMessage: 'the documents in the vault' }),
    collections > 0 &&
      intl.formatMessage(
        { id: 'mail.careScope.collections', defaultMessage: '{count, plural, one {one collection} other {# collections}}' },
        { count: collections },
      ),
    contacts && intl.formatMessage({ id: 'mail.careScope.contacts', defaultMessage: 'the contacts' }),
  ].filter((p): p is string => typeof p === 'string');
  if (parts.length === 0) {
    return intl.formatMessage({ id: 'mail.careScope.nothing', defaultMessage: 'nothing yet (the owner has not chosen what to show)' });
  }
  // English lists as it always has, without a comma before "and"
  const locale = intl.locale === SOURCE_LANGUAGE ? 'en-GB' : intl.locale;
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
}

export function caregiverNamedMail(
  to: { firstName: string; email: string },
  ownerName: string,
  careUrl: string,
  scope: CareScopeWords,
  waitingDays: number,
  intl: IntlShape = english,
): MailMessage {
  const owner = ownerName;
  return {
    to: to.email,
    language: intl.locale,
    subject: intl.formatMessage({ id: 'mail.careNamed.subject', defaultMessage: '{owner} named you a caregiver on heirloom' }, { owner }),
    text: [
      hello(intl, to.firstName),
      '',
      intl.formatMessage(
        {
          id: 'mail.careNamed.keeps',
          defaultMessage:
            '{owner} keeps their papers, photos and stories on heirloom, and has named you as someone who may look after\nthings for them if they cannot: during an illness or a hospital stay, for example.',
        },
        { owner },
      ),
      '',
      intl.formatMessage({
        id: 'mail.careNamed.whenItComes',
        defaultMessage: 'If that time comes, open your personal link and ask for access (keep it; it is only for you):',
      }),
      '',
      careUrl,
      '',
      intl.formatMessage(
        {
          id: 'mail.careNamed.toldAtOnce',
          defaultMessage:
            '{owner} is told at once and can refuse. If they do not, you will be able to see {scope} {days, plural, =0 {at once} one {after # day} other {after # days}},\nread-only, until they end it. Nothing meant for after their death is ever shown.',
        },
        { owner, scope: scopeWords(scope, intl), days: waitingDays },
      ),
      '',
      intl.formatMessage({ id: 'mail.careNamed.nothingNow', defaultMessage: 'You need no account, and there is nothing to do now.' }),
    ].join('\n'),
  };
}

export function careAskedMail(
  address: string,
  ownerFirstName: string,
  caregiverName: string,
  message: string | null,
  opensAt: Date,
  refuseUrl: string,
  intl: IntlShape = english,
): MailMessage {
  const caregiver = caregiverName;
  return {
    to: address,
    language: intl.locale,
    subject: intl.formatMessage(
      { id: 'mail.careAsked.subject', defaultMessage: '{caregiver} asked for care access to your heirloom' },
      { caregiver },
    ),
    text: [
      hello(intl, ownerFirstName),
      '',
      intl.formatMessage(
        {
          id: 'mail.careAsked.asked',
          defaultMessage:
            '{caregiver}, whom you named as a caregiver, has asked to see what you chose to show them while you cannot\nlook after things yourself.',
        },
        { caregiver },
      ),
      ...(message ? ['', intl.formatMessage({ id: 'mail.careAsked.theirMessage', defaultMessage: 'Their message:' }), '', message] : []),
      '',
      intl.formatMessage(
        { id: 'mail.careAsked.unless', defaultMessage: 'Unless you refuse, they will be able to see it, read-only, from {moment}.' },
        { moment: utcMoment(intl, opensAt) },
      ),
      intl.formatMessage({
        id: 'mail.careAsked.refuse',
        defaultMessage: 'If you did not expect this, or do not want it, refuse with one click:',
      }),
      '',
      refuseUrl,
      '',
      intl.formatMessage({
        id: 'mail.careAsked.endAnyTime',
        defaultMessage: 'You can also end care access at any time by signing in to heirloom.',
      }),
    ].join('\n'),
  };
}

export function careOpenedMail(
  to: { firstName: string; email: string },
  ownerName: string,
  careUrl: string,
  intl: IntlShape = english,
): MailMessage {
  const owner = ownerName;
  return {
    to: to.email,
    language: intl.locale,
    subject: intl.formatMessage(
      { id: 'mail.careOpened.subject', defaultMessage: 'You can now see what {owner} chose to show you' },
      { owner },
    ),
    text: [
      hello(intl, to.firstName),
      '',
      intl.formatMessage(
        {
          id: 'mail.careOpened.open',
          defaultMessage: "Your care access to {owner}'s heirloom is open. You can see what they chose, read-only, with your link:",
        },
        { owner },
      ),
      '',
      careUrl,
      '',
      intl.formatMessage({ id: 'mail.careOpened.until', defaultMessage: 'It stays open until {owner} ends it.' }, { owner }),
    ].join('\n'),
  };
}

export type CareEnd = 'refused' | 'ended' | 'released' | 'removed';

function endWords(intl: IntlShape, why: CareEnd, owner: string) {
  switch (why) {
    case 'refused':
      return intl.formatMessage(
        { id: 'mail.careEnded.refused', defaultMessage: '{owner} has refused your request for care access. Nothing was shown.' },
        { owner },
      );
    case 'ended':
      return intl.formatMessage(
        {
          id: 'mail.careEnded.ended',
          defaultMessage: '{owner} has ended your care access. You can no longer see what they had shown you.',
        },
        { owner },
      );
    case 'released':
      return intl.formatMessage(
        {
          id: 'mail.careEnded.released',
          defaultMessage: "{owner}'s care access has ended, because their Legacy Plan has been released.",
        },
        { owner },
      );
    case 'removed':
      return intl.formatMessage(
        {
          id: 'mail.careEnded.removed',
          defaultMessage: '{owner} no longer names you as a caregiver. Your personal link does not work any more.',
        },
        { owner },
      );
  }
}

export function careEndedMail(
  to: { firstName: string; email: string },
  ownerName: string,
  why: CareEnd,
  intl: IntlShape = english,
): MailMessage {
  const owner = ownerName;
  return {
    to: to.email,
    language: intl.locale,
    subject:
      why === 'refused'
        ? intl.formatMessage({ id: 'mail.careEnded.refusedSubject', defaultMessage: '{owner} refused care access' }, { owner })
        : intl.formatMessage({ id: 'mail.careEnded.subject', defaultMessage: "Care access to {owner}'s heirloom has ended" }, { owner }),
    text: [hello(intl, to.firstName), '', endWords(intl, why, owner)].join('\n'),
  };
}
