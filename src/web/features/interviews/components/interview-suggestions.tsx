import { Check, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useDecideSuggestion, useInterviewSuggestions } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Questions the family suggested for this interview, waiting for the owner's yes or no; absent when there are none. */
export function InterviewSuggestions({ interviewId }: { interviewId: number }) {
  const suggestions = useInterviewSuggestions(interviewId);
  const decide = useDecideSuggestion(interviewId);
  const intl = useIntl();
  const pending = (suggestions.data ?? []).filter((suggestion) => suggestion.status === 'pending');
  if (pending.length === 0) return null;

  const answer = (suggestionId: number, status: 'approved' | 'declined') =>
    decide.mutate(
      { suggestionId, status },
      {
        onSuccess: () =>
          toast({
            title:
              status === 'approved'
                ? intl.formatMessage({ id: 'interviews.suggestions.added', defaultMessage: 'Suggestion added to the questions' })
                : intl.formatMessage({ id: 'interviews.suggestions.declined', defaultMessage: 'Suggestion declined' }),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'interviews.suggestions.failed', defaultMessage: 'Failed to answer the suggestion' }),
            ),
          }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'interviews.suggestions.title', defaultMessage: 'Suggested by the family' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'interviews.suggestions.description',
            defaultMessage: 'An approved question is added at the end of the questions still to send.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul
          aria-label={intl.formatMessage({ id: 'interviews.suggestions.listLabel', defaultMessage: 'Suggested questions' })}
          className="grid gap-3"
        >
          {pending.map((suggestion) => (
            <li key={suggestion.id} className="grid gap-2 rounded-lg border p-3">
              <p>{suggestion.text}</p>
              <p className="text-sm text-muted-foreground">
                {intl.formatMessage(
                  { id: 'interviews.suggestions.by', defaultMessage: 'Suggested by {name}' },
                  { name: suggestion.suggestedBy },
                )}
              </p>
              <div className="flex gap-2">
                <Button size="sm" disabled={decide.isPending} onClick={() => answer(suggestion.id, 'approved')}>
                  <Check aria-hidden="true" />
                  {intl.formatMessage({ id: 'interviews.approve', defaultMessage: 'Approve' })}
                </Button>
                <Button variant="outline" size="sm" disabled={decide.isPending} onClick={() => answer(suggestion.id, 'declined')}>
                  <X aria-hidden="true" />
                  {intl.formatMessage({ id: 'interviews.decline', defaultMessage: 'Decline' })}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
