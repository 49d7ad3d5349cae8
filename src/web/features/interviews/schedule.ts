import type { Interview, InterviewQuestion, InterviewSchedule, InterviewStatus } from '@shared/schemas/interviews';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl, formattingLocale } from '@web/lib/i18n/language-store';

// 1 January 2023 was a Sunday: day `index` after it is weekday `index` (0 = Sunday), as the schedule counts them.
const SUNDAY = Date.UTC(2023, 0, 1);

/** The weekday's name in the page's language: 0 → 'Sunday', 1 → 'Monday'… */
export function weekdayName(index: number): string {
  return new Intl.DateTimeFormat(formattingLocale(), { weekday: 'long', timeZone: 'UTC' }).format(new Date(SUNDAY + index * 86_400_000));
}

/** 9 → '9:00', 17 → '17:00'. */
export const hourLabel = (hour: number) => `${hour}:00`;

const messages = defineMessages({
  allAtOnce: { id: 'interviews.schedule.allAtOnce', defaultMessage: 'All questions at once' },
  weekly: { id: 'interviews.schedule.weekly', defaultMessage: 'Every {weekday} at {hour} ({timeZone})' },
  weeklyInSentence: {
    id: 'interviews.schedule.weeklyInSentence',
    defaultMessage: 'One question will be sent to {name} every {weekday} at {hour} ({timeZone}).',
  },
  allAtOnceInSentence: { id: 'interviews.schedule.allAtOnceInSentence', defaultMessage: 'The questions are being sent to {name}.' },
  proposed: { id: 'interviews.status.proposed', defaultMessage: 'Proposed' },
  active: { id: 'interviews.status.active', defaultMessage: 'Active' },
  paused: { id: 'interviews.status.paused', defaultMessage: 'Paused' },
  stopped: { id: 'interviews.status.stopped', defaultMessage: 'Stopped' },
  finished: { id: 'interviews.status.finished', defaultMessage: 'Finished' },
  waiting: { id: 'interviews.questionStatus.waiting', defaultMessage: 'Waiting' },
  sent: { id: 'interviews.questionStatus.sent', defaultMessage: 'Sent' },
  answered: { id: 'interviews.questionStatus.answered', defaultMessage: 'Answered' },
  skipped: { id: 'interviews.questionStatus.skipped', defaultMessage: 'Skipped' },
  answeredCount: { id: 'interviews.schedule.answeredCount', defaultMessage: 'Answered {answered} of {total}' },
});

/** 'Every Monday at 9:00 (Europe/Paris)' or 'All questions at once'. */
export function describeSchedule(schedule: InterviewSchedule | null): string {
  if (!schedule) return activeIntl().formatMessage(messages.allAtOnce);
  return activeIntl().formatMessage(messages.weekly, {
    weekday: weekdayName(schedule.weekday),
    hour: hourLabel(schedule.hour),
    timeZone: schedule.timeZone,
  });
}

/** What a new interview's toast says of its schedule, as one sentence. */
export function describeStart(storytellerName: string, schedule: InterviewSchedule | null): string {
  if (!schedule) return activeIntl().formatMessage(messages.allAtOnceInSentence, { name: storytellerName });
  return activeIntl().formatMessage(messages.weeklyInSentence, {
    name: storytellerName,
    weekday: weekdayName(schedule.weekday),
    hour: hourLabel(schedule.hour),
    timeZone: schedule.timeZone,
  });
}

export const interviewStatusLabel = (status: InterviewStatus): string => activeIntl().formatMessage(messages[status]);

export const questionStatusLabel = (status: InterviewQuestion['status']): string => activeIntl().formatMessage(messages[status]);

/** 'Answered 2 of 5' */
export function answeredCount(interview: Interview): string {
  const answered = interview.questions.filter((question) => question.status === 'answered').length;
  return activeIntl().formatMessage(messages.answeredCount, { answered, total: interview.questions.length });
}
