import type { Interview, InterviewQuestion, InterviewSchedule, InterviewStatus } from '@shared/schemas/interviews';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 9 → '9:00', 17 → '17:00'. */
export const hourLabel = (hour: number) => `${hour}:00`;

/** 'Every Monday at 9:00 (Europe/Paris)' or 'All questions at once'. */
export function describeSchedule(schedule: InterviewSchedule | null): string {
  if (!schedule) return 'All questions at once';
  return `Every ${WEEKDAYS[schedule.weekday]} at ${hourLabel(schedule.hour)} (${schedule.timeZone})`;
}

export const interviewStatusLabel: Record<InterviewStatus, string> = {
  proposed: 'Proposed',
  active: 'Active',
  paused: 'Paused',
  stopped: 'Stopped',
  finished: 'Finished',
};

export const questionStatusLabel: Record<InterviewQuestion['status'], string> = {
  waiting: 'Waiting',
  sent: 'Sent',
  answered: 'Answered',
  skipped: 'Skipped',
};

/** 'Answered 2 of 5' */
export function answeredCount(interview: Interview): string {
  const answered = interview.questions.filter((question) => question.status === 'answered').length;
  return `Answered ${answered} of ${interview.questions.length}`;
}
