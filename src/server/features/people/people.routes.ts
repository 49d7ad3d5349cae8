// /api/people, /api/faces and /api/photos/:id/faces (issue 29): who is in the photos, owner-scoped.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common';
import { memorySchema } from '@shared/schemas/memories';
import { photoPageQuerySchema, photoPageSchema } from '@shared/schemas/photos';
import {
  faceCreateSchema,
  facePatchSchema,
  faceSchema,
  faceSuggestionSchema,
  peopleSettingsSchema,
  peopleStatusSchema,
  personMergeSchema,
  personPageQuerySchema,
  personPageSchema,
  personPatchSchema,
  personSchema,
  personTogetherSchema,
} from '@shared/schemas/people';
import { noContent } from '../../lib/route-answers';
import { currentUser } from '../../plugins/session';

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { people } = app.services;

  app.get('/people/status', { schema: { response: { 200: peopleStatusSchema } } }, (req) => people.status(currentUser(req).id));

  app.put('/people/settings', { schema: { body: peopleSettingsSchema, response: { 200: peopleStatusSchema } } }, (req) =>
    people.setEnabled(currentUser(req).id, req.body),
  );

  app.get('/people', { schema: { querystring: personPageQuerySchema, response: { 200: personPageSchema } } }, (req) =>
    people.page(currentUser(req).id, req.query),
  );

  // Static paths win over /people/:id in Fastify's router.
  app.get('/people/suggestions', { schema: { response: { 200: z.array(faceSuggestionSchema) } } }, (req) =>
    people.suggestions(currentUser(req).id),
  );

  app.get('/people/:id', { schema: { params: idParamsSchema, response: { 200: personSchema } } }, (req) =>
    people.get(currentUser(req).id, req.params.id),
  );

  app.patch('/people/:id', { schema: { params: idParamsSchema, body: personPatchSchema, response: { 200: personSchema } } }, (req) =>
    people.update(currentUser(req).id, req.params.id, req.body),
  );

  app.post('/people/:id/merge', { schema: { params: idParamsSchema, body: personMergeSchema, response: { 200: personSchema } } }, (req) =>
    people.merge(currentUser(req).id, req.params.id, req.body.intoId),
  );

  app.get(
    '/people/:id/photos',
    { schema: { params: idParamsSchema, querystring: photoPageQuerySchema.omit({ person: true }), response: { 200: photoPageSchema } } },
    (req) => people.photos(currentUser(req).id, req.params.id, req.query),
  );

  app.get('/people/:id/together', { schema: { params: idParamsSchema, response: { 200: personTogetherSchema } } }, (req) =>
    people.together(currentUser(req).id, req.params.id),
  );

  app.get('/people/:id/memories', { schema: { params: idParamsSchema, response: { 200: z.array(memorySchema) } } }, (req) =>
    people.memories(currentUser(req).id, req.params.id),
  );

  app.patch('/faces/:id', { schema: { params: idParamsSchema, body: facePatchSchema, response: noContent } }, async (req, reply) => {
    await people.setFacePerson(currentUser(req).id, req.params.id, req.body);
    return reply.code(204).send();
  });

  app.delete('/faces/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await people.removeFace(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.get('/photos/:id/faces', { schema: { tags: ['people'], params: idParamsSchema, response: { 200: z.array(faceSchema) } } }, (req) =>
    people.facesOfPhoto(currentUser(req).id, req.params.id),
  );

  // A face the detector missed, drawn by the owner.
  app.post(
    '/photos/:id/faces',
    { schema: { tags: ['people'], params: idParamsSchema, body: faceCreateSchema, response: { 201: faceSchema } } },
    async (req, reply) => reply.code(201).send(await people.addFace(currentUser(req).id, req.params.id, req.body)),
  );
};
