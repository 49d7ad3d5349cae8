import { Mic, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { canRecordVoice, formatElapsed } from '@web/components/voice-recorder';
import { useAnswerRecorder } from '../use-answer-recorder';
import { useIntl } from '@web/lib/i18n/use-intl';

const BIG = 'h-16 w-full text-xl [&_svg]:size-6';

type AnswerRecorderProps = {
  recording: Blob | null;
  onRecorded: (blob: Blob, at: Date) => void;
  /** What is recorded so far, now and then while recording. */
  onPartial?: (blob: Blob, at: Date) => void;
  onDiscard: () => void;
  disabled?: boolean;
};

/** One big Record button; then Pause/Resume and Stop; then Play back and Record again. */
export function AnswerRecorder({ recording, onRecorded, onPartial, onDiscard, disabled }: AnswerRecorderProps) {
  const intl = useIntl();
  const recorder = useAnswerRecorder(onRecorded, onPartial);
  const live = recorder.phase === 'recording' || recorder.phase === 'paused';

  if (!canRecordVoice() && !recording)
    return (
      <p className="text-lg text-muted-foreground">
        {intl.formatMessage({
          id: 'interviews.recorder.cannotRecord',
          defaultMessage: 'This browser cannot record sound. You can write your answer below.',
        })}
      </p>
    );

  return (
    <section
      aria-label={intl.formatMessage({ id: 'interviews.recorder.yourRecording', defaultMessage: 'Your recording' })}
      className="grid gap-3"
    >
      {!live && !recording && (
        <Button type="button" className={BIG} onClick={() => void recorder.start()} disabled={disabled || recorder.phase === 'starting'}>
          <Mic aria-hidden="true" />
          {intl.formatMessage({ id: 'interviews.recorder.record', defaultMessage: 'Record' })}
        </Button>
      )}

      {live && (
        <div className="grid gap-3 rounded-xl border-2 border-primary p-4">
          <p className="flex items-center justify-center gap-3 text-xl" aria-live="polite">
            <span
              aria-hidden="true"
              className={`size-4 rounded-full ${recorder.phase === 'recording' ? 'animate-pulse bg-red-600' : 'bg-muted-foreground'}`}
            />
            {recorder.phase === 'recording'
              ? intl.formatMessage({ id: 'interviews.recorder.recording', defaultMessage: 'Recording' })
              : intl.formatMessage({ id: 'interviews.recorder.paused', defaultMessage: 'Paused' })}
          </p>
          <p
            role="timer"
            aria-label={intl.formatMessage({ id: 'interviews.recorder.elapsed', defaultMessage: 'Elapsed time' })}
            className="text-center font-mono text-3xl tabular-nums"
          >
            {formatElapsed(recorder.elapsedMs)}
          </p>
          <div className="grid grid-cols-2 gap-3">
            {recorder.phase === 'recording' ? (
              <Button type="button" variant="outline" className={BIG} onClick={recorder.pause}>
                <Pause aria-hidden="true" />
                {intl.formatMessage({ id: 'interviews.recorder.pause', defaultMessage: 'Pause' })}
              </Button>
            ) : (
              <Button type="button" variant="outline" className={BIG} onClick={recorder.resume}>
                <Play aria-hidden="true" />
                {intl.formatMessage({ id: 'interviews.recorder.resume', defaultMessage: 'Resume' })}
              </Button>
            )}
            <Button type="button" className={BIG} onClick={recorder.stop}>
              <Square aria-hidden="true" />
              {intl.formatMessage({ id: 'interviews.recorder.stop', defaultMessage: 'Stop' })}
            </Button>
          </div>
        </div>
      )}

      {!live && recording && (
        <RecordedAnswer recording={recording} onDiscard={onDiscard} onRecordAgain={() => void recorder.start()} disabled={disabled} />
      )}

      {recorder.problem && (
        <p role="alert" className="text-lg text-destructive">
          {recorder.problem}
        </p>
      )}
    </section>
  );
}

function RecordedAnswer({
  recording,
  onDiscard,
  onRecordAgain,
  disabled,
}: {
  recording: Blob;
  onDiscard: () => void;
  onRecordAgain: () => void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const audio = useRef<HTMLAudioElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);

  // An object URL is a resource outside React: made for this recording, freed with it.
  useEffect(() => {
    const made = URL.createObjectURL(recording);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [recording]);

  function togglePlay() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play();
    else element.pause();
  }

  return (
    <div className="grid gap-3 rounded-xl border p-4">
      <p className="text-center text-xl font-medium">
        {intl.formatMessage({ id: 'interviews.recorder.recorded', defaultMessage: 'Your answer is recorded.' })}
      </p>
      {url && (
        <audio
          ref={audio}
          src={url}
          aria-label={intl.formatMessage({ id: 'interviews.recorder.yourRecording', defaultMessage: 'Your recording' })}
          className="hidden"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
        />
      )}
      <Button type="button" variant="outline" className={BIG} onClick={togglePlay} disabled={!url}>
        {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {playing
          ? intl.formatMessage({ id: 'interviews.recorder.stopPlaying', defaultMessage: 'Stop playing' })
          : intl.formatMessage({ id: 'interviews.recorder.playBack', defaultMessage: 'Play back' })}
      </Button>
      <Button
        type="button"
        variant="outline"
        className={BIG}
        disabled={disabled}
        onClick={() => {
          audio.current?.pause();
          onDiscard();
          onRecordAgain();
        }}
      >
        <RotateCcw aria-hidden="true" />
        {intl.formatMessage({ id: 'interviews.recorder.recordAgain', defaultMessage: 'Record again' })}
      </Button>
    </div>
  );
}
