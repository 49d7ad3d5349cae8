// One error contract (docs/architecture.md): 4xx → { message, code?, issues? }; 5xx → a generic message and
// a log line with the request id. Nothing from SQL, the file system or a stack trace reaches a client. When to
// try again travels with the error (AppError's retryAfterSeconds) and is sent here, the one place, as Retry-After.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@shared/schemas/common';
import { userText } from '@shared/i18n/text';
import { AppError, tooManyRequests } from '../lib/errors';
import { answerLanguage, sentenceIn, translateText, type Sentence } from '../lib/i18n';

/**
 * An answer's words in the reader's language, where the catalogues have them (decisions 081 and 083); else as
 * written. A fixed text is looked up as itself, a sentence with values is formatted from its message.
 */
function say(req: FastifyRequest, text: string | Sentence): string {
  const language = answerLanguage(req);
  return typeof text === 'string' ? translateText(language, text) : sentenceIn(language, text);
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ENOENT',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** The database is unreachable (stopped, restarting, socket gone): the client should retry later. */
function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (!e) return false;
  if (e.code && DB_DOWN_CODES.has(e.code)) return true;
  if (
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(
      e.message ?? '',
    )
  )
    return true;
  return e.cause ? isDatabaseDown(e.cause) : false;
}

const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: userText('Unsupported content type: send JSON') },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: userText('Invalid Content-Length') },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: userText('The request body is too large') },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: userText('The request body is empty') },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: userText('The request body is not valid JSON') },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: userText('Expected a multipart/form-data upload') },
};

/** Fastify's refusals before any route is found; without frameworkErrors it answers them in a shape of its own. */
const ROUTING_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: userText('The address is too long') },
  FST_ERR_BAD_URL: { status: 400, message: userText('The address is not a valid URL') },
};

/** How long a client waits while the database is unreachable. */
const DATABASE_DOWN_RETRY_SECONDS = 5;
const RATE_LIMITED = userText('Too many attempts. Please wait a few minutes and try again.');

/**
 * @fastify/rate-limit's `errorResponseBuilder`: a per-address limit's refusal as an AppError, so it is answered
 * like every other one, its Retry-After included (the plugin's own header is turned off).
 */
export function rateLimitRefusal(_req: FastifyRequest, context: { ttl: number }) {
  return tooManyRequests(RATE_LIMITED, Math.ceil(context.ttl / 1000));
}

/** Fastify's `frameworkErrors` option: routing refusals in the one error contract. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const known = err.code ? ROUTING_CODES[err.code] : undefined;
  if (known) return reply.code(known.status).send({ message: say(req, known.message), code: err.code } satisfies ErrorBody);
  req.log.error({ err }, 'Unhandled error');
  return reply.code(500).send({ message: say(req, userText('Internal Server Error')) } satisfies ErrorBody);
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // A multipart body refused part-way is left unread, so the connection cannot carry another request: close
    // it. Upload routes (uploadRoute in lib/uploads.ts) read the rest first and keep it open when they could.
    if (req.isMultipart()) reply.header('Connection', 'close');
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A malformed id in the path (abc, -1, 99999999999) names nothing: the same 404 as an unknown id.
      if (err.validationContext === 'params') return reply.code(404).send({ message: say(req, userText('Not found')) } satisfies ErrorBody);
      const issues = err.validation.map((v) => ({ path: v.instancePath, message: say(req, v.message ?? userText('Invalid value')) }));
      return reply
        .code(400)
        .send({ message: say(req, issues[0]?.message ?? userText('Invalid request')), code: 'VALIDATION', issues } satisfies ErrorBody);
    }
    if (err instanceof AppError) {
      if (err.statusCode >= 500) req.log.warn({ err }, err.message);
      if (err.retryAfterSeconds !== undefined) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.code(err.statusCode).send({ message: say(req, err.sentence ?? err.message), code: err.code } satisfies ErrorBody);
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.code(known.status).send({ message: say(req, known.message), code: err.code } satisfies ErrorBody);
    if (err instanceof SyntaxError && err.statusCode === 400) {
      return reply
        .code(400)
        .send({ message: say(req, userText('The request body is not valid JSON')), code: 'BAD_JSON' } satisfies ErrorBody);
    }
    if (isDatabaseDown(err)) {
      req.log.error({ err }, 'Database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_DOWN_RETRY_SECONDS))
        .send({
          message: say(req, userText('heirloom cannot reach its database right now. Please try again in a moment.')),
          code: 'DB_UNAVAILABLE',
        } satisfies ErrorBody);
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 429) return reply.code(429).send({ message: say(req, RATE_LIMITED), code: 'RATE_LIMITED' } satisfies ErrorBody);
    if (status < 500) {
      // Fastify's own 4xx messages are safe (they describe the request, not our internals).
      return reply.code(status).send({ message: say(req, err.message || userText('Bad request')), code: err.code } satisfies ErrorBody);
    }
    req.log.error({ err }, 'Unhandled error');
    return reply.code(500).send({ message: say(req, userText('Internal Server Error')) } satisfies ErrorBody);
  });
}
