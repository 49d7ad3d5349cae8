// /api/contacts (spec §7): the family and friends contact books, owner-scoped.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common';
import {
  contactInputSchema,
  contactListQuerySchema,
  contactPageQuerySchema,
  contactPageSchema,
  contactPatchSchema,
  contactSchema,
} from '@shared/schemas/contacts';
import { currentUser } from '../../plugins/session';
import { noContent } from '../../lib/route-answers';

export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contacts } = app.services;

  app.get('/', { schema: { querystring: contactListQuerySchema, response: { 200: z.array(contactSchema) } } }, (req) =>
    contacts.list(currentUser(req).id, req.query.relationship),
  );

  app.get('/page', { schema: { querystring: contactPageQuerySchema, response: { 200: contactPageSchema } } }, (req) =>
    contacts.page(currentUser(req).id, req.query),
  );

  app.get('/:id', { schema: { params: idParamsSchema, response: { 200: contactSchema } } }, (req) =>
    contacts.get(currentUser(req).id, req.params.id),
  );

  app.post('/', { schema: { body: contactInputSchema, response: { 201: contactSchema } } }, async (req, reply) =>
    reply.code(201).send(await contacts.create(currentUser(req).id, req.body)),
  );

  app.patch('/:id', { schema: { params: idParamsSchema, body: contactPatchSchema, response: { 200: contactSchema } } }, (req) =>
    contacts.update(currentUser(req).id, req.params.id, req.body),
  );

  app.delete('/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await contacts.remove(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });
};
