import { Mic, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { localDay } from '@web/lib/local-day';

// Records a voice message in the browser (MediaRecorder) and hands it over as a File, in whatever format the
// browser makes: WebM/Opus in Chromium and Firefox, MP4/AAC in Safari. The server checks by the track list
// that it is sound only (decision 037).

/** The formats asked for, in order; a browser that supports none picks its own. */
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus'];
/** Recording stops this far below the size limit: a chunk arrives every second, far smaller than this. */
const SIZE_MARGIN_BYTES = 512 * 1024;
const CHUNK_MS = 1000;
const MB = 1024 * 1024;

export const canRecordVoice = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && !!navigator.mediaDevices?.getUserMedia;

/** m:ss */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const extensionOf = (mimeType: string) => (mimeType.startsWith('audio/mp4') ? 'm4a' : mimeType.startsWith('audio/ogg') ? 'ogg' : 'webm');

const fileNames = defineMessages({
  voiceMessage: { id: 'common.voiceRecorder.fileName', defaultMessage: 'Voice message {day} {time}.{extension}' },
});

/** 'Voice message 2026-11-26 14.03.webm', in the recorder's local time and the page's language. */
export function voiceMessageName(mimeType: string, at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  // a file name: the time without a colon, which some systems refuse
  const time = `${pad(at.getHours())}.${pad(at.getMinutes())}`;
  return activeIntl().formatMessage(fileNames.voiceMessage, { day: localDay(at), time, extension: extensionOf(mimeType) });
}

const problems = defineMessages({
  refused: {
    id: 'common.voiceRecorder.problem.refused',
    defaultMessage:
      'heirloom could not use your microphone: permission was refused. Allow the microphone for this site in your browser and try again.',
  },
  notFound: {
    id: 'common.voiceRecorder.problem.notFound',
    defaultMessage: 'heirloom could not use your microphone: no microphone was found.',
  },
  busy: {
    id: 'common.voiceRecorder.problem.busy',
    defaultMessage: 'heirloom could not use your microphone: it is in use by another app or could not be started.',
  },
  other: {
    id: 'common.voiceRecorder.problem.other',
    defaultMessage: 'heirloom could not use your microphone: {reason}',
  },
  unknown: {
    id: 'common.voiceRecorder.problem.unknown',
    defaultMessage: 'heirloom could not use your microphone: an unknown error.',
  },
});

/** getUserMedia's failures in words a person can act on. */
function microphoneProblem(err: unknown): string {
  const name = (err as { name?: string })?.name;
  const intl = activeIntl();
  if (name === 'NotAllowedError' || name === 'SecurityError') return intl.formatMessage(problems.refused);
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return intl.formatMessage(problems.notFound);
  if (name === 'NotReadableError' || name === 'AbortError') return intl.formatMessage(problems.busy);
  const reason = (err as Error)?.message;
  return reason === undefined ? intl.formatMessage(problems.unknown) : intl.formatMessage(problems.other, { reason });
}

type Phase = 'idle' | 'starting' | 'recording' | 'paused' | 'recorded';

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  audio?: AudioContext;
  frame?: number;
  timer?: ReturnType<typeof setInterval>;
}

type VoiceRecorderProps = {
  /** The finished recording, to queue like a picked file. */
  onRecorded: (file: File) => void;
  maxBytes: number;
  disabled?: boolean;
  /** What the recording is added to, in the recorder's words: a memory (the default) or a Legacy Plan letter. */
  addsTo?: 'memory' | 'letter';
};

export function VoiceRecorder({ onRecorded, maxBytes, disabled, addsTo = 'memory' }: VoiceRecorderProps) {
  const intl = useIntl();
  const [phase, setPhase] = useState<Phase>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [recording, setRecording] = useState<{ blob: Blob; url: string; at: Date } | null>(null);
  const session = useRef<Session | null>(null);
  // Time recorded before the last resume, and when that resume was.
  const clock = useRef({ before: 0, since: 0 });

  /** Give the microphone back: stop its tracks, the meter and the clock. */
  function release() {
    const s = session.current;
    if (!s) return;
    session.current = null;
    s.stream.getTracks().forEach((track) => track.stop());
    if (s.frame !== undefined) cancelAnimationFrame(s.frame);
    clearInterval(s.timer);
    void s.audio?.close().catch(() => undefined);
    setLevel(0);
  }

  function discardRecording() {
    if (recording) URL.revokeObjectURL(recording.url);
    setRecording(null);
  }

  // Unmounting mid-recording releases the microphone; a preview's object URL is freed.
  const latest = useRef({ release, recording });
  latest.current = { release, recording };
  useEffect(
    () => () => {
      const { release: stop, recording: last } = latest.current;
      if (session.current) {
        session.current.recorder.ondataavailable = null;
        session.current.recorder.onstop = null;
        if (session.current.recorder.state !== 'inactive') session.current.recorder.stop();
      }
      stop();
      if (last) URL.revokeObjectURL(last.url);
    },
    [],
  );

  const elapsedNow = () => clock.current.before + (clock.current.since ? performance.now() - clock.current.since : 0);

  async function start() {
    discardRecording();
    setProblem(null);
    setNote(null);
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      setProblem(microphoneProblem(err));
      setPhase('idle');
      return;
    }
    let recorder: MediaRecorder;
    try {
      const mimeType = PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (err) {
      stream.getTracks().forEach((track) => track.stop());
      setProblem(
        intl.formatMessage(
          { id: 'common.voiceRecorder.problem.browser', defaultMessage: 'heirloom could not record in this browser: {reason}' },
          { reason: (err as Error).message },
        ),
      );
      setPhase('idle');
      return;
    }
    const s: Session = { stream, recorder };
    session.current = s;
    const chunks: Blob[] = [];
    let bytes = 0;
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      chunks.push(event.data);
      bytes += event.data.size;
      if (bytes >= maxBytes - SIZE_MARGIN_BYTES && recorder.state !== 'inactive') {
        setNote(
          intl.formatMessage(
            { id: 'common.voiceRecorder.sizeStop', defaultMessage: 'Recording stopped: an attachment can be at most {size} MB.' },
            { size: String(Math.round(maxBytes / MB)) },
          ),
        );
        stop();
      }
    };
    recorder.onstop = () => {
      const blob = new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' });
      release();
      setRecording({ blob, url: URL.createObjectURL(blob), at: new Date() });
      setPhase('recorded');
    };
    recorder.onerror = () => {
      setProblem(
        intl.formatMessage({
          id: 'common.voiceRecorder.problem.stopped',
          defaultMessage: 'heirloom could not go on recording: the browser stopped the recorder.',
        }),
      );
      release();
      setPhase('idle');
    };
    startMeter(s);
    clock.current = { before: 0, since: performance.now() };
    setElapsedMs(0);
    s.timer = setInterval(() => setElapsedMs(elapsedNow()), 200);
    recorder.start(CHUNK_MS);
    setPhase('recording');
  }

  /** The level meter: the loudness of the last few milliseconds (RMS of the waveform), 0–100. */
  function startMeter(s: Session) {
    if (typeof AudioContext !== 'function') return;
    try {
      s.audio = new AudioContext();
      const analyser = s.audio.createAnalyser();
      analyser.fftSize = 1024;
      s.audio.createMediaStreamSource(s.stream).connect(analyser);
      const samples = new Uint8Array(analyser.fftSize);
      const tick = () => {
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
        setLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 300)));
        s.frame = requestAnimationFrame(tick);
      };
      tick();
    } catch {
      // No meter is no reason not to record.
    }
  }

  function pause() {
    const s = session.current;
    if (s?.recorder.state !== 'recording') return;
    s.recorder.pause();
    clock.current = { before: elapsedNow(), since: 0 };
    setElapsedMs(clock.current.before);
    setPhase('paused');
  }

  function resume() {
    const s = session.current;
    if (s?.recorder.state !== 'paused') return;
    s.recorder.resume();
    clock.current.since = performance.now();
    setPhase('recording');
  }

  function stop() {
    const s = session.current;
    if (!s || s.recorder.state === 'inactive') return;
    clock.current = { before: elapsedNow(), since: 0 };
    setElapsedMs(clock.current.before);
    s.recorder.stop(); // onstop builds the preview and releases the microphone
  }

  function add() {
    if (!recording) return;
    if (recording.blob.size > maxBytes) {
      setProblem(
        intl.formatMessage(
          {
            id: 'common.voiceRecorder.tooLarge',
            defaultMessage: 'This recording is larger than {size} MB, the most an attachment can be. Record a shorter one.',
          },
          { size: String(Math.round(maxBytes / MB)) },
        ),
      );
      return;
    }
    onRecorded(new File([recording.blob], voiceMessageName(recording.blob.type, recording.at), { type: recording.blob.type }));
    discardRecording();
    setNote(null);
    setPhase('idle');
  }

  if (!canRecordVoice()) return null;

  const live = phase === 'recording' || phase === 'paused';
  return (
    <section
      aria-label={intl.formatMessage({ id: 'common.voiceRecorder.label', defaultMessage: 'Voice message' })}
      className="grid gap-3 rounded-xl border p-3"
    >
      {(phase === 'idle' || phase === 'starting') && (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" size="sm" onClick={start} disabled={disabled || phase === 'starting'}>
            <Mic aria-hidden="true" />
            {intl.formatMessage({ id: 'common.voiceRecorder.record', defaultMessage: 'Record' })}
          </Button>
          <span className="text-sm text-muted-foreground">
            {intl.formatMessage(
              {
                id: 'common.voiceRecorder.intro',
                defaultMessage: 'Record a voice message and add it to this {addsTo, select, letter {letter} other {memory}}.',
              },
              { addsTo },
            )}
          </span>
        </div>
      )}

      {live && (
        <div className="flex flex-wrap items-center gap-3">
          <span
            role="timer"
            aria-label={intl.formatMessage({ id: 'common.voiceRecorder.elapsed', defaultMessage: 'Elapsed time' })}
            className="min-w-[3ch] font-mono text-sm tabular-nums"
          >
            {formatElapsed(elapsedMs)}
          </span>
          <div
            role="meter"
            aria-label={intl.formatMessage({ id: 'common.voiceRecorder.level', defaultMessage: 'Input level' })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
            className="h-2 min-w-16 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary" style={{ width: `${level}%` }} />
          </div>
          <div className="flex flex-wrap gap-2">
            {phase === 'recording' ? (
              <Button type="button" variant="outline" size="sm" onClick={pause}>
                <Pause aria-hidden="true" />
                {intl.formatMessage({ id: 'common.voiceRecorder.pause', defaultMessage: 'Pause' })}
              </Button>
            ) : (
              <Button type="button" variant="outline" size="sm" onClick={resume}>
                <Play aria-hidden="true" />
                {intl.formatMessage({ id: 'common.voiceRecorder.resume', defaultMessage: 'Resume' })}
              </Button>
            )}
            <Button type="button" variant="outline" size="sm" onClick={stop}>
              <Square aria-hidden="true" />
              {intl.formatMessage({ id: 'common.voiceRecorder.stop', defaultMessage: 'Stop' })}
            </Button>
          </div>
          <span className="sr-only" aria-live="polite">
            {phase === 'paused'
              ? intl.formatMessage({ id: 'common.voiceRecorder.paused', defaultMessage: 'Recording paused' })
              : intl.formatMessage({ id: 'common.voiceRecorder.recording', defaultMessage: 'Recording' })}
          </span>
        </div>
      )}

      {phase === 'recorded' && recording && (
        <div className="grid gap-2">
          <audio
            controls
            src={recording.url}
            aria-label={intl.formatMessage({ id: 'common.voiceRecorder.preview', defaultMessage: 'Recording preview' })}
            className="w-full"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={add} disabled={disabled}>
              {intl.formatMessage(
                { id: 'common.voiceRecorder.add', defaultMessage: 'Add to {addsTo, select, letter {letter} other {memory}}' },
                { addsTo },
              )}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={start} disabled={disabled}>
              <RotateCcw aria-hidden="true" />
              {intl.formatMessage({ id: 'common.voiceRecorder.again', defaultMessage: 'Record again' })}
            </Button>
          </div>
        </div>
      )}

      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </section>
  );
}
