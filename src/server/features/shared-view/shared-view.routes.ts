import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// /api/shared/:token: what a link's holder sees (decision 025).
export const sharedViewRoutes: FastifyPluginAsyncZod = async () => {};

// /api/shared-with-me: what other heirloom users shared with the signed-in user, in the same shapes.
export const sharedWithMeRoutes: FastifyPluginAsyncZod = async () => {};
