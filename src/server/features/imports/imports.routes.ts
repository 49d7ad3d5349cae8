// POST /api/imports, GET /api/imports/:id, resumable uploads under /api/imports/uploads (decision 029).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const importsRoutes: FastifyPluginAsyncZod = async () => {};
