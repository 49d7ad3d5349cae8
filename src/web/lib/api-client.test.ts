import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api-client';

describe('ApiError', () => {
  it('reads "<status>: <body text>" (spec §7)', () => {
    const error = new ApiError(400, '{"message":"Invalid email address"}', 'Bad Request');
    expect(error.message).toBe('400: {"message":"Invalid email address"}');
    expect(error.serverMessage).toBe('Invalid email address');
  });

  it('falls back to the status text when the body is empty', () => {
    const error = new ApiError(502, '', 'Bad Gateway');
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.serverMessage).toBeUndefined();
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, else the spec fallback", () => {
    expect(errorMessage(new ApiError(409, '{"message":"Taken"}', 'Conflict'), 'Please try again')).toBe('Taken');
    expect(errorMessage(new ApiError(500, 'oops', 'Internal Server Error'), 'Please try again')).toBe('Please try again');
    expect(errorMessage(new Error('network'), 'Please try again')).toBe('Please try again');
  });
});
