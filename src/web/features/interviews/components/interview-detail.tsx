import { libraryQuestionText, type LibraryQuestion } from '@shared/interviews/question-library';
import type { Interview, InterviewPatch, InterviewQuestion } from '@shared/schemas/interviews';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useInterview, useUpdateInterview } from '../api';
import { InterviewHeader } from './interview-header';
import { InterviewSuggestions } from './interview-suggestions';
import { SentQuestions } from './sent-questions';
import { QuestionListEditor } from './question-list-editor';
import { QuestionPicker } from './question-picker';
import { moved } from './chosen-questions';
import { useIntl } from '@web/lib/i18n/use-intl';

type WaitingEdit = NonNullable<InterviewPatch['questions']>[number];

const keep = (question: InterviewQuestion): WaitingEdit => ({ id: question.id });

export type InterviewLinks = { memory: (id: number) => string; list: string };

/** One interview: its state, the questions asked and answered, the ones still to send, and the family's suggestions. */
export function InterviewDetail({ id, links, onDeleted }: { id: number; links: InterviewLinks; onDeleted: () => void }) {
  const interview = useInterview(id);
  const intl = useIntl();

  if (interview.isPending) return <Skeleton className="h-64" />;
  if (interview.isError)
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(
          interview.error,
          intl.formatMessage({ id: 'interviews.detail.failed', defaultMessage: 'Failed to fetch the interview' }),
        )}
      </p>
    );
  return <InterviewBody interview={interview.data} links={links} onDeleted={onDeleted} />;
}

function InterviewBody({ interview, links, onDeleted }: { interview: Interview; links: InterviewLinks; onDeleted: () => void }) {
  const update = useUpdateInterview(interview.id);
  const intl = useIntl();
  const waiting = interview.questions.filter((question) => question.status === 'waiting').sort((a, b) => a.position - b.position);
  const asked = interview.questions.filter((question) => question.status !== 'waiting').sort((a, b) => a.position - b.position);
  const closed = interview.status === 'stopped';

  const saveWaiting = (questions: WaitingEdit[], done?: string) =>
    update.mutate(
      { questions },
      {
        onSuccess: () => done && toast({ title: done }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'interviews.detail.changeFailed', defaultMessage: 'Failed to change the questions' }),
            ),
          }),
      },
    );

  const added = intl.formatMessage({ id: 'interviews.detail.added', defaultMessage: 'Question added' });
  const removed = intl.formatMessage({ id: 'interviews.detail.removed', defaultMessage: 'Question removed' });
  // a library question is stored in the words of the day it was chosen: this page's language, or English before
  const isAsking = (asked: InterviewQuestion, question: LibraryQuestion) =>
    asked.text === libraryQuestionText(intl, question) || asked.text === question.text;

  function toggle(question: LibraryQuestion, chosen: boolean) {
    if (chosen) saveWaiting([...waiting.map(keep), { libraryId: question.id }], added);
    else saveWaiting(waiting.filter((q) => !isAsking(q, question)).map(keep), removed);
  }

  return (
    <div className="grid gap-6">
      <InterviewHeader interview={interview} onDeleted={onDeleted} />

      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage({ id: 'interviews.detail.asked', defaultMessage: 'Questions asked' })}</CardTitle>
        </CardHeader>
        <CardContent>
          <SentQuestions interview={interview} questions={asked} memoryLink={links.memory} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage({ id: 'interviews.detail.toSend', defaultMessage: 'Questions still to send' })}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <QuestionListEditor
            label={intl.formatMessage({ id: 'interviews.detail.toSend', defaultMessage: 'Questions still to send' })}
            questions={waiting.map((question) => ({ key: String(question.id), text: question.text }))}
            firstNumber={asked.length + 1}
            disabled={update.isPending || closed}
            onMove={(index, by) => saveWaiting(moved(waiting, index, by).map(keep))}
            onRemove={(index) => saveWaiting(waiting.filter((_, i) => i !== index).map(keep), removed)}
            onEdit={(index, text) =>
              saveWaiting(
                waiting.map((question, i) => (i === index ? { id: question.id, text } : keep(question))),
                intl.formatMessage({ id: 'interviews.detail.saved', defaultMessage: 'Question saved' }),
              )
            }
          />
          {!closed && (
            <QuestionPicker
              isChosen={(question) => interview.questions.some((q) => isAsking(q, question))}
              canUnchoose={(question) => waiting.some((q) => isAsking(q, question))}
              onToggle={toggle}
              onAddOwn={(text) => saveWaiting([...waiting.map(keep), { text }], added)}
              disabled={update.isPending}
            />
          )}
        </CardContent>
      </Card>

      <InterviewSuggestions interviewId={interview.id} />
    </div>
  );
}
