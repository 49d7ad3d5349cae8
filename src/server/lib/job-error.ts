// What the job queue stores of a failed try (pgboss.job.output, jsonb). A handler's error can carry any text
// it met (an archive's title, a file name, a database error quoting them): PostgreSQL refuses NUL and unpaired
// surrogates in jsonb, and a write it refuses there happens outside every handler and stopped the process. So
// the queue only ever sees this: the message cleaned (cleanText) and cut to a few KB, without a stack.
import { cleanText } from './nul-character';

/** Enough to say what went wrong; a megabyte of message is not kept. */
export const MAX_JOB_ERROR_LENGTH = 4000;

const MAX_NAME_LENGTH = 100;

/** Cut first, then cleaned: a cut through a surrogate pair leaves half of it, which cleanText replaces. */
const bounded = (text: string, max: number) => cleanText(text.length > max ? `${text.slice(0, max)}…` : text);

function messageOf(err: unknown): string {
  if (err instanceof Error) return typeof err.message === 'string' ? err.message : '';
  try {
    return String(err);
  } catch {
    return 'A value that is not an Error was thrown'; // an object without toString
  }
}

/** The error a failed try is stored with: same name and message, in a form the database accepts. */
export function storableJobError(err: unknown): Error {
  const error = new Error(bounded(messageOf(err), MAX_JOB_ERROR_LENGTH));
  if (err instanceof Error && typeof err.name === 'string') error.name = bounded(err.name, MAX_NAME_LENGTH);
  error.stack = undefined;
  return error;
}
