import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the profile feature.
export const profileRoutes: FastifyPluginAsyncZod = async () => {};
