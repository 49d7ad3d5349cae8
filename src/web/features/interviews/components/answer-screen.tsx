import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl, hasChosenLanguage, switchLanguage } from '@web/lib/i18n/language-store';
import { answerPageKey, isAnswerToken, useAnswerPage, type AnswerAction } from '../answer-api';
import { deleteDraft, loadDraft, type AnswerDraft } from '../answer-draft';
import { AnswerForm } from './answer-form';
import { AnswerMessage, ClosedLinkMessage, DeadLinkMessage } from './answer-message';
import { useIntl } from '@web/lib/i18n/use-intl';

const BIG = 'h-16 w-full text-xl';

const isDeadLink = (error: unknown) => error instanceof ApiError && [400, 404].includes(error.status);

/** The public answer page (decision 066): the question, and a way to answer it by voice or in writing. */
export function AnswerScreen({ token }: { token: string }) {
  const intl = useIntl();
  const page = useAnswerPage(token);
  const queryClient = useQueryClient();
  // undefined: still looking in this browser for an answer not sent yet
  const [draft, setDraft] = useState<AnswerDraft | null | undefined>(undefined);
  const [draftDecision, setDraftDecision] = useState<'send' | 'start-over' | null>(null);
  const [sent, setSent] = useState(false);
  const [acted, setActed] = useState<AnswerAction | null>(null);

  // IndexedDB is outside React: read the kept draft once per link.
  useEffect(() => {
    let current = true;
    void loadDraft(token).then((found) => {
      if (current) setDraft(found);
    });
    return () => {
      current = false;
    };
  }, [token]);

  // The page speaks the storyteller's language (the one their mail was written in) unless this browser chose one;
  // only for this visit: a shared family computer keeps its own.
  const storytellerLanguage = page.data?.language;
  useEffect(() => {
    if (storytellerLanguage && !hasChosenLanguage()) void switchLanguage(storytellerLanguage, { remember: false });
  }, [storytellerLanguage]);

  const status = page.data?.status;
  // An answered link keeps no draft: the answer arrived (perhaps from another device).
  useEffect(() => {
    if (status === 'answered') void deleteDraft(token);
  }, [status, token]);

  if (!isAnswerToken(token) || isDeadLink(page.error)) return <DeadLinkMessage />;
  if (page.isError)
    return (
      <AnswerMessage
        title={intl.formatMessage({ id: 'interviews.answerScreen.loadFailed', defaultMessage: 'This page could not be loaded' })}
      >
        <p>
          {intl.formatMessage({
            id: 'interviews.answerScreen.checkConnection',
            defaultMessage: 'Check your internet connection, then try again.',
          })}
        </p>
        <Button className={BIG} onClick={() => void page.refetch()}>
          {intl.formatMessage({ id: 'interviews.answerScreen.tryAgain', defaultMessage: 'Try again' })}
        </Button>
      </AnswerMessage>
    );
  if (!page.data || draft === undefined) return <FullPageSpinner />;

  const { ownerFirstName, storytellerFirstName } = page.data;
  if (sent)
    return (
      <AnswerMessage
        title={intl.formatMessage(
          { id: 'interviews.answerScreen.thanks', defaultMessage: 'Thank you, {name}!' },
          { name: storytellerFirstName },
        )}
      >
        <p>
          {intl.formatMessage(
            {
              id: 'interviews.answerScreen.sentTo',
              defaultMessage: 'Your answer was sent to {owner}. It is kept safely with their stories.',
            },
            { owner: ownerFirstName },
          )}
        </p>
        <p>{intl.formatMessage({ id: 'interviews.answerScreen.close', defaultMessage: 'You can close this page now.' })}</p>
      </AnswerMessage>
    );
  if (acted) return <ActedMessage action={acted} ownerFirstName={ownerFirstName} />;
  if (page.data.status !== 'open') return <ClosedLinkMessage status={page.data.status} ownerFirstName={ownerFirstName} />;

  if (draft && draftDecision === null)
    return (
      <AnswerMessage
        title={intl.formatMessage({ id: 'interviews.answerScreen.draftTitle', defaultMessage: 'You have an answer that was not sent yet' })}
      >
        <p>{describeDraft(draft)}</p>
        <div className="grid gap-3">
          <Button className={BIG} onClick={() => setDraftDecision('send')}>
            {intl.formatMessage({ id: 'interviews.answerScreen.sendNow', defaultMessage: 'Send it now' })}
          </Button>
          <Button
            variant="outline"
            className={BIG}
            onClick={() => {
              void deleteDraft(token);
              setDraftDecision('start-over');
            }}
          >
            {intl.formatMessage({ id: 'interviews.answerScreen.startOver', defaultMessage: 'Start over' })}
          </Button>
        </div>
      </AnswerMessage>
    );

  return (
    <AnswerForm
      token={token}
      page={page.data}
      initial={draftDecision === 'send' ? draft : null}
      sendAtOnce={draftDecision === 'send'}
      onSent={() => setSent(true)}
      onClosed={(action) => {
        if (action) {
          void deleteDraft(token);
          setActed(action);
        }
        void queryClient.invalidateQueries({ queryKey: answerPageKey(token) });
      }}
    />
  );
}

// What a kept draft holds, one sentence for each mix of a recording (r), written words (w) and photos (p).
const draftMessages = defineMessages({
  rwp: {
    id: 'interviews.answerScreen.draftRwp',
    defaultMessage:
      'It has a recording, written words and {count, plural, one {# photo} other {# photos}}, kept on this device since you last opened this page.',
  },
  rw: {
    id: 'interviews.answerScreen.draftRw',
    defaultMessage: 'It has a recording and written words, kept on this device since you last opened this page.',
  },
  rp: {
    id: 'interviews.answerScreen.draftRp',
    defaultMessage:
      'It has a recording and {count, plural, one {# photo} other {# photos}}, kept on this device since you last opened this page.',
  },
  wp: {
    id: 'interviews.answerScreen.draftWp',
    defaultMessage:
      'It has written words and {count, plural, one {# photo} other {# photos}}, kept on this device since you last opened this page.',
  },
  r: { id: 'interviews.answerScreen.draftR', defaultMessage: 'It has a recording, kept on this device since you last opened this page.' },
  w: { id: 'interviews.answerScreen.draftW', defaultMessage: 'It has written words, kept on this device since you last opened this page.' },
  p: {
    id: 'interviews.answerScreen.draftP',
    defaultMessage: 'It has {count, plural, one {# photo} other {# photos}}, kept on this device since you last opened this page.',
  },
  none: { id: 'interviews.answerScreen.draftNone', defaultMessage: 'It has nothing, kept on this device since you last opened this page.' },
});

function describeDraft(draft: AnswerDraft) {
  const mix = `${draft.recording ? 'r' : ''}${draft.text.trim() ? 'w' : ''}${draft.photos.length > 0 ? 'p' : ''}`;
  const message = draftMessages[(mix || 'none') as keyof typeof draftMessages];
  return activeIntl().formatMessage(message, { count: draft.photos.length });
}

function ActedMessage({ action, ownerFirstName }: { action: AnswerAction; ownerFirstName: string }) {
  const intl = useIntl();
  if (action === 'skip')
    return (
      <AnswerMessage title={intl.formatMessage({ id: 'interviews.answerScreen.skipped', defaultMessage: 'Question skipped' })}>
        <p>
          {intl.formatMessage({
            id: 'interviews.answerScreen.skippedText',
            defaultMessage: 'This question will not be asked again. If there are more questions, the next one will come by e-mail.',
          })}
        </p>
      </AnswerMessage>
    );
  if (action === 'pause')
    return (
      <AnswerMessage title={intl.formatMessage({ id: 'interviews.answerMessage.pausedTitle', defaultMessage: 'The questions are paused' })}>
        <p>
          {intl.formatMessage(
            { id: 'interviews.answerScreen.pausedText', defaultMessage: 'No more questions will be sent until {owner} starts them again.' },
            { owner: ownerFirstName },
          )}
        </p>
      </AnswerMessage>
    );
  return (
    <AnswerMessage title={intl.formatMessage({ id: 'interviews.answerScreen.stopped', defaultMessage: 'The interview is stopped' })}>
      <p>
        {intl.formatMessage({
          id: 'interviews.answerMessage.stoppedText',
          defaultMessage: 'No more questions will be sent. Thank you for the stories you shared.',
        })}
      </p>
    </AnswerMessage>
  );
}
