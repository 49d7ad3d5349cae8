import { useId, useState } from 'react';
import type { InterviewProposal, ProposalOwner } from '@shared/schemas/interviews';
import { SubmitButton } from '@web/components/submit-button';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useProposalStorytellers, useProposeInterview } from '../api';
import { ChosenQuestions } from './chosen-questions';
import { ScheduleFields, selectClass } from './schedule-fields';
import { StorytellerSelect } from './storyteller-select';
import { SELF, useInterviewDraft } from './use-interview-draft';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * A family member proposes an interview to someone who has them among their contacts (decision 069): whom to ask
 * (that person, or one of their contacts, shown by name only), how often, and which questions. Nothing is sent
 * before the owner approves.
 */
export function ProposeInterviewForm({
  owners,
  onProposed,
}: {
  owners: ProposalOwner[];
  onProposed: (proposal: InterviewProposal) => void;
}) {
  const id = useId();
  const [ownerId, setOwnerId] = useState<number | undefined>(owners[0]?.ownerId);
  const storytellers = useProposalStorytellers(ownerId);
  const propose = useProposeInterview();
  const draft = useInterviewDraft();
  const intl = useIntl();
  const owner = owners.find((o) => o.ownerId === ownerId);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (ownerId === undefined) return;
    const request = draft.ready();
    if (!request) return;
    propose.mutate(
      { ownerId, ...request },
      {
        onSuccess: (proposal) => {
          toast({
            title: intl.formatMessage({ id: 'interviews.proposeForm.done', defaultMessage: 'Interview proposed' }),
            description: intl.formatMessage(
              {
                id: 'interviews.proposeForm.doneNote',
                defaultMessage: '{name} will decide whether to start it. Nothing is sent before that.',
              },
              { name: proposal.ownerName },
            ),
          });
          onProposed(proposal);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'interviews.error', defaultMessage: 'Error' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'interviews.proposeForm.failed', defaultMessage: 'Failed to propose the interview' }),
            ),
          }),
      },
    );
  }

  return (
    <form
      aria-label={intl.formatMessage({ id: 'interviews.propose.open', defaultMessage: 'Propose an interview' })}
      onSubmit={submit}
      className="grid gap-6"
    >
      {owners.length > 1 && (
        <div className="grid max-w-md gap-2">
          <Label htmlFor={`${id}-owner`}>
            {intl.formatMessage({ id: 'interviews.proposeForm.whose', defaultMessage: 'Whose heirloom' })}
          </Label>
          <select
            id={`${id}-owner`}
            className={selectClass}
            value={ownerId}
            onChange={(event) => {
              setOwnerId(Number(event.target.value));
              draft.setStoryteller(SELF);
            }}
          >
            {owners.map((o) => (
              <option key={o.ownerId} value={o.ownerId}>
                {o.ownerName}
              </option>
            ))}
          </select>
        </div>
      )}

      <div className="grid max-w-md gap-2">
        <StorytellerSelect
          id={`${id}-storyteller`}
          value={draft.storyteller}
          onChange={draft.setStoryteller}
          selfLabel={
            owner
              ? intl.formatMessage(
                  { id: 'interviews.proposeForm.self', defaultMessage: '{name} (telling their own story)' },
                  { name: owner.ownerName },
                )
              : intl.formatMessage({ id: 'interviews.proposeForm.theOwner', defaultMessage: 'The owner' })
          }
          contacts={(storytellers.data ?? []).map((c) => ({ id: c.contactId, label: c.name }))}
          hint={intl.formatMessage(
            {
              id: 'interviews.proposeForm.hint',
              defaultMessage: '{name} decides whether to start the interview; the questions go out by e-mail only then.',
            },
            {
              name: owner?.ownerName ?? intl.formatMessage({ id: 'interviews.proposeForm.theOwner', defaultMessage: 'The owner' }),
            },
          )}
        />
      </div>

      <ScheduleFields value={draft.schedule} onChange={draft.setSchedule} />

      <section aria-labelledby={`${id}-questions`} className="grid gap-6">
        <h3 id={`${id}-questions`} className="text-lg font-semibold">
          {intl.formatMessage({ id: 'interviews.new.questions', defaultMessage: 'Questions' })}
        </h3>
        <ChosenQuestions questions={draft.questions} update={draft.setQuestions} />
      </section>

      {draft.problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {draft.problem}
        </p>
      )}
      <div>
        <SubmitButton
          isPending={propose.isPending}
          pendingLabel={intl.formatMessage({ id: 'interviews.proposeForm.proposing', defaultMessage: 'Proposing...' })}
        >
          {intl.formatMessage({ id: 'interviews.proposeForm.submit', defaultMessage: 'Propose the interview' })}
        </SubmitButton>
      </div>
    </form>
  );
}
