import { useState } from 'react';
import { localTimeZone } from '@web/lib/local-day';
import { toInput, type ChosenQuestion } from './chosen-questions';
import type { ScheduleChoice } from './schedule-fields';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The storyteller choice that means "the one whose heirloom it is" rather than one of their contacts. */
export const SELF = 'self';

export function toSchedule(choice: ScheduleChoice) {
  return choice.kind === 'weekly' ? { weekday: choice.weekday, hour: choice.hour, timeZone: choice.timeZone } : null;
}

/**
 * What starting an interview and proposing one both ask: who tells, when the questions go out, which questions.
 * `ready()` gives the request's part, or null with the problem shown when no question was chosen.
 */
export function useInterviewDraft() {
  const [storyteller, setStoryteller] = useState(SELF);
  const [schedule, setSchedule] = useState<ScheduleChoice>({ kind: 'weekly', weekday: 0, hour: 10, timeZone: localTimeZone() });
  const [questions, setQuestions] = useState<ChosenQuestion[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const intl = useIntl();

  function ready() {
    if (questions.length === 0) {
      setProblem(intl.formatMessage({ id: 'interviews.draft.noQuestion', defaultMessage: 'Choose at least one question' }));
      return null;
    }
    setProblem(null);
    return {
      storytellerContactId: storyteller === SELF ? null : Number(storyteller),
      schedule: toSchedule(schedule),
      questions: questions.map(toInput),
    };
  }

  return { storyteller, setStoryteller, schedule, setSchedule, questions, setQuestions, problem, ready };
}
