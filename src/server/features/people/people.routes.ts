// /api/people and /api/photos/:id/faces (issue 29): who is in the photos, owner-scoped.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common';
import { pageQuerySchema } from '@shared/schemas/paging';
import { faceSchema, peopleSettingsSchema, peopleStatusSchema, personPageSchema } from '@shared/schemas/people';
import { currentUser } from '../../plugins/session';

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { people } = app.services;

  app.get('/people/status', { schema: { response: { 200: peopleStatusSchema } } }, (req) => people.status(currentUser(req).id));

  app.put('/people/settings', { schema: { body: peopleSettingsSchema, response: { 200: peopleStatusSchema } } }, (req) =>
    people.setEnabled(currentUser(req).id, req.body),
  );

  app.get('/people', { schema: { querystring: pageQuerySchema, response: { 200: personPageSchema } } }, (req) =>
    people.page(currentUser(req).id, req.query),
  );

  app.get('/photos/:id/faces', { schema: { params: idParamsSchema, response: { 200: z.array(faceSchema) } } }, (req) =>
    people.facesOfPhoto(currentUser(req).id, req.params.id),
  );
};
