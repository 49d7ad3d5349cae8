// /api/answer/:token: the storyteller's page, by link, without a session (decision 066). The token is the key;
// limited per address like the other links. A link that is no longer open answers GET with its status and
// every POST with 410 and a sentence saying why.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ATTACHMENT_MAX_BYTES } from '@shared/limits';
import {
  answerActionResultSchema,
  answerFieldsSchema,
  answerPageSchema,
  answerResultSchema,
  answerTokenParamsSchema,
} from '@shared/schemas/interviews';
import { badRequest, notFound, unsupportedMediaType } from '../../lib/errors';
import { registerResumableUploads } from '../../lib/resumable-uploads';
import { errorAnswers } from '../../lib/route-answers';
import { safeFileName, uploadRoute, type ReceivedFile } from '../../lib/uploads';
import { ANSWER_UPLOAD_LIMITS, discardAnswer, receiveAnswer, RECORDING_UPLOAD } from './answer-upload';
import { userText } from '@shared/i18n/text';

/** What an upload begun through a link is kept under: the token's hash, never the token itself. */
const linkScope = (token: string) => createHash('sha256').update(token).digest('hex');

export const answerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { interviews, storage } = app.services;
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });
  const linkRateLimit = { rateLimit: { max: app.env.AUTH_RATE_LIMIT, timeWindow: '15 minutes' } };

  // A long recording in pieces (tus), authorised by the answer link; it counts against the owner's quota.
  const uploads = await registerResumableUploads(app, {
    path: '/api/answer/uploads',
    route: '/:token/uploads',
    folder: 'answer-uploads',
    maxBytes: async (ownerId) => {
      const usage = await storage.usage(ownerId);
      return Math.max(0, Math.min(ATTACHMENT_MAX_BYTES, usage.quotaBytes - usage.usedBytes));
    },
    hold: storage.holdUpload,
    params: answerTokenParamsSchema.shape,
    ownerOf: async (req) => {
      const parsed = answerTokenParamsSchema.safeParse(req.params);
      if (!parsed.success) throw notFound(userText('This link is not known.'));
      return interviews.openOwner(parsed.data.token);
    },
    // one question's link reaches only the pieces sent through it (the owner's other links share the owner)
    scopeOf: (req) => linkScope((req.params as { token: string }).token),
  });

  app.get('/:token', { config: linkRateLimit, schema: { params: answerTokenParamsSchema, response: { 200: answerPageSchema } } }, (req) =>
    interviews.answerPage(req.params.token),
  );

  app.post(
    '/:token',
    {
      ...uploadRoute(ANSWER_UPLOAD_LIMITS),
      config: linkRateLimit,
      schema: { params: answerTokenParamsSchema, response: { 201: answerResultSchema, ...errorAnswers(410, 413, 415) } },
    },
    async (req, reply) => {
      const { token } = req.params;
      const ownerId = await interviews.openOwner(token); // 404 or 410 before a byte is stored
      const received = await receiveAnswer(req, app.files);
      let recording = received.recording;
      let handedOver = false;
      try {
        const fields = answerFieldsSchema.safeParse(received.fields);
        if (!fields.success) throw badRequest(fields.error.issues[0]?.message ?? userText('Invalid answer'), 'VALIDATION');
        if (fields.data.recordingUploadId) {
          if (recording) throw badRequest(RECORDING_UPLOAD.messages.tooMany!, 'TOO_MANY_FILES');
          const [taken] = await uploads.take(
            ownerId,
            [fields.data.recordingUploadId],
            async (head) => {
              if (!(await RECORDING_UPLOAD.accept(head, ''))) throw unsupportedMediaType(RECORDING_UPLOAD.messages.wrongType);
            },
            linkScope(token),
          );
          const fileName = safeFileName(taken!.fileName ?? 'recording');
          const type = (await RECORDING_UPLOAD.accept(taken!.head, fileName))!;
          recording = { staged: taken!, fileName, mimeType: type.mime, ext: type.ext } satisfies ReceivedFile;
        }
        handedOver = true; // answer() keeps or discards every file from here
        await interviews.answer(token, { text: fields.data.text, recording, photos: received.photos });
        return reply.code(201).send({ status: 'answered' as const });
      } catch (err) {
        if (!handedOver) await discardAnswer(app.files, { recording, photos: received.photos });
        throw err;
      }
    },
  );

  for (const action of ['skip', 'pause', 'stop'] as const) {
    app.post(
      `/:token/${action}`,
      {
        config: linkRateLimit,
        schema: { params: answerTokenParamsSchema, response: { 200: answerActionResultSchema, ...errorAnswers(410) } },
      },
      (req) => interviews.linkAction(req.params.token, action),
    );
  }
};
