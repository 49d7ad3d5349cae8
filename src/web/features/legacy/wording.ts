// The Legacy Plan in plain words: dates, release conditions, the trigger's state and the audit log's events.
import type { Heir, LegacyStatus, Release } from '@shared/schemas/legacy';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { localDay } from '@web/lib/local-day';
import { dayLocale } from './reader-intl';

const dayFormat = () => new Intl.DateTimeFormat(dayLocale(activeIntl()), { day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = () =>
  new Intl.DateTimeFormat(dayLocale(activeIntl()), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
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
  return Number.isNaN(date.getTime()) ? '' : dayFormat().format(date);
}

/** '3 May 2031, 14:05' for the audit log. */
export function formatMoment(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : timeFormat().format(date);
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

const CONDITIONS = defineMessages({
  now: { id: 'legacy.condition.now', defaultMessage: 'Shared now' },
  afterDeath: { id: 'legacy.condition.afterDeath', defaultMessage: 'After my death' },
  onDate: { id: 'legacy.condition.onDate', defaultMessage: 'On {date}' },
  atAge: { id: 'legacy.condition.atAge', defaultMessage: 'At age {age}' },
  atAgeOn: { id: 'legacy.condition.atAgeOn', defaultMessage: 'At age {age} (on {date})' },
  never: { id: 'legacy.condition.never', defaultMessage: 'Never' },
});

export function conditionText(release: Pick<Release, 'condition' | 'releaseAt' | 'age'>, heir?: Pick<Heir, 'dateOfBirth'>): string {
  const intl = activeIntl();
  switch (release.condition) {
    case 'now':
      return intl.formatMessage(CONDITIONS.now);
    case 'after-death':
      return intl.formatMessage(CONDITIONS.afterDeath);
    case 'on-date':
      return intl.formatMessage(CONDITIONS.onDate, { date: formatDay(release.releaseAt) });
    case 'at-age': {
      const age = String(release.age ?? '?');
      return heir?.dateOfBirth && release.age
        ? intl.formatMessage(CONDITIONS.atAgeOn, { age, date: formatDay(birthdayAt(heir.dateOfBirth, release.age)) })
        : intl.formatMessage(CONDITIONS.atAge, { age });
    }
    case 'never':
      return intl.formatMessage(CONDITIONS.never);
  }
}

const KIND_NAMES = defineMessages({
  collection: { id: 'legacy.kind.collection', defaultMessage: 'Collection' },
  photo: { id: 'legacy.kind.photo', defaultMessage: 'Photo' },
  memory: { id: 'legacy.kind.memory', defaultMessage: 'Memory' },
  document: { id: 'legacy.kind.document', defaultMessage: 'Document' },
  letter: { id: 'legacy.kind.letter', defaultMessage: 'Letter' },
});

/** 'Collection', 'Photo'… in the page's language. */
export const targetKindName = (kind: Release['target']['kind']) => activeIntl().formatMessage(KIND_NAMES[kind]);

/** Where the plan stands, in one sentence. */
const STATUS = defineMessages({
  notSetUp: {
    id: 'legacy.status.notSetUp',
    defaultMessage: 'Not set up yet — choose how often to check in and who your verifiers are below.',
  },
  paused: { id: 'legacy.status.paused', defaultMessage: 'Paused while you travel — check-ins resume on {date}' },
  activeNext: { id: 'legacy.status.activeNext', defaultMessage: 'Active — next check-in mail on {date}' },
  active: { id: 'legacy.status.active', defaultMessage: 'Active' },
  awaiting: { id: 'legacy.status.awaiting', defaultMessage: 'Waiting for your check-in' },
  verifying: { id: 'legacy.status.verifying', defaultMessage: 'Your verifiers are being asked' },
  veto: { id: 'legacy.status.veto', defaultMessage: 'Release pending — it happens on {date} unless you cancel' },
  released: { id: 'legacy.status.released', defaultMessage: 'Released on {date}' },
});

export function statusText(status: LegacyStatus, now = new Date()): string {
  const intl = activeIntl();
  if (!status.configured) return intl.formatMessage(STATUS.notSetUp);
  const paused = status.pausedUntil && new Date(status.pausedUntil) > now;
  switch (status.state) {
    case 'active':
      return paused
        ? intl.formatMessage(STATUS.paused, { date: formatDay(status.pausedUntil) })
        : status.nextStepAt
          ? intl.formatMessage(STATUS.activeNext, { date: formatDay(status.nextStepAt) })
          : intl.formatMessage(STATUS.active);
    case 'awaiting_check_in':
      return intl.formatMessage(STATUS.awaiting);
    case 'verifying':
      return intl.formatMessage(STATUS.verifying);
    case 'veto':
      return intl.formatMessage(STATUS.veto, { date: formatDay(status.vetoEndsAt) });
    case 'released':
      return intl.formatMessage(STATUS.released, { date: formatDay(status.releasedAt) });
  }
}

const EVENT_NAMES = defineMessages({
  check_in_sent: { id: 'legacy.event.checkInSent', defaultMessage: '“Are you still there?” sent' },
  reminder_sent: { id: 'legacy.event.reminderSent', defaultMessage: 'Reminder sent' },
  checked_in: { id: 'legacy.event.checkedIn', defaultMessage: 'You checked in' },
  paused: { id: 'legacy.event.paused', defaultMessage: 'Check-ins paused' },
  resumed: { id: 'legacy.event.resumed', defaultMessage: 'Check-ins resumed' },
  verifier_named: { id: 'legacy.event.verifierNamed', defaultMessage: 'Verifier named and told by e-mail' },
  verifiers_asked: { id: 'legacy.event.verifiersAsked', defaultMessage: 'Verifiers asked to confirm' },
  verifier_confirmed: { id: 'legacy.event.verifierConfirmed', defaultMessage: 'A verifier confirmed' },
  veto_started: { id: 'legacy.event.vetoStarted', defaultMessage: 'Waiting time started: you were asked whether to cancel' },
  vetoed: { id: 'legacy.event.vetoed', defaultMessage: 'You cancelled the release' },
  released: { id: 'legacy.event.released', defaultMessage: 'Plan released' },
  grants_released: { id: 'legacy.event.grantsReleased', defaultMessage: 'Released to your heirs' },
  time_capsule_released: { id: 'legacy.event.timeCapsuleReleased', defaultMessage: 'A dated or birthday release was released' },
});

/** A pause that has ended is no pause: the server refuses one in the past. */
export const livePause = (pausedUntil: string | null, now = new Date()) =>
  pausedUntil && new Date(pausedUntil) > now ? pausedUntil : null;

/** The log's event names are the server's; unknown ones read as words ('time_capsule_released' → 'Time capsule released'). */
export function eventText(event: string): string {
  const key = event.toLowerCase().replace(/[.\s-]+/g, '_');
  if (Object.hasOwn(EVENT_NAMES, key)) return activeIntl().formatMessage(EVENT_NAMES[key as keyof typeof EVENT_NAMES]);
  const words = event.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
