// POST /api/exports, GET /api/exports/:id, GET /api/exports/:id/download (decision 028).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const exportsRoutes: FastifyPluginAsyncZod = async () => {};
