// GET /api/user/storage: what the signed-in account stores, by kind, against its quota (Settings shows it).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storageUsageSchema } from '@shared/schemas/account';
import { currentUser } from '../../plugins/session';

export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.services;

  app.get('/', { schema: { response: { 200: storageUsageSchema } } }, (req) => storage.usage(currentUser(req).id));
};
