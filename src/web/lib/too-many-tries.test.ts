import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { tooManyTries, waitText } from './too-many-tries';

describe('tooManyTries', () => {
  it("names the server's wait", () => {
    expect(tooManyTries(new ApiError(429, '', 'Too Many Requests', '1'))).toBe('Too many tries. Please wait 1 second and try again.');
    expect(tooManyTries(new ApiError(429, '', 'Too Many Requests', '30'))).toBe('Too many tries. Please wait 30 seconds and try again.');
    expect(tooManyTries(new ApiError(429, '', 'Too Many Requests', '61'))).toBe('Too many tries. Please wait 2 minutes and try again.');
  });

  it('says "a moment" without a wait, and nothing for other errors', () => {
    expect(tooManyTries(new ApiError(429, '', 'Too Many Requests'))).toBe('Too many tries. Please wait a moment and try again.');
    expect(tooManyTries(new ApiError(401, '', 'Unauthorized', '30'))).toBeUndefined();
    expect(tooManyTries(new Error('offline'))).toBeUndefined();
  });

  it('rounds minutes up', () => {
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(59)).toBe('59 seconds');
  });
});
