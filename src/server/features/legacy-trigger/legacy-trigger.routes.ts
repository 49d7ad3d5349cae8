import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// /api/legacy (signed in): the plan, its trigger's status, the audit log and the veto (decision 026).
export const legacyTriggerRoutes: FastifyPluginAsyncZod = async () => {};

// /api/legacy (no session): the one-click links of the trigger's mails (check-in, veto, a verifier's report).
export const legacyTriggerLinkRoutes: FastifyPluginAsyncZod = async () => {};
