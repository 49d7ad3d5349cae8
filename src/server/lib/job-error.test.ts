import { describe, expect, it } from 'vitest';
import { MAX_JOB_ERROR_LENGTH, storableJobError } from './job-error';

describe('storableJobError', () => {
  it('keeps name and message, cleaned and cut, without a stack', () => {
    const stored = storableJobError(new RangeError(`a\u0000b \uD800 ${'x'.repeat(1024 * 1024)}`));
    expect(stored.name).toBe('RangeError');
    expect(stored.message.startsWith('ab \uFFFD xxx')).toBe(true);
    expect(stored.message.length).toBe(MAX_JOB_ERROR_LENGTH); // cut, then "…" added and the NUL removed
    expect(stored.stack).toBeUndefined();
  });

  it('does not leave half of a surrogate pair where it cuts', () => {
    const stored = storableJobError(new Error(`${'x'.repeat(MAX_JOB_ERROR_LENGTH - 1)}👵`));
    expect(stored.message).toBe(`${'x'.repeat(MAX_JOB_ERROR_LENGTH - 1)}\uFFFD…`);
  });

  it('stores what was thrown when it is not an Error', () => {
    expect(storableJobError('plain \u0000text').message).toBe('plain text');
    expect(storableJobError(Object.create(null)).message).toBe('A value that is not an Error was thrown');
  });
});
