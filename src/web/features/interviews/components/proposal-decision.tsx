import { Check, X } from 'lucide-react';
import type { Interview } from '@shared/schemas/interviews';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useApproveInterview, useDeclineInterview } from '../api';

/** The owner's answer to an interview the family proposed (decision 069): approve it, or decline (delete) it. */
export function ProposalDecision({ interview, onDeclined }: { interview: Interview; onDeclined?: () => void }) {
  const approve = useApproveInterview(interview.id);
  const decline = useDeclineInterview();
  const busy = approve.isPending || decline.isPending;
  const proposer = interview.proposedBy ?? 'The proposer';

  const approveIt = () =>
    approve.mutate(undefined, {
      onSuccess: (started) =>
        toast({
          title: 'Interview approved',
          description: started.schedule
            ? `The questions will be sent to ${started.storytellerName} one a week.`
            : `The questions are being sent to ${started.storytellerName}.`,
        }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to approve the interview') }),
    });

  const declineIt = () =>
    decline.mutate(interview.id, {
      onSuccess: () => {
        toast({ title: 'Proposal declined', description: `${proposer} will be told by e-mail.` });
        onDeclined?.();
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to decline the proposal') }),
    });

  return (
    <div className="flex flex-wrap gap-2">
      <Button disabled={busy} onClick={approveIt}>
        <Check aria-hidden="true" />
        Approve
      </Button>
      <ConfirmDialog
        title="Decline this proposal?"
        text={`The proposed interview is deleted and ${proposer} is told by e-mail. Nothing was sent to the storyteller.`}
        confirmLabel="Decline"
        onConfirm={declineIt}
        trigger={
          <Button variant="outline" disabled={busy}>
            <X aria-hidden="true" />
            Decline
          </Button>
        }
      />
    </div>
  );
}
