// /api/books: the owner's life-story books (decision 068): make one (a background job), follow it, download
// its PDF (Range, ETag), list and delete them, list their voice links and stop them, all at once or one by one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookInputSchema, bookSchema, bookVoiceLinkSchema } from '@shared/schemas/books';
import { idParamSchema, idParamsSchema } from '@shared/schemas/common';
import { fileAnswers, noContent } from '../../lib/route-answers';
import { sendFile } from '../../lib/send-file';
import { currentUser } from '../../plugins/session';

const linkParamsSchema = z.object({ id: idParamSchema, linkId: idParamSchema });

export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { books } = app.services;

  app.post('/', { schema: { body: bookInputSchema, response: { 202: z.object({ id: z.number().int() }) } } }, async (req, reply) =>
    reply.code(202).send(await books.start(currentUser(req).id, req.body)),
  );

  app.get('/', { schema: { response: { 200: z.array(bookSchema) } } }, (req) => books.list(currentUser(req).id));

  app.get('/:id', { schema: { params: idParamsSchema, response: { 200: bookSchema } } }, (req) =>
    books.get(currentUser(req).id, req.params.id),
  );

  app.get('/:id/pdf', { schema: { params: idParamsSchema, response: fileAnswers('application/pdf') } }, async (req, reply) =>
    // a book is the owner's life: never kept in a shared computer's cache
    sendFile(req, reply, { ...(await books.pdf(currentUser(req).id, req.params.id)), cacheControl: 'private, no-store' }),
  );

  app.get('/:id/voice-links', { schema: { params: idParamsSchema, response: { 200: z.array(bookVoiceLinkSchema) } } }, (req) =>
    books.voiceLinkList(currentUser(req).id, req.params.id),
  );

  app.delete('/:id/voice-links', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await books.revokeVoiceLinks(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.delete('/:id/voice-links/:linkId', { schema: { params: linkParamsSchema, response: noContent } }, async (req, reply) => {
    await books.revokeVoiceLinks(currentUser(req).id, req.params.id, req.params.linkId);
    return reply.code(204).send();
  });

  app.delete('/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await books.remove(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });
};
