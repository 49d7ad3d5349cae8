import { PenLine, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_TEXT_LENGTH } from '@shared/limits';
import type { AnswerPage } from '@shared/schemas/interviews';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { canRecordVoice, voiceMessageName } from '@web/components/voice-recorder';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { sendAnswer, type AnswerAction, type SendProgress } from '../answer-api';
import { deleteDraft, saveDraft, type AnswerDraft } from '../answer-draft';
import { AnswerLinkActions } from './answer-link-actions';
import { AnswerPhotos } from './answer-photos';
import { AnswerRecorder } from './answer-recorder';
import { useIntl } from '@web/lib/i18n/use-intl';

const TEXT_SAVE_DELAY_MS = 500;
const emptyDraft: AnswerDraft = { text: '', recording: null, recordedAt: null, photos: [] };

type AnswerFormProps = {
  token: string;
  page: AnswerPage;
  /** An answer kept on this device from an earlier visit. */
  initial: AnswerDraft | null;
  /** Send `initial` as soon as the form shows ("Send it now"). */
  sendAtOnce: boolean;
  onSent: () => void;
  /** The link closed meanwhile (410), or the storyteller skipped, paused or stopped: the page reads its status again. */
  onClosed: (action?: AnswerAction) => void;
};

export function AnswerForm({ token, page, initial, sendAtOnce, onSent, onClosed }: AnswerFormProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState<AnswerDraft>(initial ?? emptyDraft);
  const [writing, setWriting] = useState(() => !!initial?.text || !canRecordVoice());
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const textTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const textId = useId();

  /** Every change is kept on this device at once (text a moment later), until the answer is accepted. */
  // What is recorded so far while the recorder runs: kept on the device with the rest, not shown until Stop.
  const partial = useRef<{ recording: Blob; recordedAt: string } | null>(null);
  const kept = (answer: AnswerDraft): AnswerDraft => (answer.recording || !partial.current ? answer : { ...answer, ...partial.current });

  function change(next: Partial<AnswerDraft>, { later = false } = {}) {
    const updated = { ...draft, ...next };
    setDraft(updated);
    clearTimeout(textTimer.current);
    if (later) textTimer.current = setTimeout(() => void saveDraft(token, kept(updated)), TEXT_SAVE_DELAY_MS);
    else void saveDraft(token, kept(updated));
  }

  const canSend = !!draft.recording || draft.text.trim().length > 0;

  async function send(answer: AnswerDraft) {
    clearTimeout(textTimer.current);
    setProblem(null);
    setProgress({ step: answer.recording ? 'recording' : 'answer', percent: 0 });
    const recording = answer.recording
      ? new File([answer.recording], voiceMessageName(answer.recording.type || 'audio/webm', new Date(answer.recordedAt ?? Date.now())), {
          type: answer.recording.type || 'audio/webm',
        })
      : null;
    try {
      await saveDraft(token, answer);
      await sendAnswer(token, { text: answer.text, recording, photos: answer.photos }, setProgress);
      await deleteDraft(token);
      onSent();
    } catch (error) {
      setProgress(null);
      if (error instanceof ApiError && error.status === 410) {
        onClosed();
        return;
      }
      const fallback =
        error instanceof ApiError && error.status === 0
          ? intl.formatMessage({
              id: 'interviews.answerForm.connectionLost',
              defaultMessage:
                'Your answer could not be sent: the connection was lost. It is kept on this device; try again when you are online.',
            })
          : intl.formatMessage({
              id: 'interviews.answerForm.notSent',
              defaultMessage: 'Your answer could not be sent. It is kept on this device; try again in a moment.',
            });
      setProblem(error instanceof ApiError ? errorMessage(error, fallback) : error instanceof Error ? error.message : fallback);
    }
  }

  // "Send it now" was pressed on the page before this form: send the kept answer once.
  const sentAtOnce = useRef(false);
  useEffect(() => {
    if (!sendAtOnce || sentAtOnce.current || !initial) return;
    sentAtOnce.current = true;
    void send(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the draft the form opened with
  }, []);

  const sending = progress !== null;

  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 py-4">
      <header className="grid gap-3">
        <p className="text-lg text-muted-foreground">
          {intl.formatMessage(
            { id: 'interviews.answerForm.fromFor', defaultMessage: 'From {owner}, for {storyteller}' },
            { owner: page.ownerFirstName, storyteller: page.storytellerFirstName },
          )}
        </p>
        <h1 className="text-3xl leading-snug font-semibold">{page.question}</h1>
        <p className="text-lg">
          {intl.formatMessage({
            id: 'interviews.answerForm.intro',
            defaultMessage: 'Answer in your own words, by speaking or writing. A few minutes is plenty.',
          })}
        </p>
      </header>

      <AnswerRecorder
        recording={draft.recording}
        disabled={sending}
        onRecorded={(blob, at) => {
          partial.current = null;
          change({ recording: blob, recordedAt: at.toISOString() });
        }}
        onPartial={(blob, at) => {
          partial.current = { recording: blob, recordedAt: at.toISOString() };
          void saveDraft(token, kept(draft));
        }}
        onDiscard={() => {
          partial.current = null;
          change({ recording: null, recordedAt: null });
        }}
      />

      {writing ? (
        <div className="grid gap-2">
          <label htmlFor={textId} className="text-xl font-medium">
            {intl.formatMessage({ id: 'interviews.answerForm.inWriting', defaultMessage: 'Your answer in writing' })}
          </label>
          <Textarea
            id={textId}
            value={draft.text}
            maxLength={MAX_TEXT_LENGTH}
            disabled={sending}
            onChange={(event) => change({ text: event.target.value }, { later: true })}
            className="min-h-56 text-xl leading-relaxed"
          />
        </div>
      ) : (
        <Button type="button" variant="outline" className="h-16 w-full text-xl [&_svg]:size-6" onClick={() => setWriting(true)}>
          <PenLine aria-hidden="true" />
          {intl.formatMessage({ id: 'interviews.answerForm.writeInstead', defaultMessage: 'Write instead' })}
        </Button>
      )}

      <AnswerPhotos photos={draft.photos} disabled={sending} onChange={(photos) => change({ photos })} />

      {sending ? (
        <div role="status" className="grid gap-2 text-xl">
          <p className="flex items-center gap-2">
            <Spinner />
            {progress.step === 'recording'
              ? intl.formatMessage(
                  { id: 'interviews.answerForm.sendingRecording', defaultMessage: 'Sending your recording… {percent}%' },
                  { percent: progress.percent },
                )
              : intl.formatMessage(
                  { id: 'interviews.answerForm.sendingAnswer', defaultMessage: 'Sending your answer… {percent}%' },
                  { percent: progress.percent },
                )}
          </p>
          <Progress
            value={progress.percent}
            aria-label={intl.formatMessage({ id: 'interviews.answerForm.sending', defaultMessage: 'Sending' })}
          />
        </div>
      ) : (
        <div className="grid gap-2">
          <Button type="button" className="h-16 w-full text-xl [&_svg]:size-6" disabled={!canSend} onClick={() => void send(draft)}>
            <Send aria-hidden="true" />
            {intl.formatMessage({ id: 'interviews.answerForm.send', defaultMessage: 'Send' })}
          </Button>
          {!canSend && (
            <p className="text-lg text-muted-foreground">
              {intl.formatMessage({
                id: 'interviews.answerForm.recordOrWrite',
                defaultMessage: 'Record or write your answer, then send it.',
              })}
            </p>
          )}
        </div>
      )}

      {problem && (
        <p role="alert" className="text-lg text-destructive">
          {problem}
        </p>
      )}

      <AnswerLinkActions token={token} ownerFirstName={page.ownerFirstName} disabled={sending} onDone={onClosed} />
    </div>
  );
}
