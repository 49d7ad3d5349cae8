import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  instanceSettingsSchema,
  invitationInputSchema,
  invitationSchema,
  memberPatchSchema,
  memberSchema,
  waitlistEntrySchema,
} from '@shared/schemas/admin';
import { idParamsSchema } from '@shared/schemas/common';
import { forbidden } from '../../lib/errors';
import { errorAnswers, noContent } from '../../lib/route-answers';
import { currentUser } from '../../plugins/session';
import { userText } from '@shared/i18n/text';

/** onRequest hook, after the signed-in scope's 401: a member who is not the administrator gets 403. */
async function requireAdministrator(req: FastifyRequest) {
  if (!currentUser(req).isAdministrator) throw forbidden(userText('Only the administrator of this heirloom can do this.'));
}

/** /api/admin (decision 048), inside the signed-in scope. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app.services;
  app.addHook('onRequest', requireAdministrator);
  const refused = errorAnswers(403);

  app.get('/instance', { schema: { response: { 200: instanceSettingsSchema, ...refused } } }, () => admin.instance());

  app.get('/members', { schema: { response: { 200: z.array(memberSchema), ...refused } } }, () => admin.members());

  app.patch(
    '/members/:id',
    { schema: { params: idParamsSchema, body: memberPatchSchema, response: { 200: memberSchema, ...errorAnswers(403, 409) } } },
    (req) => admin.setDisabled(currentUser(req), req.params.id, req.body.disabled),
  );

  app.get('/invitations', { schema: { response: { 200: z.array(invitationSchema), ...refused } } }, (req) =>
    admin.invitations(currentUser(req)),
  );

  app.post(
    '/invitations',
    { schema: { body: invitationInputSchema, response: { 201: invitationSchema, ...errorAnswers(403, 409) } } },
    async (req, reply) => reply.code(201).send(await admin.invite(currentUser(req), req.body.email)),
  );

  app.delete('/invitations/:id', { schema: { params: idParamsSchema, response: { ...noContent, ...refused } } }, async (req, reply) => {
    await admin.withdraw(currentUser(req), req.params.id);
    return reply.code(204).send();
  });

  app.get('/waitlist', { schema: { response: { 200: z.array(waitlistEntrySchema), ...refused } } }, () => admin.waitlist());
};
