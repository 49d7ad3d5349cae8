import { useEffect, useRef, useState } from 'react';
import { ATTACHMENT_MAX_BYTES } from '@shared/limits';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';

// MediaRecorder for the answer page: record, pause, resume, stop; the finished recording goes to onRecorded.
// The same formats as the memory form's recorder (components/voice-recorder.tsx): WebM/Opus, or MP4/AAC in Safari.

const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus'];
const CHUNK_MS = 1000;
/** While recording, what is recorded so far is handed on this often, to be kept should the page close. */
const PARTIAL_EVERY_CHUNKS = 15;
/** The recording becomes a memory's attachment: it stops a little below that limit (a chunk a second is far smaller). */
const STOP_AT_BYTES = ATTACHMENT_MAX_BYTES - 512 * 1024;

const messages = defineMessages({
  notAllowed: {
    id: 'interviews.recorder.notAllowed',
    defaultMessage: 'The microphone is not allowed. Allow it for this page in your browser, or write your answer instead.',
  },
  notFound: { id: 'interviews.recorder.notFound', defaultMessage: 'No microphone was found. You can write your answer instead.' },
  notStarted: {
    id: 'interviews.recorder.notStarted',
    defaultMessage: 'The microphone could not be started. Close other apps that use it and try again, or write your answer instead.',
  },
  cannot: { id: 'interviews.recorder.cannot', defaultMessage: 'This browser cannot record. You can write your answer instead.' },
  stopped: {
    id: 'interviews.recorder.stoppedUnexpectedly',
    defaultMessage: 'The recording stopped unexpectedly. Try again, or write your answer instead.',
  },
});

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'paused';

function microphoneProblem(err: unknown): string {
  const name = (err as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return activeIntl().formatMessage(messages.notAllowed);
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return activeIntl().formatMessage(messages.notFound);
  return activeIntl().formatMessage(messages.notStarted);
}

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  timer?: ReturnType<typeof setInterval>;
}

/**
 * onRecorded: the finished recording. onPartial: what is recorded so far, now and then while recording (a prefix
 * of the recording is itself playable), so a page closed mid-recording loses at most the last seconds.
 */
export function useAnswerRecorder(onRecorded: (blob: Blob, at: Date) => void, onPartial?: (blob: Blob, at: Date) => void) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const session = useRef<Session | null>(null);
  const clock = useRef({ before: 0, since: 0 });
  const latest = useRef({ onRecorded, onPartial });
  latest.current = { onRecorded, onPartial };

  const elapsedNow = () => clock.current.before + (clock.current.since ? performance.now() - clock.current.since : 0);

  function release() {
    const s = session.current;
    if (!s) return;
    session.current = null;
    s.stream.getTracks().forEach((track) => track.stop());
    clearInterval(s.timer);
  }

  // Leaving the page mid-recording gives the microphone back.
  useEffect(
    () => () => {
      const s = session.current;
      if (s) {
        s.recorder.ondataavailable = null;
        s.recorder.onstop = null;
        if (s.recorder.state !== 'inactive') s.recorder.stop();
      }
      release();
    },
    [],
  );

  async function start() {
    setProblem(null);
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
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      setProblem(activeIntl().formatMessage(messages.cannot));
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
      if (bytes >= STOP_AT_BYTES && recorder.state !== 'inactive') stop();
      else if (chunks.length % PARTIAL_EVERY_CHUNKS === 0)
        latest.current.onPartial?.(new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' }), new Date());
    };
    recorder.onstop = () => {
      const blob = new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' });
      release();
      setPhase('idle');
      latest.current.onRecorded(blob, new Date());
    };
    recorder.onerror = () => {
      setProblem(activeIntl().formatMessage(messages.stopped));
      release();
      setPhase('idle');
    };
    clock.current = { before: 0, since: performance.now() };
    setElapsedMs(0);
    s.timer = setInterval(() => setElapsedMs(elapsedNow()), 250);
    recorder.start(CHUNK_MS);
    setPhase('recording');
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
    s.recorder.stop();
  }

  return { phase, elapsedMs, problem, start, pause, resume, stop };
}
