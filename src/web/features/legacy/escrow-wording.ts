// Sealed copies kept elsewhere in plain words: when something happened, both roughly and exactly, and why a copy
// waits.
import type { IntlShape } from 'react-intl';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl, formattingLocale, translateText } from '@web/lib/i18n/language-store';
import { formatMoment } from './wording';

const messages = defineMessages({
  never: { id: 'legacy.escrow.never', defaultMessage: 'never' },
  when: { id: 'legacy.escrow.when', defaultMessage: '{relative} ({moment})' },
});
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** '3 hours ago', 'yesterday', 'in 2 days'. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const relative = new Intl.RelativeTimeFormat(formattingLocale(), { numeric: 'auto' });
  let amount = (new Date(iso).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatMoment(iso);
}

/** '3 hours ago (30 Nov 2026, 11:40)', or `never` when it has not happened. */
export function whenText(iso: string | null, never?: string, now: Date = new Date()): string {
  const intl = activeIntl();
  if (!iso) return never ?? intl.formatMessage(messages.never);
  return intl.formatMessage(messages.when, { relative: relativeTime(iso, now), moment: formatMoment(iso) });
}

// The API says in English why the verifier codes no longer fit the plan and why a copy waits; the owner reads it in
// the page's language. A reason not known here is shown as the API wrote it.
const OUTDATED = defineMessages({
  verifiers: {
    id: 'legacy.escrow.verifiersChanged',
    defaultMessage: 'Your verifiers changed since these codes were made: make new codes and give them to your verifiers.',
  },
  threshold: {
    id: 'legacy.escrow.thresholdChanged',
    defaultMessage: 'How many verifiers must confirm changed since these codes were made: make new codes and give them to your verifiers.',
  },
});
const WAITING = defineMessages({
  keyCodeFirst: { id: 'legacy.escrow.keyCodeFirst', defaultMessage: 'Make {name}’s key code first: a sealed copy is locked with it.' },
  notAgain: { id: 'legacy.escrow.notAgain', defaultMessage: 'Until then the sealed copies are not written again.' },
  bucketFirst: { id: 'legacy.escrow.bucketFirst', defaultMessage: 'Set a bucket for the sealed copies first.' },
  nextRun: { id: 'legacy.escrow.nextRun', defaultMessage: 'Not written yet: the next run writes it.' },
});

/** Why the verifier codes no longer fit the plan. */
export function outdatedText(reason: string, intl: IntlShape = activeIntl()): string {
  const known = Object.values(OUTDATED).find((message) => message.defaultMessage === reason);
  return known ? intl.formatMessage(known) : translateText(reason);
}

/** Why no sealed copy is written (for `heirName`'s, when given): the last run's trouble or an heir's wait. */
export function escrowReason(reason: string, heirName?: string, intl: IntlShape = activeIntl()): string {
  if (heirName !== undefined && reason === WAITING.keyCodeFirst.defaultMessage.replace('{name}', heirName))
    return intl.formatMessage(WAITING.keyCodeFirst, { name: heirName });
  const simple = [WAITING.bucketFirst, WAITING.nextRun].find((message) => message.defaultMessage === reason);
  if (simple) return intl.formatMessage(simple);
  const notAgain = ` ${WAITING.notAgain.defaultMessage}`;
  if (reason.endsWith(notAgain)) return `${outdatedText(reason.slice(0, -notAgain.length), intl)} ${intl.formatMessage(WAITING.notAgain)}`;
  return translateText(reason);
}
