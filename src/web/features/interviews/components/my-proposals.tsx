import { Undo2 } from 'lucide-react';
import type { InterviewProposal } from '@shared/schemas/interviews';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useWithdrawProposal } from '../api';
import { describeSchedule, interviewStatusLabel, questionStatusLabel } from '../schedule';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The interviews this family member proposed: waiting, or under way (which questions were answered, never what). */
export function MyProposals({ proposals }: { proposals: InterviewProposal[] }) {
  const withdraw = useWithdrawProposal();
  const intl = useIntl();

  const take = (proposal: InterviewProposal) =>
    withdraw.mutate(proposal.id, {
      onSuccess: () =>
        toast({ title: intl.formatMessage({ id: 'interviews.myProposals.withdrawn', defaultMessage: 'Proposal withdrawn' }) }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'interviews.myProposals.withdrawFailed', defaultMessage: 'Failed to withdraw the proposal' }),
          ),
        }),
    });

  return (
    <section aria-labelledby="my-proposals" className="grid gap-3">
      <h3 id="my-proposals" className="font-semibold">
        {intl.formatMessage({ id: 'interviews.myProposals.title', defaultMessage: 'Interviews you proposed' })}
      </h3>
      <ul
        aria-label={intl.formatMessage({ id: 'interviews.myProposals.title', defaultMessage: 'Interviews you proposed' })}
        className="grid gap-3"
      >
        {proposals.map((proposal) => {
          const answered = proposal.questions.filter((q) => q.status === 'answered').length;
          return (
            <li key={proposal.id} className="grid gap-2 rounded-lg border p-3">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {proposal.storytellerName}
                <Badge variant="secondary">
                  {proposal.status === 'proposed'
                    ? intl.formatMessage(
                        { id: 'interviews.myProposals.waiting', defaultMessage: "Waiting for {name}'s answer" },
                        { name: proposal.ownerName },
                      )
                    : interviewStatusLabel(proposal.status)}
                </Badge>
              </p>
              <p className="text-sm text-muted-foreground">
                {intl.formatMessage(
                  {
                    id: 'interviews.myProposals.summary',
                    defaultMessage: "In {name}'s heirloom · {schedule} · Answered {answered} of {total}",
                  },
                  { name: proposal.ownerName, schedule: describeSchedule(proposal.schedule), answered, total: proposal.questions.length },
                )}
              </p>
              <ol className="grid list-decimal gap-1 ps-6 text-sm">
                {proposal.questions.map((question) => (
                  <li key={question.id}>
                    {question.text} <span className="text-muted-foreground">({questionStatusLabel(question.status)})</span>
                  </li>
                ))}
              </ol>
              {proposal.status === 'proposed' && (
                <div>
                  <ConfirmDialog
                    title={intl.formatMessage({ id: 'interviews.myProposals.withdrawTitle', defaultMessage: 'Withdraw this proposal?' })}
                    text={intl.formatMessage(
                      { id: 'interviews.myProposals.withdrawText', defaultMessage: '{name} will no longer see it.' },
                      { name: proposal.ownerName },
                    )}
                    confirmLabel={intl.formatMessage({ id: 'interviews.myProposals.withdraw', defaultMessage: 'Withdraw' })}
                    onConfirm={() => take(proposal)}
                    trigger={
                      <Button variant="outline" size="sm" disabled={withdraw.isPending}>
                        <Undo2 aria-hidden="true" />
                        {intl.formatMessage({ id: 'interviews.myProposals.withdraw', defaultMessage: 'Withdraw' })}
                      </Button>
                    }
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
