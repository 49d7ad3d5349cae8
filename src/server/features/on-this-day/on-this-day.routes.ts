import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onThisDayQuerySchema, onThisDaySchema } from '@shared/schemas/on-this-day';
import { currentUser } from '../../plugins/session';

export const onThisDayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { onThisDay } = app.services;

  // The day is the client's (its local date): the server's clock never decides what "today" is.
  app.get('/', { schema: { querystring: onThisDayQuerySchema, response: { 200: onThisDaySchema } } }, (req) =>
    onThisDay.forDay(currentUser(req).id, req.query),
  );
};
