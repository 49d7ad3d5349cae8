import { useId, useState } from 'react';
import type { InterviewProposal, ProposalOwner } from '@shared/schemas/interviews';
import { SubmitButton } from '@web/components/submit-button';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { localTimeZone } from '@web/lib/local-day';
import { useProposalStorytellers, useProposeInterview } from '../api';
import { ChosenQuestions, toInput, type ChosenQuestion } from './chosen-questions';
import { toSchedule } from './new-interview-form';
import { ScheduleFields, selectClass, type ScheduleChoice } from './schedule-fields';

const OWNER = 'owner';

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
  const [storyteller, setStoryteller] = useState(OWNER);
  const [schedule, setSchedule] = useState<ScheduleChoice>({ kind: 'weekly', weekday: 0, hour: 10, timeZone: localTimeZone() });
  const [questions, setQuestions] = useState<ChosenQuestion[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const owner = owners.find((o) => o.ownerId === ownerId);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (ownerId === undefined) return;
    if (questions.length === 0) {
      setProblem('Choose at least one question');
      return;
    }
    setProblem(null);
    propose.mutate(
      {
        ownerId,
        storytellerContactId: storyteller === OWNER ? null : Number(storyteller),
        schedule: toSchedule(schedule),
        questions: questions.map(toInput),
      },
      {
        onSuccess: (proposal) => {
          toast({
            title: 'Interview proposed',
            description: `${proposal.ownerName} will decide whether to start it. Nothing is sent before that.`,
          });
          onProposed(proposal);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to propose the interview') }),
      },
    );
  }

  return (
    <form aria-label="Propose an interview" onSubmit={submit} className="grid gap-6">
      {owners.length > 1 && (
        <div className="grid max-w-md gap-2">
          <Label htmlFor={`${id}-owner`}>Whose heirloom</Label>
          <select
            id={`${id}-owner`}
            className={selectClass}
            value={ownerId}
            onChange={(event) => {
              setOwnerId(Number(event.target.value));
              setStoryteller(OWNER);
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
        <Label htmlFor={`${id}-storyteller`}>Storyteller</Label>
        <select
          id={`${id}-storyteller`}
          className={selectClass}
          value={storyteller}
          onChange={(event) => setStoryteller(event.target.value)}
        >
          <option value={OWNER}>{owner ? `${owner.ownerName} (telling their own story)` : 'The owner'}</option>
          {(storytellers.data ?? []).map((contact) => (
            <option key={contact.contactId} value={contact.contactId}>
              {contact.name}
            </option>
          ))}
        </select>
        <p className="text-xs text-muted-foreground">
          {owner?.ownerName ?? 'The owner'} decides whether to start the interview; the questions go out by e-mail only then.
        </p>
      </div>

      <ScheduleFields value={schedule} onChange={setSchedule} />

      <section aria-labelledby={`${id}-questions`} className="grid gap-6">
        <h3 id={`${id}-questions`} className="text-lg font-semibold">
          Questions
        </h3>
        <ChosenQuestions questions={questions} update={setQuestions} />
      </section>

      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <div>
        <SubmitButton isPending={propose.isPending} pendingLabel="Proposing...">
          Propose the interview
        </SubmitButton>
      </div>
    </form>
  );
}
