import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '@shared/schemas/search';
import { currentUser } from '../../plugins/session';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.services;

  // issue 15: GET /api/search?q=&kind=&cursor= → the owner's matches grouped by kind, best first.
  app.get('/', { schema: { querystring: searchQuerySchema, response: { 200: searchResultSchema } } }, (req) =>
    search.search(currentUser(req).id, req.query),
  );
};
