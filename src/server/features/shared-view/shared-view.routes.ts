import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { idParamSchema } from '@shared/schemas/common';
import { sharedCollectionSchema, sharedWithMeSchema, shareTokenParamsSchema, unlockInputSchema } from '@shared/schemas/sharing';
import { AppError } from '../../lib/errors';
import { contentDisposition, FILE_CSP, sendFile } from '../../lib/send-file';
import { currentUser } from '../../plugins/session';
import { createPasswordCheck, retryAfterHeader } from '../auth/auth.service';
import { createSharedViewRepo } from './shared-view.repo';
import { createSharedViewService, type ShareAccess, type SharedViewService } from './shared-view.service';
import { zipStream } from './shared-zip';

type App = Parameters<FastifyPluginAsyncZod>[0];

const photoSizeSchema = z.enum(['thumbnail', 'display', 'download'], { error: 'Not found' });

function serviceFor(app: App) {
  return createSharedViewService({
    repo: createSharedViewRepo(app.db),
    files: app.files,
    heic: app.heic,
    tokens: app.linkTokens,
    checkPassword: createPasswordCheck(app.loginThrottle),
  });
}

/** A throttled unlock says when to come back; so does a HEIC whose display copy is still being made. */
async function retryAfter(req: FastifyRequest, reply: FastifyReply, err: FastifyError) {
  await retryAfterHeader(req, reply, err);
  if (err instanceof AppError && err.code === 'PHOTO_PREPARING') reply.header('Retry-After', '2');
}

/**
 * The one set of read-only answers for a resolved grant, registered under /api/shared/:token and under
 * /api/shared-with-me/:grantId. `prefix` is the path parameter that names the grant and its schema.
 */
function shareReadRoutes(
  app: App,
  shared: SharedViewService,
  prefix: { path: string; params: z.ZodRawShape },
  resolve: (req: FastifyRequest) => Promise<ShareAccess>,
) {
  const params = <T extends z.ZodRawShape>(extra: T) => z.object({ ...prefix.params, ...extra });
  // Shared files are never kept by a browser or proxy: revoking must take them away at once.
  const send = (req: FastifyRequest, reply: FastifyReply, file: Awaited<ReturnType<SharedViewService['photoFile']>>) =>
    sendFile(req, reply, { ...file, cacheControl: 'private, no-store' });

  app.get(prefix.path, { schema: { params: params({}), response: { 200: sharedCollectionSchema } } }, async (req) =>
    shared.view(await resolve(req), req.method === 'GET'),
  );

  app.get(
    `${prefix.path}/photos/:itemId/:size`,
    { schema: { params: params({ itemId: idParamSchema, size: photoSizeSchema }) } },
    async (req, reply) => {
      const { itemId, size } = req.params as { itemId: number; size: z.infer<typeof photoSizeSchema> };
      return send(req, reply, await shared.photoFile(await resolve(req), itemId, size));
    },
  );

  app.get(
    `${prefix.path}/attachments/:attachmentId`,
    { schema: { params: params({ attachmentId: idParamSchema }) } },
    async (req, reply) => {
      const { attachmentId } = req.params as { attachmentId: number };
      return send(req, reply, await shared.attachmentFile(await resolve(req), attachmentId));
    },
  );

  app.get(`${prefix.path}/documents/:itemId`, { schema: { params: params({ itemId: idParamSchema }) } }, async (req, reply) => {
    const { itemId } = req.params as { itemId: number };
    return send(req, reply, await shared.documentFile(await resolve(req), itemId));
  });

  app.get(`${prefix.path}/download`, { schema: { params: params({}) } }, async (req, reply) => {
    const { fileName, entries } = await shared.zip(await resolve(req));
    reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', contentDisposition('application/zip', fileName))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', FILE_CSP);
    return reply.send(req.method === 'HEAD' ? Readable.from([]) : zipStream(entries));
  });
}

// /api/shared/:token: what a link's holder sees (decision 025).
export const sharedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const shared = serviceFor(app);
  app.addHook('onError', retryAfter);
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
    { config: unlockRateLimit, schema: { params: shareTokenParamsSchema, body: unlockInputSchema } },
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
  const shared = serviceFor(app);
  app.addHook('onError', retryAfter);

  app.get('/', { schema: { response: { 200: sharedWithMeSchema } } }, (req) => shared.sharedWithMe(currentUser(req).id));

  shareReadRoutes(app, shared, { path: '/:grantId', params: { grantId: idParamSchema } }, async (req) => {
    const { grantId } = req.params as { grantId: number };
    return { grant: await shared.forRecipient(currentUser(req).id, grantId), base: `/api/shared-with-me/${grantId}` };
  });
};
