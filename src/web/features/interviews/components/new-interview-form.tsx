import { useId, useState } from 'react';
import type { LibraryQuestion } from '@shared/interviews/question-library';
import type { Interview, InterviewQuestionInput } from '@shared/schemas/interviews';
import { SubmitButton } from '@web/components/submit-button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { localTimeZone } from '@web/lib/local-day';
import { useCreateInterview, useStorytellerContacts } from '../api';
import { describeSchedule } from '../schedule';
import { QuestionListEditor } from './question-list-editor';
import { QuestionPicker } from './question-picker';
import { ScheduleFields, selectClass, type ScheduleChoice } from './schedule-fields';

export type ChosenQuestion = { key: string; text: string; libraryId?: string };

let nextKey = 0;
export const newKey = () => `new-${++nextKey}`;

/** A chosen question as the API takes it: a library question by its id unless its text was changed. */
export function toInput(question: ChosenQuestion): InterviewQuestionInput {
  return question.libraryId ? { libraryId: question.libraryId } : { text: question.text };
}

export function toSchedule(choice: ScheduleChoice) {
  return choice.kind === 'weekly' ? { weekday: choice.weekday, hour: choice.hour, timeZone: choice.timeZone } : null;
}

export function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

/** Start an interview: who tells, how often, and which questions in which order. */
export function NewInterviewForm({
  onCreated,
  contactsHint,
}: {
  onCreated: (interview: Interview) => void;
  contactsHint: React.ReactNode;
}) {
  const id = useId();
  const contacts = useStorytellerContacts();
  const create = useCreateInterview();
  const [storyteller, setStoryteller] = useState('me');
  const [schedule, setSchedule] = useState<ScheduleChoice>({ kind: 'weekly', weekday: 0, hour: 10, timeZone: localTimeZone() });
  const [questions, setQuestions] = useState<ChosenQuestion[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (question: LibraryQuestion, chosen: boolean) =>
    setQuestions((current) =>
      chosen
        ? [...current, { key: newKey(), text: question.text, libraryId: question.id }]
        : current.filter((q) => q.libraryId !== question.id),
    );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (questions.length === 0) {
      setProblem('Choose at least one question');
      return;
    }
    setProblem(null);
    create.mutate(
      {
        storytellerContactId: storyteller === 'me' ? null : Number(storyteller),
        schedule: toSchedule(schedule),
        questions: questions.map(toInput),
      },
      {
        onSuccess: (interview) => {
          toast({
            title: 'Interview started',
            description: interview.schedule
              ? `One question will be sent to ${interview.storytellerName} ${describeSchedule(interview.schedule).replace('Every', 'every')}.`
              : `The questions are being sent to ${interview.storytellerName}.`,
          });
          onCreated(interview);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to start the interview') }),
      },
    );
  }

  return (
    <form aria-label="Start an interview" onSubmit={submit} className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Who tells the story</CardTitle>
        </CardHeader>
        <CardContent className="grid max-w-md gap-2">
          <Label htmlFor={`${id}-storyteller`}>Storyteller</Label>
          <select
            id={`${id}-storyteller`}
            className={selectClass}
            value={storyteller}
            onChange={(event) => setStoryteller(event.target.value)}
          >
            <option value="me">Me</option>
            {(contacts.data ?? []).map((contact) => (
              <option key={contact.id} value={contact.id}>
                {`${contact.firstName} ${contact.lastName}`.trim()} ({contact.email})
              </option>
            ))}
          </select>
          <p className="text-xs text-muted-foreground">{contactsHint}</p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>When the questions are sent</CardTitle>
        </CardHeader>
        <CardContent>
          <ScheduleFields value={schedule} onChange={setSchedule} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Questions</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <QuestionListEditor
            label="Chosen questions"
            questions={questions}
            onMove={(index, by) => setQuestions((current) => moved(current, index, by))}
            onRemove={(index) => setQuestions((current) => current.filter((_, i) => i !== index))}
            onEdit={(index, text) =>
              setQuestions((current) => current.map((q, i) => (i !== index ? q : q.text === text ? q : { key: q.key, text })))
            }
          />
          <QuestionPicker
            isChosen={(question) => questions.some((q) => q.libraryId === question.id)}
            onToggle={toggle}
            onAddOwn={(text) => setQuestions((current) => [...current, { key: newKey(), text }])}
          />
        </CardContent>
      </Card>

      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <div>
        <SubmitButton isPending={create.isPending} pendingLabel="Starting...">
          Start the interview
        </SubmitButton>
      </div>
    </form>
  );
}
