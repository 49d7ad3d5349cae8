import { useState } from 'react';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { answerAction, type AnswerAction } from '../answer-api';
import { useIntl } from '@web/lib/i18n/use-intl';

type Descriptor = { id: string; defaultMessage: string };

const ACTIONS: { action: AnswerAction; label: Descriptor; title: Descriptor; text: Descriptor; confirm: Descriptor }[] = [
  {
    action: 'skip',
    ...defineMessages({
      label: { id: 'interviews.answerActions.skipLabel', defaultMessage: 'Skip this question' },
      title: { id: 'interviews.answerActions.skipTitle', defaultMessage: 'Skip this question?' },
      text: {
        id: 'interviews.answerActions.skipText',
        defaultMessage:
          'This question will not be asked again. {owner} will see that it was skipped. If there are more questions, the next one comes by e-mail.',
      },
      confirm: { id: 'interviews.answerActions.skipConfirm', defaultMessage: 'Skip it' },
    }),
  },
  {
    action: 'pause',
    ...defineMessages({
      label: { id: 'interviews.answerActions.pauseLabel', defaultMessage: 'Pause the questions' },
      title: { id: 'interviews.answerActions.pauseTitle', defaultMessage: 'Pause the questions?' },
      text: {
        id: 'interviews.answerActions.pauseText',
        defaultMessage:
          'No more questions will be sent until {owner} starts them again. This question cannot be answered while they are paused.',
      },
      confirm: { id: 'interviews.answerActions.pauseConfirm', defaultMessage: 'Pause them' },
    }),
  },
  {
    action: 'stop',
    ...defineMessages({
      label: { id: 'interviews.answerActions.stopLabel', defaultMessage: 'Stop the interview' },
      title: { id: 'interviews.answerActions.stopTitle', defaultMessage: 'Stop the interview?' },
      text: {
        id: 'interviews.answerActions.stopText',
        defaultMessage: 'No more questions will be sent, and this link will stop working. {owner} will see that you stopped it.',
      },
      confirm: { id: 'interviews.answerActions.stopConfirm', defaultMessage: 'Stop the interview' },
    }),
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
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function act(action: AnswerAction) {
    setBusy(true);
    setProblem(null);
    try {
      await answerAction(token, action);
      onDone(action);
    } catch (error) {
      setProblem(
        errorMessage(
          error,
          intl.formatMessage({
            id: 'interviews.answerActions.failed',
            defaultMessage: 'That did not work. Check your connection and try again.',
          }),
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-label={intl.formatMessage({ id: 'interviews.answerActions.label', defaultMessage: 'Other choices' })}
      className="mt-4 grid gap-2 border-t pt-4"
    >
      {ACTIONS.map(({ action, label, title, text, confirm }) => (
        <ConfirmDialog
          key={action}
          title={intl.formatMessage(title)}
          text={intl.formatMessage(text, { owner: ownerFirstName })}
          confirmLabel={intl.formatMessage(confirm)}
          cancelLabel={intl.formatMessage({ id: 'interviews.answerActions.goBack', defaultMessage: 'Go back' })}
          destructive={action === 'stop'}
          onConfirm={() => void act(action)}
          trigger={
            <Button type="button" variant="link" className="h-12 justify-start px-0 text-lg" disabled={disabled || busy}>
              {intl.formatMessage(label)}
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
