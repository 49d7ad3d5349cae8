import { userText } from '@shared/i18n/text';

export interface AppErrorOptions {
  /** When to try again (a throttle, something still being prepared): the error handler sends it as Retry-After. */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    { retryAfterSeconds }: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message: string = userText('Unauthorized')) => new AppError(401, message);
export const forbidden = (message: string = userText('Forbidden')) => new AppError(403, message);
export const notFound = (message: string = userText('Not found')) => new AppError(404, message);
export const conflict = (message: string, code?: string) => new AppError(409, message, code);
export const payloadTooLarge = (message: string) => new AppError(413, message, 'TOO_LARGE');
export const unsupportedMediaType = (message: string) => new AppError(415, message, 'UNSUPPORTED_TYPE');
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(429, message, 'RATE_LIMITED', { retryAfterSeconds });
export const insufficientStorage = (message: string) => new AppError(507, message, 'STORAGE_FULL');
export const serviceUnavailable = (message: string) => new AppError(503, message, 'UNAVAILABLE');
