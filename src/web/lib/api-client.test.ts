import { describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '@shared/schemas/common';
import { api, ApiError, errorMessage, isErrorBody } from './api-client';
import { switchLanguage } from './i18n/language-store';

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

describe('isErrorBody', () => {
  // isErrorBody stands in for errorBodySchema.safeParse (to keep zod off the first load): they must agree.
  const bodies: unknown[] = [
    { message: 'Taken' },
    { message: 'Taken', code: 'EMAIL_TAKEN' },
    { message: 'Bad', issues: [{ path: 'email', message: 'Invalid' }] },
    { message: 'Bad', issues: [] },
    { message: 'Bad', extra: 1 },
    { message: 1 },
    { message: null },
    {},
    { code: 'X' },
    { message: 'Bad', code: null },
    { message: 'Bad', code: 3 },
    { message: 'Bad', issues: null },
    { message: 'Bad', issues: {} },
    { message: 'Bad', issues: [{ path: 'email' }] },
    { message: 'Bad', issues: [{ path: 1, message: 'Invalid' }] },
    { message: 'Bad', issues: [null] },
    { message: 'Bad', issues: [['email', 'Invalid']] },
    [{ message: 'Bad' }],
    ['message'],
    'message',
    42,
    null,
    true,
  ];

  it.each(bodies.map((body) => [JSON.stringify(body), body]))('agrees with errorBodySchema on %s', (_, body) => {
    expect(isErrorBody(body)).toBe(errorBodySchema.safeParse(body).success);
  });
});

describe('ApiError.retryAfterSeconds', () => {
  it("reads the Retry-After header's seconds, the one place the web reads it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Too many tries"}', { status: 429, headers: { 'Retry-After': '42' } })),
    );
    const error: unknown = await api.post('/api/legacy/open', { keyCode: 'x' }).catch((err: unknown) => err);
    vi.unstubAllGlobals();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterSeconds).toBe(42);
    expect((error as ApiError).serverMessage).toBe('Too many tries');
  });

  it.each([[null], [''], ['0'], ['-3'], ['soon'], ['Wed, 21 Oct 2026 07:28:00 GMT']])('has no wait for %j', (header) => {
    expect(new ApiError(429, '', 'Too Many Requests', header).retryAfterSeconds).toBeUndefined();
  });
});

describe('server messages in the page’s language', () => {
  it('translates a marked text the server sent in English, in a refusal and in a success body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Logged out","extra":1}', { status: 200 })),
    );
    try {
      await switchLanguage('de', { remember: false });
      expect(errorMessage(new ApiError(404, '{"message":"Photo not found"}', 'Not Found'), 'Please try again')).toBe('Foto nicht gefunden');
      expect(errorMessage(new ApiError(409, '{"message":"Taken"}', 'Conflict'), 'Please try again')).toBe('Taken');
      expect(await api.post('/api/auth/logout')).toEqual({ message: 'Abgemeldet', extra: 1 });
    } finally {
      vi.unstubAllGlobals();
      await switchLanguage('en', { remember: false });
    }
    expect(errorMessage(new ApiError(404, '{"message":"Photo not found"}', 'Not Found'), 'Please try again')).toBe('Photo not found');
  });
});
