// /api/legacy/heartbeat (signed in, decision 071): the URL an outside monitor gives, called every hour.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heartbeatInputSchema, heartbeatSchema } from '@shared/schemas/heartbeat';
import { currentUser } from '../../plugins/session';

export const heartbeatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { heartbeat } = app.services;

  app.get('/', { schema: { response: { 200: heartbeatSchema } } }, (req) => heartbeat.get(currentUser(req).id));

  app.put('/', { schema: { body: heartbeatInputSchema, response: { 200: heartbeatSchema } } }, (req) =>
    heartbeat.set(currentUser(req).id, req.body),
  );
};
