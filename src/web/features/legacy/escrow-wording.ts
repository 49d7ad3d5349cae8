// Sealed copies kept elsewhere in plain words: when something happened, both roughly and exactly, and why a copy
// waits.
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

// Why a sealed copy waits, why the verifier codes no longer fit the plan, and the last run's trouble: the API says
// them in the reader's words (the request's language; a run's trouble in the owner's, when it happened). A trouble
// kept before it was written so is a marked English text, shown in the page's language.
export const escrowReason = (reason: string): string => translateText(reason);
