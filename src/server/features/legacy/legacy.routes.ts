import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// /api/legacy (signed in): heirs and their key codes, releases, letters and the dry run (decision 027).
export const legacyRoutes: FastifyPluginAsyncZod = async () => {};

// /api/legacy (no session): an heir opens what was released with a key code.
export const legacyHeirRoutes: FastifyPluginAsyncZod = async () => {};
