// The Legacy Plan in plain words: dates, release conditions, the trigger's state and the audit log's events.
import type { Heir, LegacyStatus, Release } from '@shared/schemas/legacy';
import { localDay } from '@web/lib/local-day';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string): Date {
  const match = CALENDAR_DATE.exec(value);
  // a calendar date is that local day, never shifted by the time zone
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
}

/** '1 June 2040' for a calendar date or an ISO timestamp (in the viewer's time zone); '' when missing. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

/** '3 May 2031, 14:05' for the audit log. */
export function formatMoment(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : timeFormat.format(date);
}

/** The ISO timestamp of a picked day's local midnight: "on 1 June 2040" means the owner's 1 June. */
export function localMidnightIso(day: string): string {
  return toDate(day).toISOString();
}

/** The heir's birthday at that age, as a calendar date. */
export function birthdayAt(dateOfBirth: string, age: number): string {
  const born = toDate(dateOfBirth);
  return localDay(new Date(born.getFullYear() + age, born.getMonth(), born.getDate()));
}

export function conditionText(release: Pick<Release, 'condition' | 'releaseAt' | 'age'>, heir?: Pick<Heir, 'dateOfBirth'>): string {
  switch (release.condition) {
    case 'now':
      return 'Shared now';
    case 'after-death':
      return 'After my death';
    case 'on-date':
      return `On ${formatDay(release.releaseAt)}`;
    case 'at-age': {
      const on = heir?.dateOfBirth && release.age ? ` (on ${formatDay(birthdayAt(heir.dateOfBirth, release.age))})` : '';
      return `At age ${release.age ?? '?'}${on}`;
    }
    case 'never':
      return 'Never';
  }
}

export const TARGET_KIND_NAMES: Record<Release['target']['kind'], string> = {
  collection: 'Collection',
  photo: 'Photo',
  memory: 'Memory',
  document: 'Document',
  letter: 'Letter',
};

/** Where the plan stands, in one sentence. */
export function statusText(status: LegacyStatus, now = new Date()): string {
  if (!status.configured) return 'Not set up yet — choose how often to check in and who your verifiers are below.';
  const paused = status.pausedUntil && new Date(status.pausedUntil) > now;
  switch (status.state) {
    case 'active':
      return paused
        ? `Paused while you travel — check-ins resume on ${formatDay(status.pausedUntil)}`
        : status.nextStepAt
          ? `Active — next check-in mail on ${formatDay(status.nextStepAt)}`
          : 'Active';
    case 'awaiting_check_in':
      return 'Waiting for your check-in';
    case 'verifying':
      return 'Your verifiers are being asked';
    case 'veto':
      return `Release pending — it happens on ${formatDay(status.vetoEndsAt)} unless you cancel`;
    case 'released':
      return `Released on ${formatDay(status.releasedAt)}`;
  }
}

const EVENT_NAMES: Record<string, string> = {
  check_in_sent: '“Are you still there?” sent',
  reminder_sent: 'Reminder sent',
  checked_in: 'You checked in',
  paused: 'Check-ins paused',
  resumed: 'Check-ins resumed',
  verifier_named: 'Verifier named and told by e-mail',
  verifiers_asked: 'Verifiers asked to confirm',
  verifier_confirmed: 'A verifier confirmed',
  veto_started: 'Waiting time started: you were asked whether to cancel',
  vetoed: 'You cancelled the release',
  released: 'Plan released',
  grants_released: 'Released to your heirs',
  time_capsule_released: 'A dated or birthday release was released',
};

/** A pause that has ended is no pause: the server refuses one in the past. */
export const livePause = (pausedUntil: string | null, now = new Date()) =>
  pausedUntil && new Date(pausedUntil) > now ? pausedUntil : null;

/** The log's event names are the server's; unknown ones read as words ('time_capsule_released' → 'Time capsule released'). */
export function eventText(event: string): string {
  const key = event.toLowerCase().replace(/[.\s-]+/g, '_');
  const known = EVENT_NAMES[key];
  if (known) return known;
  const words = event.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
