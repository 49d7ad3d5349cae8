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
import { createTimelineCache } from './timeline-cache';
import { createTimelineRepo } from './timeline.repo';
import { createTimelineService } from './timeline.service';

const JSON_TYPE = 'application/json; charset=utf-8';

export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeline = createTimelineService({ repo: createTimelineRepo(app.db), cache: createTimelineCache() });

  // spec §7: GET /api/timeline → year groups. The body is cached per user and query and revalidated against
  // the database on every request (timeline-cache.ts), so it is never stale; browsers revalidate by ETag.
  app.get('/', { schema: { querystring: timelineQuerySchema, response: { 200: timelineSchema } } }, async (req, typedReply) => {
    // The body is already serialised (and was validated against timelineSchema when built): send bytes.
    const reply: FastifyReply = typedReply;
    const result = await timeline.listResponse(currentUser(req).id, req.query, req.headers['if-none-match']);
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
    if (result.notModified) return reply.code(304).header('ETag', result.etag).send();
    const { entry } = result;
    reply.header('ETag', entry.etag).type(JSON_TYPE);
    if (entry.body.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('Content-Encoding', 'gzip').send(await entry.gzipped());
    }
    return reply.send(entry.body);
  });

  app.get('/summary', { schema: { querystring: timelineSummaryQuerySchema, response: { 200: timelineSummarySchema } } }, (req) =>
    timeline.summary(currentUser(req).id, req.query),
  );

  app.get('/period', { schema: { querystring: timelinePeriodQuerySchema, response: { 200: timelinePeriodSchema } } }, (req) =>
    timeline.period(currentUser(req).id, req.query),
  );
};
