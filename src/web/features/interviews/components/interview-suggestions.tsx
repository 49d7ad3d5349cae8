import { Check, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useDecideSuggestion, useInterviewSuggestions } from '../api';

/** Questions the family suggested for this interview, waiting for the owner's yes or no; absent when there are none. */
export function InterviewSuggestions({ interviewId }: { interviewId: number }) {
  const suggestions = useInterviewSuggestions(interviewId);
  const decide = useDecideSuggestion(interviewId);
  const pending = (suggestions.data ?? []).filter((suggestion) => suggestion.status === 'pending');
  if (pending.length === 0) return null;

  const answer = (suggestionId: number, status: 'approved' | 'declined') =>
    decide.mutate(
      { suggestionId, status },
      {
        onSuccess: () => toast({ title: status === 'approved' ? 'Suggestion added to the questions' : 'Suggestion declined' }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to answer the suggestion') }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Suggested by the family</CardTitle>
        <CardDescription>An approved question is added at the end of the questions still to send.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Suggested questions" className="grid gap-3">
          {pending.map((suggestion) => (
            <li key={suggestion.id} className="grid gap-2 rounded-lg border p-3">
              <p>{suggestion.text}</p>
              <p className="text-sm text-muted-foreground">Suggested by {suggestion.suggestedBy}</p>
              <div className="flex gap-2">
                <Button size="sm" disabled={decide.isPending} onClick={() => answer(suggestion.id, 'approved')}>
                  <Check aria-hidden="true" />
                  Approve
                </Button>
                <Button variant="outline" size="sm" disabled={decide.isPending} onClick={() => answer(suggestion.id, 'declined')}>
                  <X aria-hidden="true" />
                  Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
