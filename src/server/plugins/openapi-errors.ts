// The error answers of the OpenAPI document. A route's schema declares the errors its handler gives
// (lib/route-answers.ts errorAnswers); the ones every route of its kind gives are added here, from what the
// plugins before any handler do: security.ts (Host, cross-site), refuse-nul.ts, session.ts, the body parsers,
// rate limits and the error handler. Every one answers the one error body, ErrorBody.
import type { RouteOptions } from 'fastify';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a route answers because of what it is: a second Host header or a NUL in the query string (400), a Host
 * this server does not serve (421), an unexpected fault (500), the database away or the server closing (503);
 * with a body a malformed or oversized one or another type (400, 413, 415) and a cross-site request (403);
 * signed-in or token routes without their key (401), a path naming nothing (404), a rate limit (429).
 */
export function errorsOfKind(route: RouteOptions, fastifyUrl: string, method: string, secured: boolean): number[] {
  const codes = [400, 421, 500, 503];
  if (BODY_METHODS.has(method)) codes.push(413, 415);
  if (BODY_METHODS.has(method) && fastifyUrl.startsWith('/api/')) codes.push(403);
  if (secured) codes.push(401);
  if (fastifyUrl.includes('/:')) codes.push(404);
  if (route.config && 'rateLimit' in route.config) codes.push(429);
  return codes;
}

const DESCRIPTIONS: Record<string, string> = {
  400: 'The request is refused: invalid input (code VALIDATION lists the fields in issues), or a malformed request',
  401: 'Not signed in, or the key (session, link password, key code, token) is missing or no longer valid',
  403: 'Not allowed: a cross-site request, or an action this account or link may not take',
  404: 'Nothing of yours (or of this link) has this id, or the path names nothing',
  409: 'In conflict with the current state (already exists, already done, changed meanwhile)',
  410: 'Gone: it existed and was removed or expired',
  413: 'Too large: the body, the file, or more than the storage quota leaves room for',
  415: 'A body of a type this route does not read',
  416: 'The range asked for is outside the file (Content-Range gives its size)',
  421: 'This server does not answer to the Host name asked for (ALLOWED_HOSTS, PUBLIC_URL)',
  422: 'Understood but cannot be done with this content',
  429: 'Too many attempts: wait and try again (Retry-After where known)',
  500: 'An unexpected fault: nothing about it is told; the server log has it with the request id',
  502: 'A service heirloom relies on (AI, mail) did not answer usefully',
  503: 'Unavailable for a moment (the database is unreachable, or the server is stopping): try again (Retry-After)',
  507: 'The server’s storage is full',
};

/** What a 2xx whose schema has no description of its own means. */
const SUCCESS: Record<string, string> = {
  200: 'The answer',
  201: 'Created: the new item',
  202: 'Accepted: the work goes on in the background',
  204: 'Done; no body',
};

const ERROR_BODY = { schema: { $ref: '#/components/schemas/ErrorBody' } };

/** The error handler sends an error's retryAfterSeconds as this header (plugins/error-handler.ts). */
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again, where known', schema: { type: 'integer', minimum: 0 } },
};
const MAY_SAY_WHEN = new Set(['429', '503']);

interface Response {
  description?: string;
  content?: Record<string, unknown>;
  headers?: Record<string, unknown>;
}

/**
 * Adds `codes` to `responses`, gives every error the ErrorBody (none for HEAD, which has no body) and every answer a
 * description; sorted by status.
 */
export function withErrorAnswers(responses: Record<string, Response>, codes: number[], method: string): Record<string, Response> {
  const all: Record<string, Response> = { ...responses };
  for (const code of codes) all[code] ??= {};
  for (const [status, response] of Object.entries(all)) {
    if (Number(status) < 400) {
      if (response.description === 'Default Response') all[status] = { ...response, description: SUCCESS[status] ?? 'Done' };
      continue;
    }
    const description = !response.description || response.description === 'Default Response' ? DESCRIPTIONS[status] : response.description;
    const answer: Response = { ...response, description: description ?? 'An error' };
    if (MAY_SAY_WHEN.has(status)) answer.headers = { ...RETRY_AFTER, ...response.headers };
    if (method === 'head') delete answer.content;
    else answer.content = { 'application/json': ERROR_BODY };
    all[status] = answer;
  }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => Number(a) - Number(b)));
}
