import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reachabilityConfirmedSchema, reachabilityConfirmInputSchema, reachabilitySchema } from '@shared/schemas/reachability';
import { answerLanguage } from '../../lib/i18n';
import { currentUser } from '../../plugins/session';

/** /api/legacy/reachability (signed in): whether the addresses of the people named in the plan still reach them. */
export const reachabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reachability } = app.services;
  app.get('/', { schema: { response: { 200: reachabilitySchema } } }, (req) => reachability.list(currentUser(req).id));
};

/**
 * /api/legacy/reachable (no session): the mail's one click. The mail links to a web page that POSTs here, so a
 * mail scanner opening the link confirms nothing.
 */
export const reachabilityLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reachability } = app.services;
  const linkRateLimit = { rateLimit: { max: app.env.AUTH_RATE_LIMIT, timeWindow: '15 minutes' } };
  app.post(
    '/confirm',
    { config: linkRateLimit, schema: { body: reachabilityConfirmInputSchema, response: { 200: reachabilityConfirmedSchema } } },
    (req) => reachability.confirm(req.body.token, answerLanguage(req)),
  );
};
