import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  careAskInputSchema,
  careRefuseInputSchema,
  careSettingsInputSchema,
  careSettingsSchema,
  careViewSchema,
} from '@shared/schemas/care';
import { idParamSchema } from '@shared/schemas/common';
import { answerLanguage } from '../../lib/i18n';
import { errorAnswers, fileAnswers } from '../../lib/route-answers';
import { sendFile } from '../../lib/send-file';
import { currentUser } from '../../plugins/session';
import { shareReadRoutes } from '../shared-view/shared-view.service';

const messageSchema = z.object({ message: z.string() });
const tokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** /api/legacy/care (signed in): the owner's caregivers, what they may see, the waiting time; ending care access. */
export const legacyCareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { legacyCare } = app.services;

  app.get('/', { schema: { response: { 200: careSettingsSchema } } }, (req) => legacyCare.get(currentUser(req).id));

  app.put('/', { schema: { body: careSettingsInputSchema, response: { 200: careSettingsSchema, ...errorAnswers(404, 409) } } }, (req) =>
    legacyCare.put(currentUser(req).id, req.body),
  );

  app.post('/end', { schema: { response: { 200: careSettingsSchema } } }, (req) => legacyCare.end(currentUser(req).id));
};

/**
 * /api/care (no session): a caregiver's personal link is its key, like a verifier's, and the owner's one click
 * that refuses a request. The mails link to web pages that POST here, so a mail scanner changes nothing.
 */
export const careLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { legacyCare, sharedView } = app.services;
  const linkRateLimit = { rateLimit: { max: app.env.AUTH_RATE_LIMIT, timeWindow: '15 minutes' } };
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });

  app.post(
    '/refuse',
    { config: linkRateLimit, schema: { body: careRefuseInputSchema, response: { 200: messageSchema, ...errorAnswers(400) } } },
    (req) => legacyCare.refuse(req.body.token, answerLanguage(req)),
  );

  app.get(
    '/:token',
    { config: linkRateLimit, schema: { params: tokenParamsSchema, response: { 200: careViewSchema, ...errorAnswers(404) } } },
    (req) => legacyCare.view(req.params.token),
  );

  app.post(
    '/:token/ask',
    {
      config: linkRateLimit,
      schema: { params: tokenParamsSchema, body: careAskInputSchema, response: { 200: careViewSchema, ...errorAnswers(404, 409) } },
    },
    (req) => legacyCare.ask(req.params.token, req.body.message),
  );

  app.get(
    '/:token/documents/:documentId',
    {
      schema: {
        params: tokenParamsSchema.extend({ documentId: idParamSchema }),
        response: { ...fileAnswers('*/*'), ...errorAnswers(404) },
      },
    },
    async (req, reply) => {
      const file = await legacyCare.documentFile(req.params.token, req.params.documentId);
      return sendFile(req, reply, { ...file, cacheControl: 'private, no-store' });
    },
  );

  // a chosen collection, answered by the shared view's own read-only routes, as an heir's release is
  shareReadRoutes(
    app,
    sharedView,
    { path: '/:token/collections/:grantId', params: { ...tokenParamsSchema.shape, grantId: idParamSchema } },
    (req) => {
      const { token, grantId } = req.params as { token: string; grantId: number };
      return legacyCare.collectionAccess(token, grantId);
    },
  );
};
