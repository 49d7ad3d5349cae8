import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { answerPageKey, isAnswerToken, useAnswerPage, type AnswerAction } from '../answer-api';
import { deleteDraft, loadDraft, type AnswerDraft } from '../answer-draft';
import { AnswerForm } from './answer-form';
import { AnswerMessage, ClosedLinkMessage, DeadLinkMessage } from './answer-message';

const BIG = 'h-16 w-full text-xl';

const isDeadLink = (error: unknown) => error instanceof ApiError && [400, 404].includes(error.status);

/** The public answer page (decision 066): the question, and a way to answer it by voice or in writing. */
export function AnswerScreen({ token }: { token: string }) {
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

  const status = page.data?.status;
  // An answered link keeps no draft: the answer arrived (perhaps from another device).
  useEffect(() => {
    if (status === 'answered') void deleteDraft(token);
  }, [status, token]);

  if (!isAnswerToken(token) || isDeadLink(page.error)) return <DeadLinkMessage />;
  if (page.isError)
    return (
      <AnswerMessage title="This page could not be loaded">
        <p>Check your internet connection, then try again.</p>
        <Button className={BIG} onClick={() => void page.refetch()}>
          Try again
        </Button>
      </AnswerMessage>
    );
  if (!page.data || draft === undefined) return <FullPageSpinner />;

  const { ownerFirstName, storytellerFirstName } = page.data;
  if (sent)
    return (
      <AnswerMessage title={`Thank you, ${storytellerFirstName}!`}>
        <p>Your answer was sent to {ownerFirstName}. It is kept safely with their stories.</p>
        <p>You can close this page now.</p>
      </AnswerMessage>
    );
  if (acted) return <ActedMessage action={acted} ownerFirstName={ownerFirstName} />;
  if (page.data.status !== 'open') return <ClosedLinkMessage status={page.data.status} ownerFirstName={ownerFirstName} />;

  if (draft && draftDecision === null)
    return (
      <AnswerMessage title="You have an answer that was not sent yet">
        <p>{describeDraft(draft)}</p>
        <div className="grid gap-3">
          <Button className={BIG} onClick={() => setDraftDecision('send')}>
            Send it now
          </Button>
          <Button
            variant="outline"
            className={BIG}
            onClick={() => {
              void deleteDraft(token);
              setDraftDecision('start-over');
            }}
          >
            Start over
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

function describeDraft(draft: AnswerDraft) {
  const parts: string[] = [];
  if (draft.recording) parts.push('a recording');
  if (draft.text.trim()) parts.push('written words');
  if (draft.photos.length > 0) parts.push(draft.photos.length === 1 ? '1 photo' : `${draft.photos.length} photos`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'nothing');
  return `It has ${list}, kept on this device since you last opened this page.`;
}

function ActedMessage({ action, ownerFirstName }: { action: AnswerAction; ownerFirstName: string }) {
  if (action === 'skip')
    return (
      <AnswerMessage title="Question skipped">
        <p>This question will not be asked again. If there are more questions, the next one will come by e-mail.</p>
      </AnswerMessage>
    );
  if (action === 'pause')
    return (
      <AnswerMessage title="The questions are paused">
        <p>No more questions will be sent until {ownerFirstName} starts them again.</p>
      </AnswerMessage>
    );
  return (
    <AnswerMessage title="The interview is stopped">
      <p>No more questions will be sent. Thank you for the stories you shared.</p>
    </AnswerMessage>
  );
}
