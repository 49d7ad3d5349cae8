import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the photos feature.
export const photosRoutes: FastifyPluginAsyncZod = async () => {};
