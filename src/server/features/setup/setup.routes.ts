import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  registerInputSchema,
  setupStatusSchema,
  userSchema,
} from '@shared/schemas/auth';
import { errorAnswers } from '../../lib/route-answers';

/** Public: GET/POST /api/setup and GET /api/invitations/:token (no session exists yet for either). */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { setup } = app.services;
  const authRateLimit = { rateLimit: { max: app.env.AUTH_RATE_LIMIT, timeWindow: '15 minutes' } };

  app.get('/setup', { schema: { response: { 200: setupStatusSchema } } }, () => setup.status());

  app.post(
    '/setup',
    { config: authRateLimit, schema: { body: registerInputSchema, response: { 201: userSchema, ...errorAnswers(409) } } },
    async (req, reply) => reply.code(201).send(await setup.createOwner(req.body)),
  );

  app.get(
    '/invitations/:token',
    {
      config: authRateLimit,
      schema: { params: invitationTokenParamsSchema, response: { 200: invitationPreviewSchema, ...errorAnswers(404) } },
    },
    (req) => setup.invitation(req.params.token),
  );
};
