// Sealed copies kept elsewhere in plain words: when something happened, both roughly and exactly.
import { formatMoment } from './wording';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
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
  let amount = (new Date(iso).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatMoment(iso);
}

/** '3 hours ago (30 Nov 2026, 11:40)', or `never` when it has not happened. */
export function whenText(iso: string | null, never = 'never', now: Date = new Date()): string {
  return iso ? `${relativeTime(iso, now)} (${formatMoment(iso)})` : never;
}
