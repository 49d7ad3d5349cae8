// Speech to text through any OpenAI-compatible POST {AI_BASE_URL}/audio/transcriptions (OpenAI's whisper-1,
// a local whisper server, LocalAI…): multipart with the file, the model and response_format=json → {text}.
// Failures are AiErrors whose messages say what to do, never what the provider answered (decision 039).
import { z } from 'zod';
import type { Env } from '../env';
import { AiError } from './provider';

export interface TranscriptionOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

export interface AudioToTranscribe {
  data: Blob;
  fileName: string;
  mimeType: string;
}

export interface Transcriber {
  transcribe(audio: AudioToTranscribe): Promise<string>;
}

/** A few minutes of speech take a hosted model tens of seconds: never less than this, whatever AI_TIMEOUT_MS says. */
export const MIN_TRANSCRIPTION_TIMEOUT_MS = 120_000;
const MAX_ANSWER_BYTES = 1024 * 1024;

const answerSchema = z.object({ text: z.string() });

const isTimeout = (err: unknown) => ['TimeoutError', 'AbortError'].includes((err as Error)?.name);

export function createTranscriber(options: TranscriptionOptions): Transcriber {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;

  return {
    async transcribe(audio) {
      const form = new FormData();
      form.append('file', new File([audio.data], audio.fileName, { type: audio.mimeType }));
      form.append('model', options.model);
      form.append('response_format', 'json');
      const signal = AbortSignal.timeout(options.timeoutMs);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {},
          body: form,
          signal,
        });
      } catch (err) {
        if (isTimeout(err)) throw new AiError('unavailable', 'The speech-to-text service did not answer in time.', { cause: err });
        throw new AiError('unavailable', 'The speech-to-text service could not be reached.', { cause: err });
      }

      let body: string;
      try {
        body = await res.text();
      } catch (err) {
        if (isTimeout(err)) throw new AiError('unavailable', 'The speech-to-text service did not answer in time.', { cause: err });
        throw new AiError('unavailable', 'The connection to the speech-to-text service was lost.', { cause: err });
      }

      if (!res.ok) {
        if (res.status === 401 || res.status === 403) throw new AiError('unavailable', 'The speech-to-text service refused the API key.');
        if (res.status === 429) throw new AiError('unavailable', 'The speech-to-text service is over its rate limit. Try again later.');
        if (res.status === 404) throw new AiError('unavailable', 'The speech-to-text service does not know this model or address.');
        if (res.status >= 500) throw new AiError('unavailable', 'The speech-to-text service is not available right now.');
        throw new AiError('failed', `The speech-to-text service could not transcribe this recording (status ${res.status}).`);
      }
      if (body.length > MAX_ANSWER_BYTES) throw new AiError('format', 'The speech-to-text answer was too long to read.');
      try {
        return answerSchema.parse(JSON.parse(body)).text.trim();
      } catch (err) {
        throw new AiError('format', 'The speech-to-text service answered in an unexpected format.', { cause: err });
      }
    },
  };
}

/** The configured speech-to-text model, or undefined: then no Transcribe button is offered (GET /api/capabilities). */
export function createConfiguredTranscriber(
  env: Pick<Env, 'AI_BASE_URL' | 'AI_TRANSCRIBE_MODEL' | 'AI_API_KEY' | 'AI_TIMEOUT_MS'>,
): Transcriber | undefined {
  if (!env.AI_BASE_URL || !env.AI_TRANSCRIBE_MODEL) return undefined;
  return createTranscriber({
    baseUrl: env.AI_BASE_URL,
    model: env.AI_TRANSCRIBE_MODEL,
    apiKey: env.AI_API_KEY,
    timeoutMs: Math.max(env.AI_TIMEOUT_MS, MIN_TRANSCRIPTION_TIMEOUT_MS),
  });
}
