import { Undo2 } from 'lucide-react';
import type { InterviewProposal } from '@shared/schemas/interviews';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useWithdrawProposal } from '../api';
import { describeSchedule, interviewStatusLabel, questionStatusLabel } from '../schedule';

/** The interviews this family member proposed: waiting, or under way (which questions were answered, never what). */
export function MyProposals({ proposals }: { proposals: InterviewProposal[] }) {
  const withdraw = useWithdrawProposal();

  const take = (proposal: InterviewProposal) =>
    withdraw.mutate(proposal.id, {
      onSuccess: () => toast({ title: 'Proposal withdrawn' }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to withdraw the proposal') }),
    });

  return (
    <section aria-labelledby="my-proposals" className="grid gap-3">
      <h3 id="my-proposals" className="font-semibold">
        Interviews you proposed
      </h3>
      <ul aria-label="Interviews you proposed" className="grid gap-3">
        {proposals.map((proposal) => {
          const answered = proposal.questions.filter((q) => q.status === 'answered').length;
          return (
            <li key={proposal.id} className="grid gap-2 rounded-lg border p-3">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {proposal.storytellerName}
                <Badge variant="secondary">
                  {proposal.status === 'proposed' ? `Waiting for ${proposal.ownerName}'s answer` : interviewStatusLabel[proposal.status]}
                </Badge>
              </p>
              <p className="text-sm text-muted-foreground">
                In {proposal.ownerName}&apos;s heirloom · {describeSchedule(proposal.schedule)} · Answered {answered} of{' '}
                {proposal.questions.length}
              </p>
              <ol className="grid list-decimal gap-1 pl-6 text-sm">
                {proposal.questions.map((question) => (
                  <li key={question.id}>
                    {question.text} <span className="text-muted-foreground">({questionStatusLabel[question.status]})</span>
                  </li>
                ))}
              </ol>
              {proposal.status === 'proposed' && (
                <div>
                  <ConfirmDialog
                    title="Withdraw this proposal?"
                    text={`${proposal.ownerName} will no longer see it.`}
                    confirmLabel="Withdraw"
                    onConfirm={() => take(proposal)}
                    trigger={
                      <Button variant="outline" size="sm" disabled={withdraw.isPending}>
                        <Undo2 aria-hidden="true" />
                        Withdraw
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
