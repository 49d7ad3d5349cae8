import { userText } from '@shared/i18n/text';
import { inEnglish, type Sentence } from './i18n';

export interface AppErrorOptions {
  /** When to try again (a throttle, something still being prepared): the error handler sends it as Retry-After. */
  retryAfterSeconds?: number;
}

/** What an error says: a fixed text (marked with userText), or a sentence with values in it (decision 083). */
export type ErrorText = string | Sentence;

export class AppError extends Error {
  readonly retryAfterSeconds?: number;
  /** The sentence behind `message`, for readers of another language; `message` is its English. */
  readonly sentence?: Sentence;

  constructor(
    readonly statusCode: number,
    text: ErrorText,
    readonly code?: string,
    { retryAfterSeconds }: AppErrorOptions = {},
  ) {
    super(typeof text === 'string' ? text : inEnglish(text));
    this.name = 'AppError';
    this.retryAfterSeconds = retryAfterSeconds;
    if (typeof text !== 'string') this.sentence = text;
  }
}

export const badRequest = (text: ErrorText, code?: string) => new AppError(400, text, code);
export const unauthorized = (text: ErrorText = userText('Unauthorized')) => new AppError(401, text);
export const forbidden = (text: ErrorText = userText('Forbidden')) => new AppError(403, text);
export const notFound = (text: ErrorText = userText('Not found')) => new AppError(404, text);
export const conflict = (text: ErrorText, code?: string) => new AppError(409, text, code);
export const payloadTooLarge = (text: ErrorText) => new AppError(413, text, 'TOO_LARGE');
export const unsupportedMediaType = (text: ErrorText) => new AppError(415, text, 'UNSUPPORTED_TYPE');
export const tooManyRequests = (text: ErrorText, retryAfterSeconds?: number) =>
  new AppError(429, text, 'RATE_LIMITED', { retryAfterSeconds });
export const insufficientStorage = (text: ErrorText) => new AppError(507, text, 'STORAGE_FULL');
export const serviceUnavailable = (text: ErrorText) => new AppError(503, text, 'UNAVAILABLE');
