// /api/tree (issue 30): the owner's family tree — persons, parent and partner links, relation words, the view.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/schemas/common';
import {
  relationToMeSchema,
  treeGraphQuerySchema,
  treeGraphSchema,
  treePersonInputSchema,
  treePersonPageQuerySchema,
  treePersonPageSchema,
  treePersonPatchSchema,
  treePersonRelationsSchema,
  treePersonSchema,
  treeRelationInputSchema,
  treeRelationSchema,
} from '@shared/schemas/tree';
import { answerLanguage } from '../../lib/i18n';
import { errorAnswers, noContent } from '../../lib/route-answers';
import { currentUser } from '../../plugins/session';

export const treeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tree } = app.services;

  app.get('/me', { schema: { response: { 200: treePersonSchema } } }, (req) => tree.ownerPerson(currentUser(req).id));

  app.get('/persons', { schema: { querystring: treePersonPageQuerySchema, response: { 200: treePersonPageSchema } } }, (req) =>
    tree.page(currentUser(req).id, req.query),
  );

  app.post(
    '/persons',
    { schema: { body: treePersonInputSchema, response: { 201: treePersonSchema, ...errorAnswers(404, 409) } } },
    async (req, reply) => reply.code(201).send(await tree.create(currentUser(req).id, req.body, answerLanguage(req))),
  );

  app.get('/persons/:id', { schema: { params: idParamsSchema, response: { 200: treePersonSchema } } }, (req) =>
    tree.get(currentUser(req).id, req.params.id, answerLanguage(req)),
  );

  app.patch(
    '/persons/:id',
    { schema: { params: idParamsSchema, body: treePersonPatchSchema, response: { 200: treePersonSchema, ...errorAnswers(409) } } },
    (req) => tree.update(currentUser(req).id, req.params.id, req.body, answerLanguage(req)),
  );

  app.delete('/persons/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await tree.remove(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.get('/persons/:id/relations', { schema: { params: idParamsSchema, response: { 200: treePersonRelationsSchema } } }, (req) =>
    tree.relationsOf(currentUser(req).id, req.params.id),
  );

  app.get('/persons/:id/relation-to-me', { schema: { params: idParamsSchema, response: { 200: relationToMeSchema } } }, (req) =>
    tree.relationToMe(currentUser(req).id, req.params.id),
  );

  app.post(
    '/relations',
    { schema: { body: treeRelationInputSchema, response: { 201: treeRelationSchema, ...errorAnswers(404, 409) } } },
    async (req, reply) => reply.code(201).send(await tree.link(currentUser(req).id, req.body)),
  );

  app.delete('/relations/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await tree.unlink(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.get('/graph', { schema: { querystring: treeGraphQuerySchema, response: { 200: treeGraphSchema, ...errorAnswers(404) } } }, (req) =>
    tree.graph(currentUser(req).id, req.query),
  );
};
