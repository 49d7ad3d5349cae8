// When an interview's next question is due (decision 066): once a week, at the weekday and hour of the
// storyteller's zone. Pure: the clock is the caller's (tests move it).
import type { InterviewSchedule } from '@shared/schemas/interviews';

const QUARTER_MS = 15 * 60 * 1000;
/** Looked back at most this far for the last scheduled hour (a week and a day: a missed week is not caught up twice). */
const LOOK_BACK_MS = 8 * 24 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The clock the schedule reads: injectable, as the Legacy Plan's trigger clock. */
export interface InterviewClock {
  now(): Date;
}
export const systemClock: InterviewClock = { now: () => new Date() };

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function localWeekdayHour(at: Date, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const weekday = WEEKDAYS.indexOf(parts.find((p) => p.type === 'weekday')?.value ?? '');
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? NaN);
  return { weekday, hour };
}

/**
 * The latest moment ≤ now at which the storyteller's clock reached the schedule's weekday and hour (the start of
 * that local hour, to the quarter hour), or null when it did not in the last eight days (an hour a change of
 * clocks skips).
 */
export function lastScheduledAt(schedule: InterviewSchedule, now: Date): Date | null {
  const matches = (t: number) => {
    const local = localWeekdayHour(new Date(t), schedule.timeZone);
    return local.weekday === schedule.weekday && local.hour === schedule.hour;
  };
  const start = Math.floor(now.getTime() / QUARTER_MS) * QUARTER_MS;
  for (let t = start; t > now.getTime() - LOOK_BACK_MS; t -= QUARTER_MS) {
    if (!matches(t)) continue;
    let first = t;
    while (matches(first - QUARTER_MS)) first -= QUARTER_MS;
    return new Date(first);
  }
  return null;
}

/**
 * A weekly interview's next question is due when its scheduled hour has come since the last question went
 * (or since the interview began): one a week, and one hour missed (a restart, a stopped server) is caught up
 * when the check runs again.
 */
export function weeklyQuestionDue(schedule: InterviewSchedule, now: Date, since: Date): boolean {
  const at = lastScheduledAt(schedule, now);
  return at !== null && at.getTime() > since.getTime();
}
