// What a route answers besides a JSON body of its own, declared in its schema beside the body it answers, so that
// the OpenAPI document says it (decision 044). The errors every route of its kind answers (400 for a refused
// body, 401 without a session, 404 for a path naming nothing, 5xx) are added by plugins/openapi.ts.
import { z } from 'zod';
import { errorBodySchema } from '@shared/schemas/common';

/** Error answers a route gives beyond those of every route of its kind: `...errorAnswers(403, 409)`. */
export function errorAnswers<const C extends number>(...codes: C[]) {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<C, typeof errorBodySchema>;
}

/** 204: done, with nothing to say (`reply.code(204).send()`: void in TypeScript, no content in the document). */
export const noContent = { 204: z.void().meta({ type: 'null', description: 'Done; no body' }) };

/** A file's bytes: a Buffer or a stream in TypeScript, a binary string in the document. */
const bytes = z.any().meta({ type: 'string', format: 'binary' });
const fileContent = (mediaTypes: string[]) => Object.fromEntries(mediaTypes.map((type) => [type, { schema: bytes }]));

/**
 * A file sent with sendFile (lib/send-file.ts): its bytes in its own media type, a byte range of them, "not
 * modified" for a copy the client holds, or, with object storage, a short-lived link to the bucket.
 */
export function fileAnswers(...mediaTypes: string[]) {
  return {
    200: { description: 'The file', content: fileContent(mediaTypes) },
    206: { description: 'The byte range asked for with Range', content: fileContent(mediaTypes) },
    302: z.null().meta({
      description: 'With object storage: the file is fetched from the bucket at Location, a link valid a few minutes',
      headers: { Location: { type: 'string' } },
    }),
    304: z.null().meta({ description: 'Not modified since the ETag or date the client sent' }),
    416: errorBodySchema,
  };
}

/** A zip archive written while it is sent (no length known in advance, no ranges). */
export const zipAnswer = { 200: { description: 'A zip archive, written as it is sent', content: fileContent(['application/zip']) } };
