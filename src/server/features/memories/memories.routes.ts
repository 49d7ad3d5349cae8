import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the memories feature.
export const memoriesRoutes: FastifyPluginAsyncZod = async () => {};
