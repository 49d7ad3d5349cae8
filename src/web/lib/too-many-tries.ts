import { ApiError } from './api-client';

/** "3 seconds", "2 minutes": how long a throttled visitor waits. */
export function waitText(seconds: number) {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** What a throttled answer (429) says, with its Retry-After wait when it gave one; undefined for any other error. */
export function tooManyTries(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  return error.retryAfterSeconds
    ? `Too many tries. Please wait ${waitText(error.retryAfterSeconds)} and try again.`
    : 'Too many tries. Please wait a moment and try again.';
}
