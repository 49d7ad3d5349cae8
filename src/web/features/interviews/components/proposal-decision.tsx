import { Check, X } from 'lucide-react';
import type { Interview } from '@shared/schemas/interviews';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useApproveInterview, useDeclineInterview } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The owner's answer to an interview the family proposed (decision 069): approve it, or decline (delete) it. */
export function ProposalDecision({ interview, onDeclined }: { interview: Interview; onDeclined?: () => void }) {
  const approve = useApproveInterview(interview.id);
  const decline = useDeclineInterview();
  const busy = approve.isPending || decline.isPending;
  const intl = useIntl();
  const proposer = interview.proposedBy ?? intl.formatMessage({ id: 'interviews.proposal.theProposer', defaultMessage: 'The proposer' });

  const approveIt = () =>
    approve.mutate(undefined, {
      onSuccess: (started) =>
        toast({
          title: intl.formatMessage({ id: 'interviews.proposal.approved', defaultMessage: 'Interview approved' }),
          description: started.schedule
            ? intl.formatMessage(
                { id: 'interviews.proposal.weekly', defaultMessage: 'The questions will be sent to {name} one a week.' },
                { name: started.storytellerName },
              )
            : intl.formatMessage(
                { id: 'interviews.schedule.allAtOnceInSentence', defaultMessage: 'The questions are being sent to {name}.' },
                { name: started.storytellerName },
              ),
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'interviews.proposal.approveFailed', defaultMessage: 'Failed to approve the interview' }),
          ),
        }),
    });

  const declineIt = () =>
    decline.mutate(interview.id, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'interviews.proposal.declined', defaultMessage: 'Proposal declined' }),
          description: intl.formatMessage(
            { id: 'interviews.proposal.declinedTold', defaultMessage: '{name} will be told by e-mail.' },
            { name: proposer },
          ),
        });
        onDeclined?.();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'interviews.proposal.declineFailed', defaultMessage: 'Failed to decline the proposal' }),
          ),
        }),
    });

  return (
    <div className="flex flex-wrap gap-2">
      <Button disabled={busy} onClick={approveIt}>
        <Check aria-hidden="true" />
        {intl.formatMessage({ id: 'interviews.approve', defaultMessage: 'Approve' })}
      </Button>
      <ConfirmDialog
        title={intl.formatMessage({ id: 'interviews.proposal.declineTitle', defaultMessage: 'Decline this proposal?' })}
        text={intl.formatMessage(
          {
            id: 'interviews.proposal.declineText',
            defaultMessage: 'The proposed interview is deleted and {name} is told by e-mail. Nothing was sent to the storyteller.',
          },
          { name: proposer },
        )}
        confirmLabel={intl.formatMessage({ id: 'interviews.decline', defaultMessage: 'Decline' })}
        onConfirm={declineIt}
        trigger={
          <Button variant="outline" disabled={busy}>
            <X aria-hidden="true" />
            {intl.formatMessage({ id: 'interviews.decline', defaultMessage: 'Decline' })}
          </Button>
        }
      />
    </div>
  );
}
