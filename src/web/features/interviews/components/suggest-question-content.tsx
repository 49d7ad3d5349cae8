import { MessageCircleQuestion } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_SHORT_TEXT_LENGTH } from '@shared/limits';
import type { InterviewProposal, ProposalOwner, SuggestableInterview } from '@shared/schemas/interviews';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useSuggestQuestion } from '../api';
import { MyProposals } from './my-proposals';
import { ProposeInterviewDialog } from './propose-interview-dialog';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The "Ask the elders" card's content, fetched with its words once there is something to offer (suggest-question-card.tsx). */
export function SuggestQuestionContent({
  suggestable,
  owners: ownerList,
  proposed,
}: {
  suggestable: SuggestableInterview[];
  owners: ProposalOwner[];
  proposed: InterviewProposal[];
}) {
  const intl = useIntl();
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageCircleQuestion aria-hidden="true" className="size-5 text-primary" />
          {intl.formatMessage({ id: 'interviews.suggest.title', defaultMessage: 'Ask the elders' })}
        </CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'interviews.suggest.description',
            defaultMessage: 'Family members are asking their elders about their lives. Is there something you would like to know?',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {ownerList.length > 0 && (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">
              {ownerList.length === 1
                ? intl.formatMessage(
                    {
                      id: 'interviews.suggest.proposeOne',
                      defaultMessage: "Propose an interview in {name}'s heirloom. It starts once approved.",
                    },
                    { name: ownerList[0]!.ownerName },
                  )
                : intl.formatMessage({
                    id: 'interviews.suggest.proposeMany',
                    defaultMessage:
                      'Propose an interview in the heirloom of a relative who has you among their contacts. It starts once approved.',
                  })}
            </p>
            <div>
              <ProposeInterviewDialog owners={ownerList} />
            </div>
          </div>
        )}
        {proposed.length > 0 && <MyProposals proposals={proposed} />}
        {suggestable.length > 0 && (
          <section aria-labelledby="suggest-a-question" className="grid gap-3">
            <h3 id="suggest-a-question" className="font-semibold">
              {intl.formatMessage({ id: 'interviews.suggest.heading', defaultMessage: 'Suggest a question' })}
            </h3>
            <ul className="grid gap-4">
              {suggestable.map((interview) => (
                <li key={interview.interviewId}>
                  <SuggestForm interview={interview} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}

function SuggestForm({ interview }: { interview: SuggestableInterview }) {
  const id = useId();
  const suggest = useSuggestQuestion();
  const intl = useIntl();
  const [text, setText] = useState('');

  function submit(event: React.FormEvent) {
    event.preventDefault();
    suggest.mutate(
      { interviewId: interview.interviewId, text: text.trim() },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'interviews.suggest.done', defaultMessage: 'Question suggested' }),
            description: intl.formatMessage(
              { id: 'interviews.suggest.doneNote', defaultMessage: '{name} will decide whether to ask it.' },
              { name: interview.ownerName },
            ),
          });
          setText('');
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'interviews.suggest.failed', defaultMessage: 'Failed to suggest the question' }),
            ),
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor={id}>
        {intl.formatMessage(
          { id: 'interviews.suggest.label', defaultMessage: "A question for {storyteller} ({owner}'s interview)" },
          { storyteller: interview.storytellerName, owner: interview.ownerName },
        )}
      </Label>
      <Textarea id={id} value={text} maxLength={MAX_SHORT_TEXT_LENGTH} onChange={(event) => setText(event.target.value)} />
      <div>
        <Button type="submit" variant="outline" disabled={!text.trim() || suggest.isPending}>
          {intl.formatMessage({ id: 'interviews.suggest.submit', defaultMessage: 'Suggest' })}
        </Button>
      </div>
    </form>
  );
}
