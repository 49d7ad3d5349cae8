import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  timelinePeriodQuerySchema,
  timelinePeriodSchema,
  timelineQuerySchema,
  timelineSchema,
  timelineSummaryQuerySchema,
  timelineSummarySchema,
} from '@shared/schemas/timeline';
import { currentUser } from '../../plugins/session';

const JSON_TYPE = 'application/json; charset=utf-8';

export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { timeline } = app.services;

  // spec §7: GET /api/timeline → year groups, built per request and never kept (decision 015). Browsers
  // revalidate by ETag, which costs one digest query and no body.
  app.get('/', { schema: { querystring: timelineQuerySchema, response: { 200: timelineSchema } } }, async (req, typedReply) => {
    // PostgreSQL already wrote the JSON (its shape is tested against timelineSchema): send the bytes.
    const reply: FastifyReply = typedReply;
    const result = await timeline.listResponse(currentUser(req).id, req.query, req.headers['if-none-match']);
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
    if (result.notModified) return reply.code(304).header('ETag', result.etag).send();
    const { built } = result;
    reply.header('ETag', built.etag).type(JSON_TYPE);
    if (built.body.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('Content-Encoding', 'gzip').send(await built.gzipped());
    }
    return reply.send(built.body);
  });

  app.get('/summary', { schema: { querystring: timelineSummaryQuerySchema, response: { 200: timelineSummarySchema } } }, (req) =>
    timeline.summary(currentUser(req).id, req.query),
  );

  app.get('/period', { schema: { querystring: timelinePeriodQuerySchema, response: { 200: timelinePeriodSchema } } }, (req) =>
    timeline.period(currentUser(req).id, req.query),
  );
};
