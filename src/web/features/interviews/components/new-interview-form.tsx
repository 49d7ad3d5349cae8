import { useId } from 'react';
import type { Interview } from '@shared/schemas/interviews';
import { SubmitButton } from '@web/components/submit-button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useCreateInterview, useStorytellerContacts } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';
import { describeStart } from '../schedule';
import { ChosenQuestions } from './chosen-questions';
import { ScheduleFields } from './schedule-fields';
import { StorytellerSelect } from './storyteller-select';
import { useInterviewDraft } from './use-interview-draft';

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
  const draft = useInterviewDraft();
  const intl = useIntl();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const request = draft.ready();
    if (!request) return;
    create.mutate(request, {
      onSuccess: (interview) => {
        toast({
          title: intl.formatMessage({ id: 'interviews.new.started', defaultMessage: 'Interview started' }),
          description: describeStart(interview.storytellerName, interview.schedule),
        });
        onCreated(interview);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'interviews.new.failed', defaultMessage: 'Failed to start the interview' }),
          ),
        }),
    });
  }

  return (
    <form
      aria-label={intl.formatMessage({ id: 'interviews.new.formLabel', defaultMessage: 'Start an interview' })}
      onSubmit={submit}
      className="grid gap-6"
    >
      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage({ id: 'interviews.new.who', defaultMessage: 'Who tells the story' })}</CardTitle>
        </CardHeader>
        <CardContent className="grid max-w-md gap-2">
          <StorytellerSelect
            id={`${id}-storyteller`}
            value={draft.storyteller}
            onChange={draft.setStoryteller}
            selfLabel={intl.formatMessage({ id: 'interviews.new.me', defaultMessage: 'Me' })}
            contacts={(contacts.data ?? []).map((c) => ({ id: c.id, label: `${`${c.firstName} ${c.lastName}`.trim()} (${c.email})` }))}
            hint={contactsHint}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage({ id: 'interviews.new.when', defaultMessage: 'When the questions are sent' })}</CardTitle>
        </CardHeader>
        <CardContent>
          <ScheduleFields value={draft.schedule} onChange={draft.setSchedule} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage({ id: 'interviews.new.questions', defaultMessage: 'Questions' })}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ChosenQuestions questions={draft.questions} update={draft.setQuestions} />
        </CardContent>
      </Card>

      {draft.problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {draft.problem}
        </p>
      )}
      <div>
        <SubmitButton
          isPending={create.isPending}
          pendingLabel={intl.formatMessage({ id: 'interviews.new.starting', defaultMessage: 'Starting...' })}
        >
          {intl.formatMessage({ id: 'interviews.new.start', defaultMessage: 'Start the interview' })}
        </SubmitButton>
      </div>
    </form>
  );
}
