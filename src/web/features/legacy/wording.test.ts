import { describe, expect, it } from 'vitest';
import type { LegacyStatus } from '@shared/schemas/legacy';
import { planExplanation } from './components/plan-form';
import { birthdayAt, conditionText, eventText, localMidnightIso, statusText } from './wording';

const status = (patch: Partial<LegacyStatus>): LegacyStatus => ({
  configured: true,
  state: 'active',
  stateSince: null,
  lastCheckInAt: null,
  nextStepAt: null,
  pausedUntil: null,
  confirmations: 0,
  verifiersRequired: 2,
  vetoEndsAt: null,
  releasedAt: null,
  mailConfigured: true,
  ...patch,
});

describe('release conditions in words', () => {
  it('names each condition the way the owner chose it', () => {
    expect(conditionText({ condition: 'after-death', releaseAt: null, age: null })).toBe('After my death');
    expect(conditionText({ condition: 'never', releaseAt: null, age: null })).toBe('Never');
    expect(conditionText({ condition: 'now', releaseAt: null, age: null })).toBe('Shared now');
  });

  it('reads a date release as the local day it was picked for', () => {
    expect(conditionText({ condition: 'on-date', releaseAt: localMidnightIso('2040-06-01'), age: null })).toBe('On 1 June 2040');
  });

  it('adds the birthday to an age release when the heir’s date of birth is known', () => {
    expect(conditionText({ condition: 'at-age', releaseAt: null, age: 18 }, { dateOfBirth: '2013-05-03' })).toBe(
      'At age 18 (on 3 May 2031)',
    );
    expect(conditionText({ condition: 'at-age', releaseAt: null, age: 18 }, { dateOfBirth: null })).toBe('At age 18');
  });

  it('computes a birthday at an age as a calendar date', () => {
    expect(birthdayAt('2013-05-03', 18)).toBe('2031-05-03');
  });
});

describe('the plan’s status in words', () => {
  it('says what happens next in every state', () => {
    expect(statusText(status({ nextStepAt: localMidnightIso('2027-03-01') }))).toBe('Active — next check-in mail on 1 March 2027');
    expect(statusText(status({ state: 'awaiting_check_in' }))).toBe('Waiting for your check-in');
    expect(statusText(status({ state: 'verifying' }))).toBe('Your verifiers are being asked');
    expect(statusText(status({ state: 'veto', vetoEndsAt: localMidnightIso('2026-12-24') }))).toBe(
      'Release pending — it happens on 24 December 2026 unless you cancel',
    );
    expect(statusText(status({ state: 'released', releasedAt: localMidnightIso('2026-12-25') }))).toBe('Released on 25 December 2026');
  });

  it('says when check-ins are paused and when they resume', () => {
    const now = new Date(2026, 10, 25);
    expect(statusText(status({ pausedUntil: localMidnightIso('2027-02-01') }), now)).toBe(
      'Paused while you travel — check-ins resume on 1 February 2027',
    );
  });

  it('explains exactly what the trigger does with the chosen settings', () => {
    expect(planExplanation(6, 2, 3, 30)).toBe(
      'Every 6 months heirloom e-mails you “Are you still there?”. Signing in counts. If you don’t answer it or two reminders, ' +
        'your verifiers are asked to confirm; they can also report your death at any time. You are e-mailed at every address the ' +
        'moment the first of them reports it, and can cancel. When 2 of them confirm, you still have 30 days to cancel before your heirs are told.',
    );
    expect(planExplanation(3, 2, 2, 0)).toContain('When 2 of them confirm, your heirs are told at once, with no waiting time.');
    expect(planExplanation(3, 1, 1, 1)).toContain('When 1 of them confirms, you still have 1 day to cancel');
  });

  it('reads the log’s event names as words', () => {
    expect(eventText('verifier_confirmed')).toBe('A verifier confirmed');
    expect(eventText('check-in sent')).toBe('“Are you still there?” sent');
    expect(eventText('heir.notified')).toBe('Heir notified');
  });
});
