import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDateSchema, idParamSchema, idParamsSchema } from '@shared/schemas/common';
import {
  heirInputSchema,
  heirSchema,
  keyCodeSchema,
  legacyPreviewSchema,
  letterInputSchema,
  letterSchema,
  openInputSchema,
  openResultSchema,
  publicKeyInputSchema,
  receivedFamilySchema,
  receivedSchema,
  relationRuleInputSchema,
  relationRuleSchema,
  releaseInputSchema,
  releaseSchema,
} from '@shared/schemas/legacy';
import { sendArchive, sendFile } from '../../lib/send-file';
import { currentUser } from '../../plugins/session';
import { shareReadRoutes } from '../shared-view/shared-view.service';
import { HEIR_COOKIE, HEIR_COOKIE_MAX_AGE_SECONDS } from './legacy.service';
import { errorAnswers, fileAnswers, noContent, zipAnswer } from '../../lib/route-answers';

/** A sealed letter carries up to 12 MB as base64 (16 MB) in JSON: its route alone takes bodies that large. */
const LETTER_BODY_LIMIT = 17 * 1024 * 1024;

// /api/legacy (signed in): heirs and their key codes, releases, letters and the dry run (decision 027).
export const legacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { legacy, legacyRelations } = app.services;

  app.get('/heirs', { schema: { response: { 200: z.array(heirSchema) } } }, (req) => legacy.listHeirs(currentUser(req).id));

  app.post('/heirs', { schema: { body: heirInputSchema, response: { 201: heirSchema, ...errorAnswers(404, 409) } } }, async (req, reply) =>
    reply.code(201).send(await legacy.addHeir(currentUser(req).id, req.body)),
  );

  app.patch(
    '/heirs/:id',
    { schema: { params: idParamsSchema, body: z.object({ dateOfBirth: calendarDateSchema.nullable() }), response: { 200: heirSchema } } },
    (req) => legacy.updateHeir(currentUser(req).id, req.params.id, req.body),
  );

  app.delete('/heirs/:id', { schema: { params: idParamsSchema, response: { ...noContent, ...errorAnswers(409) } } }, async (req, reply) => {
    await legacy.removeHeir(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.post('/heirs/:id/key-code', { schema: { params: idParamsSchema, response: { 200: keyCodeSchema } } }, async (req, reply) => {
    // the code is in this answer only: nothing may keep it
    reply.header('Cache-Control', 'no-store');
    return legacy.newKeyCode(currentUser(req).id, req.params.id);
  });

  app.put(
    '/heirs/:id/public-key',
    { schema: { params: idParamsSchema, body: publicKeyInputSchema, response: { 200: heirSchema } } },
    (req) => legacy.setPublicKey(currentUser(req).id, req.params.id, req.body.publicKey),
  );

  app.get('/releases', { schema: { response: { 200: z.array(releaseSchema) } } }, (req) => legacy.listReleases(currentUser(req).id));

  app.post(
    '/releases',
    { schema: { body: releaseInputSchema, response: { 201: releaseSchema, ...errorAnswers(404, 409) } } },
    async (req, reply) => reply.code(201).send(await legacy.addRelease(currentUser(req).id, req.body)),
  );

  app.delete(
    '/releases/:id',
    { schema: { params: idParamsSchema, response: { ...noContent, ...errorAnswers(409) } } },
    async (req, reply) => {
      await legacy.removeRelease(currentUser(req).id, req.params.id);
      return reply.code(204).send();
    },
  );

  // Releases by relation (decision 065): a rule expanded into one heir grant per person of the family it names.
  app.get('/relation-rules', { schema: { response: { 200: z.array(relationRuleSchema) } } }, (req) =>
    legacyRelations.listRules(currentUser(req).id),
  );

  app.post(
    '/relation-rules',
    { schema: { body: relationRuleInputSchema, response: { 201: relationRuleSchema, ...errorAnswers(404) } } },
    async (req, reply) => reply.code(201).send(await legacyRelations.addRule(currentUser(req).id, req.body)),
  );

  app.delete('/relation-rules/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await legacyRelations.removeRule(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.get('/letters', { schema: { response: { 200: z.array(letterSchema) } } }, (req) => legacy.listLetters(currentUser(req).id));

  app.post(
    '/letters',
    { bodyLimit: LETTER_BODY_LIMIT, schema: { body: letterInputSchema, response: { 201: letterSchema, ...errorAnswers(404) } } },
    async (req, reply) => reply.code(201).send(await legacy.addLetter(currentUser(req).id, req.body)),
  );

  app.delete('/letters/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await legacy.removeLetter(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.get(
    '/preview',
    { schema: { querystring: z.object({ heirId: idParamSchema }), response: { 200: legacyPreviewSchema, ...errorAnswers(404) } } },
    (req) => legacy.preview(currentUser(req).id, req.query.heirId),
  );
};

// /api/legacy (no session): an heir opens what was released with a key code.
export const legacyHeirRoutes: FastifyPluginAsyncZod = async (app) => {
  const { legacy, legacyRelations, sharedView: shared } = app.services;
  const cookieOf = (req: { cookies: Record<string, string | undefined> }) => req.cookies[HEIR_COOKIE];
  const cookieOptions = (req: { protocol: string }) => ({
    path: '/api/legacy',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.env.COOKIE_SECURE || req.protocol === 'https',
  });

  // Limited per address like signing in; the per-code throttle (the sign-in throttle's rules) comes on top.
  const openRateLimit = { rateLimit: { max: app.env.AUTH_RATE_LIMIT, timeWindow: '15 minutes' } };
  app.post(
    '/open',
    { config: openRateLimit, schema: { body: openInputSchema, response: { 200: openResultSchema, ...errorAnswers(410) } } },
    async (req, reply) => {
      const { result, cookie } = await legacy.open(req.body.keyCode, req.ip);
      if (cookie) reply.setCookie(HEIR_COOKIE, cookie, { ...cookieOptions(req), maxAge: HEIR_COOKIE_MAX_AGE_SECONDS });
      reply.header('Cache-Control', 'no-store');
      return result;
    },
  );

  app.post('/close', { schema: { response: noContent } }, async (req, reply) => {
    reply.clearCookie(HEIR_COOKIE, cookieOptions(req));
    return reply.code(204).send();
  });

  app.get('/received', { schema: { response: { 200: receivedSchema, ...errorAnswers(401) } } }, async (req, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return legacy.received(cookieOf(req));
  });

  // Static segments: the router prefers them to '/received/:grantId'.
  app.get('/received/family', { schema: { response: { 200: receivedFamilySchema, ...errorAnswers(401) } } }, async (req, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const heir = await legacy.heirOfCookie(cookieOf(req));
    return legacyRelations.heirFamily(heir, await legacy.namesShownTo(heir));
  });

  app.get('/received/download', { schema: { response: { ...zipAnswer, ...errorAnswers(401) } } }, async (req, reply) =>
    sendArchive(req, reply, await legacy.zip(cookieOf(req))),
  );

  app.get(
    '/received/letters/:letterId/photos/:photoId/:size',
    {
      schema: {
        params: z.object({
          letterId: idParamSchema,
          photoId: idParamSchema,
          size: z.enum(['thumbnail', 'display', 'download'], { error: 'Not found' }),
        }),
        response: { ...fileAnswers('image/*'), ...errorAnswers(401) },
      },
    },
    async (req, reply) => {
      const access = await legacy.letterPhotoAccess(cookieOf(req), req.params.letterId, req.params.photoId);
      const file = await shared.photoFile(access, req.params.photoId, req.params.size);
      return sendFile(req, reply, { ...file, cacheControl: 'private, no-store' });
    },
  );

  shareReadRoutes(app, shared, { path: '/received/:grantId', params: { grantId: idParamSchema } }, (req) => {
    const { grantId } = req.params as { grantId: number };
    return legacy.releaseAccess(cookieOf(req), grantId);
  });
};
