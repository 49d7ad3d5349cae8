import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the vault feature.
export const vaultRoutes: FastifyPluginAsyncZod = async () => {};
