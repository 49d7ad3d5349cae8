import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the timeline feature.
export const timelineRoutes: FastifyPluginAsyncZod = async () => {};
