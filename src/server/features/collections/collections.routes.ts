import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// /api/collections: the owner's collections, their items and their links (decision 025).
export const collectionsRoutes: FastifyPluginAsyncZod = async () => {};
