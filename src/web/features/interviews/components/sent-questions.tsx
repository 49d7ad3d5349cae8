import { MessageSquarePlus, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_SHORT_TEXT_LENGTH } from '@shared/limits';
import type { Interview, InterviewQuestion } from '@shared/schemas/interviews';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { useAskFollowUp, useResendQuestion } from '../api';
import { questionStatusLabel } from '../schedule';
import { useIntl } from '@web/lib/i18n/use-intl';

type SentQuestionsProps = { interview: Interview; questions: InterviewQuestion[]; memoryLink: (id: number) => string };

/** The questions sent so far: waiting for an answer (resend the link), answered (the memory, a follow-up) or skipped. */
export function SentQuestions({ interview, questions, memoryLink }: SentQuestionsProps) {
  const resend = useResendQuestion(interview.id);
  const intl = useIntl();
  const open = interview.status === 'active' || interview.status === 'paused';

  if (questions.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage({ id: 'interviews.sent.none', defaultMessage: 'No question has been sent yet.' })}
      </p>
    );

  return (
    <ol aria-label={intl.formatMessage({ id: 'interviews.detail.asked', defaultMessage: 'Questions asked' })} className="grid gap-3">
      {questions.map((question, index) => (
        <li key={question.id} className="grid gap-2 rounded-lg border p-3">
          <p>
            <span className="me-2 font-medium text-muted-foreground">{index + 1}.</span>
            {question.text}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant={question.status === 'answered' ? 'default' : 'secondary'}>{questionStatusLabel(question.status)}</Badge>
            {question.status === 'answered' && question.answeredAt && (
              <span>
                {intl.formatMessage(
                  { id: 'interviews.sent.on', defaultMessage: 'on {date}' },
                  { date: formatLongDate(question.answeredAt) },
                )}
              </span>
            )}
            {question.status === 'sent' && question.sentAt && (
              <span>
                {intl.formatMessage({ id: 'interviews.sent.on', defaultMessage: 'on {date}' }, { date: formatLongDate(question.sentAt) })}
              </span>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {question.status === 'answered' && question.answeredMemoryId !== null && (
              <Button asChild variant="outline" size="sm">
                <Link to={memoryLink(question.answeredMemoryId)}>
                  {intl.formatMessage({ id: 'interviews.sent.read', defaultMessage: 'Read the answer' })}
                </Link>
              </Button>
            )}
            {question.status === 'sent' && open && (
              <Button
                variant="outline"
                size="sm"
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(question.id, {
                    onSuccess: () =>
                      toast({
                        title: intl.formatMessage({ id: 'interviews.sent.resent', defaultMessage: 'Link sent again' }),
                        description: intl.formatMessage({
                          id: 'interviews.sent.resentNote',
                          defaultMessage: 'The earlier link no longer works.',
                        }),
                      }),
                    onError: (error) =>
                      toast({
                        variant: 'destructive',
                        title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
                        description: errorMessage(
                          error,
                          intl.formatMessage({ id: 'interviews.sent.resendFailed', defaultMessage: 'Failed to send the link again' }),
                        ),
                      }),
                  })
                }
              >
                <Send aria-hidden="true" />
                {intl.formatMessage({ id: 'interviews.sent.resend', defaultMessage: 'Resend link' })}
              </Button>
            )}
            {question.status === 'answered' && open && <FollowUp interviewId={interview.id} question={question} />}
          </div>
        </li>
      ))}
    </ol>
  );
}

function FollowUp({ interviewId, question }: { interviewId: number; question: InterviewQuestion }) {
  const askFollowUp = useAskFollowUp(interviewId);
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');

  if (!editing)
    return (
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
        <MessageSquarePlus aria-hidden="true" />
        {intl.formatMessage({ id: 'interviews.followUp.ask', defaultMessage: 'Ask a follow-up' })}
      </Button>
    );

  return (
    <div className="grid w-full gap-2">
      <Textarea
        aria-label={intl.formatMessage(
          { id: 'interviews.followUp.label', defaultMessage: 'Follow-up to: {question}' },
          { question: question.text },
        )}
        value={text}
        maxLength={MAX_SHORT_TEXT_LENGTH}
        autoFocus
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex gap-2">
        <Button
          size="sm"
          disabled={!text.trim() || askFollowUp.isPending}
          onClick={() =>
            askFollowUp.mutate(
              { questionId: question.id, text: text.trim() },
              {
                onSuccess: () => {
                  toast({
                    title: intl.formatMessage({ id: 'interviews.followUp.added', defaultMessage: 'Follow-up added' }),
                    description: intl.formatMessage({
                      id: 'interviews.followUp.addedNote',
                      defaultMessage: 'It is the next question to be sent.',
                    }),
                  });
                  setEditing(false);
                  setText('');
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
                    description: errorMessage(
                      error,
                      intl.formatMessage({ id: 'interviews.followUp.failed', defaultMessage: 'Failed to add the follow-up' }),
                    ),
                  }),
              },
            )
          }
        >
          {intl.formatMessage({ id: 'interviews.followUp.add', defaultMessage: 'Add follow-up' })}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setEditing(false)}>
          {intl.formatMessage({ id: 'interviews.cancel', defaultMessage: 'Cancel' })}
        </Button>
      </div>
    </div>
  );
}
