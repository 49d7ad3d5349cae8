// /api/legacy/received/:grantId/keep (signed in, and holding the heir's cookie: decision 078) and
// /api/legacy/after-release (the owner's choice for their account after the release).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@shared/schemas/common';
import { provenanceIn } from '@shared/legacy-keep-provenance';
import { afterReleaseInputSchema, afterReleaseSchema, keepStatusSchema, type KeepStatus } from '@shared/schemas/legacy-keep';
import { answerLanguage, translator } from '../../lib/i18n';
import { errorAnswers } from '../../lib/route-answers';
import { currentUser } from '../../plugins/session';
import { HEIR_COOKIE } from '../legacy/legacy.service';

const params = z.object({ grantId: idParamSchema });

/** The copies' provenance, stored in English, as the request's reader says it (decision 083). */
const inReadersLanguage = (req: FastifyRequest, status: KeepStatus): KeepStatus =>
  status.provenance === null ? status : { ...status, provenance: provenanceIn(translator(answerLanguage(req)), status.provenance) };

export const legacyKeepRoutes: FastifyPluginAsyncZod = async (app) => {
  const { legacyKeep } = app.services;
  const cookieOf = (req: { cookies: Record<string, string | undefined> }) => req.cookies[HEIR_COOKIE];

  app.get('/:grantId/keep', { schema: { params, response: { 200: keepStatusSchema, ...errorAnswers(401) } } }, async (req, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return inReadersLanguage(req, await legacyKeep.status(currentUser(req).id, cookieOf(req), req.params.grantId));
  });

  // 200 once kept (or stopped, with its reason); 202 while the queue copies a large release
  app.post(
    '/:grantId/keep',
    { schema: { params, response: { 200: keepStatusSchema, 202: keepStatusSchema, ...errorAnswers(401, 409) } } },
    async (req, reply) => {
      const status = await legacyKeep.keep(currentUser(req).id, cookieOf(req), req.params.grantId);
      return reply.code(status.status === 'copying' ? 202 : 200).send(inReadersLanguage(req, status));
    },
  );
};

export const afterReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { afterRelease } = app.services;

  app.get('/', { schema: { response: { 200: afterReleaseSchema } } }, (req) => afterRelease.get(currentUser(req).id));

  app.put('/', { schema: { body: afterReleaseInputSchema, response: { 200: afterReleaseSchema } } }, (req) =>
    afterRelease.put(currentUser(req).id, req.body),
  );
};
