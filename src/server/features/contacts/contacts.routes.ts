import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the contacts feature.
export const contactsRoutes: FastifyPluginAsyncZod = async () => {};
