// /api/legacy/escrow (signed in, decision 072): where the sealed copies are kept outside this server.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  escrowSettingsInputSchema,
  escrowSettingsSchema,
  escrowTestResultSchema,
  releaseKeyInputSchema,
  releaseKeyStateSchema,
} from '@shared/schemas/escrow';
import { errorAnswers } from '../../lib/route-answers';
import { currentUser } from '../../plugins/session';

export const escrowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { escrow } = app.services;

  app.get('/', { schema: { response: { 200: escrowSettingsSchema } } }, (req) => escrow.settings(currentUser(req).id));

  app.put('/', { schema: { body: escrowSettingsInputSchema, response: { 200: escrowSettingsSchema } } }, (req) =>
    escrow.setTarget(currentUser(req).id, req.body),
  );

  app.post('/test', { schema: { response: { 200: escrowTestResultSchema, ...errorAnswers(404, 409) } } }, (req) =>
    escrow.test(currentUser(req).id),
  );
};

/**
 * /api/legacy/release-key (signed in, decision 072): the public half of the release key; its private half was
 * split into the verifiers' codes in the owner's browser and never reaches the server.
 */
export const releaseKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { escrow } = app.services;

  app.get('/', { schema: { response: { 200: releaseKeyStateSchema } } }, (req) => escrow.releaseKeyState(currentUser(req).id));

  app.put('/', { schema: { body: releaseKeyInputSchema, response: { 200: releaseKeyStateSchema, ...errorAnswers(409) } } }, (req) =>
    escrow.setReleaseKey(currentUser(req).id, req.body),
  );
};
