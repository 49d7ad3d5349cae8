import { useState } from 'react';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { answerAction, type AnswerAction } from '../answer-api';

const ACTIONS: { action: AnswerAction; label: string; title: string; text: (owner: string) => string; confirm: string }[] = [
  {
    action: 'skip',
    label: 'Skip this question',
    title: 'Skip this question?',
    text: (owner) =>
      `This question will not be asked again. ${owner} will see that it was skipped. If there are more questions, the next one comes by e-mail.`,
    confirm: 'Skip it',
  },
  {
    action: 'pause',
    label: 'Pause the questions',
    title: 'Pause the questions?',
    text: (owner) =>
      `No more questions will be sent until ${owner} starts them again. This question cannot be answered while they are paused.`,
    confirm: 'Pause them',
  },
  {
    action: 'stop',
    label: 'Stop the interview',
    title: 'Stop the interview?',
    text: (owner) => `No more questions will be sent, and this link will stop working. ${owner} will see that you stopped it.`,
    confirm: 'Stop the interview',
  },
];

type AnswerLinkActionsProps = {
  token: string;
  ownerFirstName: string;
  disabled?: boolean;
  onDone: (action: AnswerAction) => void;
};

/** Skip, pause or stop: each asks first, in plain words. */
export function AnswerLinkActions({ token, ownerFirstName, disabled, onDone }: AnswerLinkActionsProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function act(action: AnswerAction) {
    setBusy(true);
    setProblem(null);
    try {
      await answerAction(token, action);
      onDone(action);
    } catch (error) {
      setProblem(errorMessage(error, 'That did not work. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Other choices" className="mt-4 grid gap-2 border-t pt-4">
      {ACTIONS.map(({ action, label, title, text, confirm }) => (
        <ConfirmDialog
          key={action}
          title={title}
          text={text(ownerFirstName)}
          confirmLabel={confirm}
          cancelLabel="Go back"
          destructive={action === 'stop'}
          onConfirm={() => void act(action)}
          trigger={
            <Button type="button" variant="link" className="h-12 justify-start px-0 text-lg" disabled={disabled || busy}>
              {label}
            </Button>
          }
        />
      ))}
      {problem && (
        <p role="alert" className="text-lg text-destructive">
          {problem}
        </p>
      )}
    </section>
  );
}
