import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { waitlistInputSchema, waitlistResultSchema } from '@shared/schemas/waitlist';

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { waitlist } = app.services;

  app.post(
    '/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: waitlistInputSchema, response: { 201: waitlistResultSchema } },
    },
    async (req, reply) => reply.code(201).send(await waitlist.join(req.body)),
  );
};
