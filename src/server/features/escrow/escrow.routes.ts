// /api/legacy/escrow (signed in, decision 072): where the sealed copies are kept outside this server.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@shared/schemas/common';
import {
  escrowSettingsInputSchema,
  escrowSettingsSchema,
  escrowStatusSchema,
  escrowTestResultSchema,
  releaseKeyInputSchema,
  releaseKeyStateSchema,
} from '@shared/schemas/escrow';
import { answerLanguage } from '../../lib/i18n';
import { errorAnswers } from '../../lib/route-answers';
import { contentDisposition } from '../../lib/send-file';
import { currentUser } from '../../plugins/session';

const bytes = z.any().meta({ type: 'string', format: 'binary' });

export const escrowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { escrow, escrowRun } = app.services;

  app.get('/', { schema: { response: { 200: escrowSettingsSchema } } }, (req) => escrow.settings(currentUser(req).id));

  app.put('/', { schema: { body: escrowSettingsInputSchema, response: { 200: escrowSettingsSchema } } }, (req) =>
    escrow.setTarget(currentUser(req).id, req.body),
  );

  app.get('/status', { schema: { response: { 200: escrowStatusSchema } } }, (req) =>
    escrowRun.status(currentUser(req).id, answerLanguage(req)),
  );

  /** Queues a run: every heir's copy that changed is written into the bucket. */
  app.post('/run', { schema: { response: { 202: escrowStatusSchema } } }, async (req, reply) =>
    reply.code(202).send(await escrowRun.requestRun(currentUser(req).id, answerLanguage(req))),
  );

  /** The heir's sealed copy made now, for the owner's USB stick; its name says nobody's. */
  app.get(
    '/bundles/:heirId',
    {
      schema: {
        params: z.object({ heirId: idParamSchema }),
        response: {
          200: {
            description: 'The sealed copy (docs/escrow-format.md), written as it is sent',
            content: { 'application/octet-stream': { schema: bytes } },
          },
          ...errorAnswers(404, 409),
        },
      },
    },
    async (req, reply) => {
      const copy = await escrowRun.download(currentUser(req).id, req.params.heirId);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', contentDisposition('application/octet-stream', copy.fileName, true))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(copy.stream);
    },
  );

  app.post('/test', { schema: { response: { 200: escrowTestResultSchema, ...errorAnswers(404, 409) } } }, (req) =>
    escrow.test(currentUser(req).id, answerLanguage(req)),
  );
};

/**
 * /api/legacy/release-key (signed in, decision 072): the public half of the release key; its private half was
 * split into the verifiers' codes in the owner's browser and never reaches the server.
 */
export const releaseKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { escrow } = app.services;

  app.get('/', { schema: { response: { 200: releaseKeyStateSchema } } }, (req) =>
    escrow.releaseKeyState(currentUser(req).id, answerLanguage(req)),
  );

  app.put('/', { schema: { body: releaseKeyInputSchema, response: { 200: releaseKeyStateSchema, ...errorAnswers(409) } } }, (req) =>
    escrow.setReleaseKey(currentUser(req).id, req.body, answerLanguage(req)),
  );
};
