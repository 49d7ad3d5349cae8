import { MessageCircleQuestion } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_SHORT_TEXT_LENGTH } from '@shared/limits';
import type { SuggestableInterview } from '@shared/schemas/interviews';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useSuggestableInterviews, useSuggestQuestion } from '../api';

/** For a family member: suggest a question for an interview a relative runs; absent when there is none. */
export function SuggestQuestionCard() {
  const interviews = useSuggestableInterviews();
  if (!interviews.data || interviews.data.length === 0) return null;
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageCircleQuestion aria-hidden="true" className="size-5 text-primary" />
          Suggest a question
        </CardTitle>
        <CardDescription>
          Family members are asking their elders about their lives. Is there something you would like to know?
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {interviews.data.map((interview) => (
            <li key={interview.interviewId}>
              <SuggestForm interview={interview} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function SuggestForm({ interview }: { interview: SuggestableInterview }) {
  const id = useId();
  const suggest = useSuggestQuestion();
  const [text, setText] = useState('');

  function submit(event: React.FormEvent) {
    event.preventDefault();
    suggest.mutate(
      { interviewId: interview.interviewId, text: text.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Question suggested', description: `${interview.ownerName} will decide whether to ask it.` });
          setText('');
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to suggest the question') }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor={id}>
        A question for {interview.storytellerName} ({interview.ownerName}&apos;s interview)
      </Label>
      <Textarea id={id} value={text} maxLength={MAX_SHORT_TEXT_LENGTH} onChange={(event) => setText(event.target.value)} />
      <div>
        <Button type="submit" variant="outline" disabled={!text.trim() || suggest.isPending}>
          Suggest
        </Button>
      </div>
    </form>
  );
}
