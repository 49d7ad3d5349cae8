import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@shared/schemas/common';
import { sharedWithMeSchema, shareTokenParamsSchema, unlockInputSchema } from '@shared/schemas/sharing';
import { errorAnswers, noContent } from '../../lib/route-answers';
import { currentUser } from '../../plugins/session';
import { shareReadRoutes } from './shared-view.service';

// /api/shared/:token: what a link's holder sees (decision 025).
export const sharedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const shared = app.services.sharedView;
  // A link is for the people it was given to: search engines that find one must not list what it shows.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });
  const base = (token: string) => `/api/shared/${token}`;

  shareReadRoutes(app, shared, { path: '/:token', params: shareTokenParamsSchema.shape }, async (req) => {
    const { token } = req.params as { token: string };
    return { grant: await shared.byToken(token, req.cookies), base: base(token) };
  });

  // Limited per address like signing in; the per-link limits (the sign-in throttle) come on top.
  const unlockRateLimit = { rateLimit: { max: app.env.AUTH_RATE_LIMIT, timeWindow: '15 minutes' } };
  app.post(
    '/:token/unlock',
    {
      config: unlockRateLimit,
      schema: { params: shareTokenParamsSchema, body: unlockInputSchema, response: { ...noContent, ...errorAnswers(401) } },
    },
    async (req, reply) => {
      const unlocked = await shared.unlock(req.params.token, req.body.password, req.ip);
      if (unlocked) {
        reply.setCookie(unlocked.name, unlocked.value, {
          path: base(req.params.token), // sent with this link's requests only
          httpOnly: true,
          sameSite: 'lax',
          secure: app.env.COOKIE_SECURE || req.protocol === 'https',
          maxAge: unlocked.maxAgeSeconds,
        });
      }
      return reply.code(204).send();
    },
  );
};

// /api/shared-with-me: what other heirloom users shared with the signed-in user, in the same shapes.
export const sharedWithMeRoutes: FastifyPluginAsyncZod = async (app) => {
  const shared = app.services.sharedView;

  app.get('/', { schema: { response: { 200: sharedWithMeSchema } } }, (req) => shared.sharedWithMe(currentUser(req).id));

  shareReadRoutes(app, shared, { path: '/:grantId', params: { grantId: idParamSchema } }, async (req) => {
    const { grantId } = req.params as { grantId: number };
    return { grant: await shared.forRecipient(currentUser(req).id, grantId), base: `/api/shared-with-me/${grantId}` };
  });
};
