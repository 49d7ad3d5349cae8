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

type SentQuestionsProps = { interview: Interview; questions: InterviewQuestion[]; memoryLink: (id: number) => string };

/** The questions sent so far: waiting for an answer (resend the link), answered (the memory, a follow-up) or skipped. */
export function SentQuestions({ interview, questions, memoryLink }: SentQuestionsProps) {
  const resend = useResendQuestion(interview.id);
  const open = interview.status === 'active' || interview.status === 'paused';

  if (questions.length === 0) return <p className="text-sm text-muted-foreground">No question has been sent yet.</p>;

  return (
    <ol aria-label="Questions asked" className="grid gap-3">
      {questions.map((question, index) => (
        <li key={question.id} className="grid gap-2 rounded-lg border p-3">
          <p>
            <span className="mr-2 font-medium text-muted-foreground">{index + 1}.</span>
            {question.text}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant={question.status === 'answered' ? 'default' : 'secondary'}>{questionStatusLabel[question.status]}</Badge>
            {question.status === 'answered' && question.answeredAt && <span>on {formatLongDate(question.answeredAt)}</span>}
            {question.status === 'sent' && question.sentAt && <span>on {formatLongDate(question.sentAt)}</span>}
          </div>
          <div className="flex flex-wrap gap-2">
            {question.status === 'answered' && question.answeredMemoryId !== null && (
              <Button asChild variant="outline" size="sm">
                <Link to={memoryLink(question.answeredMemoryId)}>Read the answer</Link>
              </Button>
            )}
            {question.status === 'sent' && open && (
              <Button
                variant="outline"
                size="sm"
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(question.id, {
                    onSuccess: () => toast({ title: 'Link sent again', description: 'The earlier link no longer works.' }),
                    onError: (error) =>
                      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to send the link again') }),
                  })
                }
              >
                <Send aria-hidden="true" />
                Resend link
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
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');

  if (!editing)
    return (
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
        <MessageSquarePlus aria-hidden="true" />
        Ask a follow-up
      </Button>
    );

  return (
    <div className="grid w-full gap-2">
      <Textarea
        aria-label={`Follow-up to: ${question.text}`}
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
                  toast({ title: 'Follow-up added', description: 'It is the next question to be sent.' });
                  setEditing(false);
                  setText('');
                },
                onError: (error) =>
                  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to add the follow-up') }),
              },
            )
          }
        >
          Add follow-up
        </Button>
        <Button variant="outline" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
