import { useId, useState } from 'react';
import type { Interview } from '@shared/schemas/interviews';
import { SubmitButton } from '@web/components/submit-button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { localTimeZone } from '@web/lib/local-day';
import { useCreateInterview, useStorytellerContacts } from '../api';
import { describeSchedule } from '../schedule';
import { ChosenQuestions, toInput, type ChosenQuestion } from './chosen-questions';
import { ScheduleFields, selectClass, type ScheduleChoice } from './schedule-fields';

export function toSchedule(choice: ScheduleChoice) {
  return choice.kind === 'weekly' ? { weekday: choice.weekday, hour: choice.hour, timeZone: choice.timeZone } : null;
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
          <ChosenQuestions questions={questions} update={setQuestions} />
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
