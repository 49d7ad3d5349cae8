import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const up = z.object({ status: z.literal('ok') });
const down = z.object({ status: z.literal('unavailable') });
const checkState = z.enum(['ok', 'unavailable']);
const readiness = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.object({ database: checkState, storage: checkState }) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health } = app.services;

  /** 200 when the database answers, 503 otherwise (used by process managers and the start-up benchmark). */
  app.get('/', { schema: { summary: 'The database answers', response: { 200: up, 503: down } } }, async (_req, reply) => {
    if ((await health.database()) === 'ok') return { status: 'ok' as const };
    return reply.code(503).send({ status: 'unavailable' as const });
  });

  /** The process answers: a container runtime restarts it when this stops answering. Touches nothing else. */
  app.get('/live', { schema: { summary: 'The process answers', response: { 200: up } } }, async () => ({ status: 'ok' as const }));

  /** Ready for traffic: a load balancer sends requests only while this is 200. */
  app.get(
    '/ready',
    {
      schema: {
        summary: 'The database answers and the file storage is readable and writable',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_req, reply) => {
      const { ready, checks } = await health.readiness();
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    },
  );
};
