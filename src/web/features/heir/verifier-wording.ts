// What a verifier's confirmation does, for the plan as its owner set it (decision 045).
import type { VerifierLink } from '@shared/schemas/legacy';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';

const messages = defineMessages({
  lastNoWait: {
    id: 'heir.verifier.lastNoWait',
    defaultMessage:
      'Your confirmation is the last one needed: what {name} left is handed on to their heirs at once, with no waiting time, and can no longer be cancelled.',
  },
  lastWait: {
    id: 'heir.verifier.lastWait',
    defaultMessage:
      '{name} is e-mailed at once and has {days, plural, one {# day} other {# days}} to cancel before what they left is handed on.',
  },
  toldFirst: { id: 'heir.verifier.toldFirst', defaultMessage: '{name} is e-mailed at once and can cancel.' },
  told: { id: 'heir.verifier.told', defaultMessage: '{name} has been e-mailed and can cancel.' },
  untilNoWait: {
    id: 'heir.verifier.untilNoWait',
    defaultMessage:
      'Nothing is handed on until {required} of the people {name} chose have confirmed ({confirmations} so far); then it is handed on at once, with no waiting time.',
  },
  untilWait: {
    id: 'heir.verifier.untilWait',
    defaultMessage:
      'Nothing is handed on until {required} of the people {name} chose have confirmed ({confirmations} so far); then {name} still has {days, plural, one {# day} other {# days}} to cancel.',
  },
  released: {
    id: 'heir.verifier.released',
    defaultMessage: 'What {name} left has been handed on to their heirs. There is nothing more to do.',
  },
  vetoUntil: {
    id: 'heir.verifier.vetoUntil',
    defaultMessage:
      'Enough of the people {name} chose have confirmed. {name} has been e-mailed and can cancel until {until}; then what they left is handed on.',
  },
  vetoUntilEnd: {
    id: 'heir.verifier.vetoUntilEnd',
    defaultMessage:
      'Enough of the people {name} chose have confirmed. {name} has been e-mailed and can cancel until the end of the waiting time; then what they left is handed on.',
  },
});

/** '1 June 2040': English keeps its day-month-year, other languages their own. */
const dayFormat = () => {
  const { locale } = activeIntl();
  return new Intl.DateTimeFormat(locale === SOURCE_LANGUAGE || locale.startsWith('en-') ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
};

/** Before confirming: what this confirmation starts, said before the verifier taps. */
export function beforeConfirming(link: VerifierLink): string {
  const intl = activeIntl();
  const { ownerName: name, verifiersRequired: required, confirmations, waitingDays: wait } = link;
  if (confirmations + 1 >= required) {
    if (wait === 0) return intl.formatMessage(messages.lastNoWait, { name });
    return intl.formatMessage(messages.lastWait, { name, days: wait });
  }
  const told = intl.formatMessage(confirmations === 0 ? messages.toldFirst : messages.told, { name });
  const values = { name, required, confirmations, days: wait };
  return `${told} ${intl.formatMessage(wait === 0 ? messages.untilNoWait : messages.untilWait, values)}`;
}

/** After confirming (or on a later visit): where things stand now. */
export function afterConfirming(link: VerifierLink): string {
  const intl = activeIntl();
  const { ownerName: name, verifiersRequired: required, confirmations, waitingDays: wait, state, vetoEndsAt } = link;
  if (state === 'released') return intl.formatMessage(messages.released, { name });
  if (state === 'veto') {
    return vetoEndsAt
      ? intl.formatMessage(messages.vetoUntil, { name, until: dayFormat().format(new Date(vetoEndsAt)) })
      : intl.formatMessage(messages.vetoUntilEnd, { name });
  }
  const values = { name, required, confirmations, days: wait };
  return `${intl.formatMessage(messages.told, { name })} ${intl.formatMessage(wait === 0 ? messages.untilNoWait : messages.untilWait, values)}`;
}
