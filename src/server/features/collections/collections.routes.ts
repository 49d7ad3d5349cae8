// /api/collections: the owner's collections, their items and their links (decision 025).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common';
import {
  collectionDetailSchema,
  collectionInputSchema,
  collectionItemsInputSchema,
  collectionLinkParamsSchema,
  collectionPatchSchema,
  collectionSchema,
  createdLinkSchema,
  linkInputSchema,
  shareLinkSchema,
  sharedItemsSchema,
} from '@shared/schemas/sharing';
import { currentUser } from '../../plugins/session';
import { noContent } from '../../lib/route-answers';

export const collectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { collections } = app.services;

  app.get('/', { schema: { response: { 200: z.array(collectionSchema) } } }, (req) => collections.list(currentUser(req).id));

  app.post('/', { schema: { body: collectionInputSchema, response: { 201: collectionSchema } } }, async (req, reply) =>
    reply.code(201).send(await collections.create(currentUser(req).id, req.body)),
  );

  // A static path: the router prefers it to '/:id', so no collection id can shadow it.
  app.get('/shared-items', { schema: { response: { 200: sharedItemsSchema } } }, (req) => collections.sharedItems(currentUser(req).id));

  app.get('/:id', { schema: { params: idParamsSchema, response: { 200: collectionDetailSchema } } }, (req) =>
    collections.detail(currentUser(req).id, req.params.id),
  );

  app.patch('/:id', { schema: { params: idParamsSchema, body: collectionPatchSchema, response: { 200: collectionSchema } } }, (req) =>
    collections.update(currentUser(req).id, req.params.id, req.body),
  );

  app.delete('/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await collections.remove(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/:id/items',
    { schema: { params: idParamsSchema, body: collectionItemsInputSchema, response: { 200: collectionSchema } } },
    (req) => collections.addItems(currentUser(req).id, req.params.id, req.body),
  );

  app.delete(
    '/:id/items',
    { schema: { params: idParamsSchema, body: collectionItemsInputSchema, response: { 200: collectionSchema } } },
    (req) => collections.removeItems(currentUser(req).id, req.params.id, req.body),
  );

  app.post(
    '/:id/links',
    { schema: { params: idParamsSchema, body: linkInputSchema, response: { 201: createdLinkSchema } } },
    async (req, reply) => reply.code(201).send(await collections.createLink(currentUser(req), req.params.id, req.body)),
  );

  app.get('/:id/links', { schema: { params: idParamsSchema, response: { 200: z.array(shareLinkSchema) } } }, (req) =>
    collections.listLinks(currentUser(req).id, req.params.id),
  );

  app.delete('/:id/links/:linkId', { schema: { params: collectionLinkParamsSchema, response: noContent } }, async (req, reply) => {
    await collections.removeLink(currentUser(req).id, req.params.id, req.params.linkId);
    return reply.code(204).send();
  });
};
