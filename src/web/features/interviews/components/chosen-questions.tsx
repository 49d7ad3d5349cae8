import type { InterviewQuestionInput } from '@shared/schemas/interviews';
import { libraryQuestionText, type LibraryQuestion } from '@shared/interviews/question-library';
import { QuestionListEditor } from './question-list-editor';
import { QuestionPicker } from './question-picker';
import { useIntl } from '@web/lib/i18n/use-intl';

/** A question chosen for a new interview: from the library (by its id) or written by hand. */
export type ChosenQuestion = { key: string; text: string; libraryId?: string };

let nextKey = 0;
export const newKey = () => `new-${++nextKey}`;

/** A chosen question as the API takes it: a library question by its id unless its text was changed. */
export function toInput(question: ChosenQuestion): InterviewQuestionInput {
  return question.libraryId ? { libraryId: question.libraryId } : { text: question.text };
}

export function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

type Update = (change: (current: ChosenQuestion[]) => ChosenQuestion[]) => void;

/** The questions of a new interview, in order (moved, edited, removed), and the library and own questions to add. */
export function ChosenQuestions({ questions, update }: { questions: ChosenQuestion[]; update: Update }) {
  const intl = useIntl();
  const toggle = (question: LibraryQuestion, chosen: boolean) =>
    update((current) =>
      chosen
        ? [...current, { key: newKey(), text: libraryQuestionText(intl, question), libraryId: question.id }]
        : current.filter((q) => q.libraryId !== question.id),
    );
  return (
    <>
      <QuestionListEditor
        label={intl.formatMessage({ id: 'interviews.chosen.label', defaultMessage: 'Chosen questions' })}
        questions={questions}
        onMove={(index, by) => update((current) => moved(current, index, by))}
        onRemove={(index) => update((current) => current.filter((_, i) => i !== index))}
        onEdit={(index, text) => update((current) => current.map((q, i) => (i !== index ? q : q.text === text ? q : { key: q.key, text })))}
      />
      <QuestionPicker
        isChosen={(question) => questions.some((q) => q.libraryId === question.id)}
        onToggle={toggle}
        onAddOwn={(text) => update((current) => [...current, { key: newKey(), text }])}
      />
    </>
  );
}
