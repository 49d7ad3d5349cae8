import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditLogSchema,
  checkInConfirmedSchema,
  legacyLinkInputSchema,
  legacyPlanInputSchema,
  legacyPlanSchema,
  legacyStatusSchema,
  verifierLinkSchema,
} from '@shared/schemas/legacy';
import { errorAnswers } from '../../lib/route-answers';
import { userText } from '@shared/i18n/text';

const messageSchema = z.object({ message: z.string() });
const verifierParamsSchema = z.object({ token: z.string().min(1).max(200) });

// /api/legacy (signed in): the plan, its trigger's status, the audit log and the veto (decision 026).
export const legacyTriggerRoutes: FastifyPluginAsyncZod = async (app) => {
  const trigger = app.services.legacyTrigger;

  app.get('/plan', { schema: { response: { 200: legacyPlanSchema } } }, async (req) => trigger.getPlan(req.user!.id));

  app.put('/plan', { schema: { body: legacyPlanInputSchema, response: { 200: legacyPlanSchema, ...errorAnswers(404) } } }, async (req) =>
    trigger.putPlan(req.user!.id, req.body),
  );

  app.get('/status', { schema: { response: { 200: legacyStatusSchema } } }, async (req) => trigger.status(req.user!.id));

  app.get('/audit', { schema: { response: { 200: auditLogSchema } } }, async (req) => trigger.audit(req.user!.id));

  app.post('/check-in', { schema: { response: { 200: legacyStatusSchema } } }, async (req) => {
    await trigger.checkIn(req.user!.id);
    return trigger.status(req.user!.id);
  });

  app.post('/veto', { schema: { response: { 200: legacyStatusSchema } } }, async (req) => {
    await trigger.veto(req.user!.id);
    return trigger.status(req.user!.id);
  });
};

// /api/legacy (no session): the one-click links of the trigger's mails (check-in, veto, a verifier's report).
// The mails link to web pages that POST here: a GET never changes anything, so a mail scanner opening links is harmless.
export const legacyTriggerLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const trigger = app.services.legacyTrigger;

  /** Per-IP, like sign-in: the tokens are unguessable, this only keeps a guesser slow and the logs quiet. */
  const linkRateLimit = { rateLimit: { max: app.env.AUTH_RATE_LIMIT, timeWindow: '15 minutes' } };

  app.post(
    '/check-in/confirm',
    { config: linkRateLimit, schema: { body: legacyLinkInputSchema, response: { 200: checkInConfirmedSchema } } },
    async (req) => {
      const status = await trigger.confirmLink('legacy_check_in', req.body.token);
      return { message: userText('Thank you. heirloom knows you are still there.'), nextCheckInAt: status.nextStepAt };
    },
  );

  app.post(
    '/veto/confirm',
    { config: linkRateLimit, schema: { body: legacyLinkInputSchema, response: { 200: messageSchema } } },
    async (req) => {
      await trigger.confirmLink('legacy_veto', req.body.token);
      return { message: userText('Cancelled. Nothing will be released, and your verifiers will be told.') };
    },
  );

  app.get(
    '/verify/:token',
    { config: linkRateLimit, schema: { params: verifierParamsSchema, response: { 200: verifierLinkSchema } } },
    async (req) => trigger.verifierView(req.params.token),
  );

  app.post(
    '/verify/:token',
    { config: linkRateLimit, schema: { params: verifierParamsSchema, response: { 200: verifierLinkSchema } } },
    async (req) => trigger.verifierConfirm(req.params.token),
  );
};
