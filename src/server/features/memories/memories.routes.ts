// HTTP only: shared schemas in, status codes out. Everything here runs in the signed-in scope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common';
import {
  analyzeInputSchema,
  analyzeResultSchema,
  attachmentFileQuerySchema,
  attachmentParamsSchema,
  attachmentSchema,
  improveInputSchema,
  improveResultSchema,
  linkCandidatesSchema,
  memoryInputSchema,
  memoryLinksInputSchema,
  memoryOrganizationSchema,
  memoryPageQuerySchema,
  memoryPageSchema,
  memoryPatchSchema,
  memorySchema,
  memorySuggestionsSchema,
} from '@shared/schemas/memories';
import { transcriptionSchema } from '@shared/schemas/transcription';
import { sendFile } from '../../lib/send-file';
import { receiveFiles, uploadRoute } from '../../lib/uploads';
import { currentUser } from '../../plugins/session';
import { ATTACHMENT_UPLOAD } from './memories.service';
import { TRANSCRIPTION_UPLOAD } from './memory-transcription';
import { fileAnswers, noContent } from '../../lib/route-answers';

/** AI calls can cost money (a hosted model) or a core for a while (the built-in one): a generous per-user cap. */
const aiRateLimit = {
  rateLimit: {
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (req: { user: { id: number } | null; ip: string }) => `ai:${req.user?.id ?? req.ip}`,
  },
};

export const memoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { memories, transcription } = app.services;

  app.get('/', { schema: { response: { 200: z.array(memorySchema) } } }, (req) => memories.list(currentUser(req).id));

  app.get('/page', { schema: { querystring: memoryPageQuerySchema, response: { 200: memoryPageSchema } } }, (req) =>
    memories.page(currentUser(req).id, req.query),
  );

  app.get('/:id', { schema: { params: idParamsSchema, response: { 200: memorySchema } } }, (req) =>
    memories.get(currentUser(req).id, req.params.id),
  );

  app.post('/', { schema: { body: memoryInputSchema, response: { 201: memorySchema } } }, async (req, reply) =>
    reply.code(201).send(await memories.create(currentUser(req).id, req.body)),
  );

  app.post('/analyze', { config: aiRateLimit, schema: { body: analyzeInputSchema, response: { 200: analyzeResultSchema } } }, (req) =>
    memories.analyze(req.body),
  );

  app.post('/improve', { config: aiRateLimit, schema: { body: improveInputSchema, response: { 200: improveResultSchema } } }, (req) =>
    memories.improve(req.body),
  );

  // A recording or picked audio file not saved yet (decision 039): received, transcribed, removed.
  app.post(
    '/transcriptions',
    { ...uploadRoute(TRANSCRIPTION_UPLOAD), config: aiRateLimit, schema: { response: { 200: transcriptionSchema } } },
    async (req) => {
      transcription.requireTranscriber();
      const { files } = await receiveFiles(req, app.files, TRANSCRIPTION_UPLOAD);
      return transcription.transcribeUpload(files[0]!);
    },
  );

  app.post(
    '/:id/attachments/:attachmentId/transcription',
    { config: aiRateLimit, schema: { params: attachmentParamsSchema, response: { 200: transcriptionSchema } } },
    (req) => transcription.transcribeAttachment(currentUser(req).id, req.params.id, req.params.attachmentId),
  );

  app.get('/suggestions', { schema: { response: { 200: memorySuggestionsSchema } } }, (req) => memories.suggestions(currentUser(req).id));

  app.get('/organize', { schema: { response: { 200: memoryOrganizationSchema } } }, (req) => memories.organize(currentUser(req).id));

  app.patch('/:id', { schema: { params: idParamsSchema, body: memoryPatchSchema, response: { 200: memorySchema } } }, (req) =>
    memories.update(currentUser(req).id, req.params.id, req.body),
  );

  app.delete('/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await memories.remove(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });

  app.get('/:id/attachments', { schema: { params: idParamsSchema, response: { 200: z.array(attachmentSchema) } } }, (req) =>
    memories.listAttachments(currentUser(req).id, req.params.id),
  );

  app.post(
    '/:id/attachments',
    { ...uploadRoute(ATTACHMENT_UPLOAD), schema: { params: idParamsSchema, response: { 201: z.array(attachmentSchema) } } },
    async (req, reply) => {
      const userId = currentUser(req).id;
      await memories.requireMemory(userId, req.params.id);
      const { files } = await receiveFiles(req, app.files, ATTACHMENT_UPLOAD);
      return reply.code(201).send(await memories.uploadAttachments(userId, req.params.id, files));
    },
  );

  app.get(
    '/:id/attachments/:attachmentId/file',
    {
      schema: {
        params: attachmentParamsSchema,
        querystring: attachmentFileQuerySchema,
        response: fileAnswers('image/*', 'audio/*', 'video/*'),
      },
    },
    async (req, reply) => {
      const { id, attachmentId } = req.params;
      const file = await memories.attachmentFile(currentUser(req).id, id, attachmentId, req.query.format);
      return sendFile(req, reply, { ...file, cacheControl: 'private' });
    },
  );

  app.delete('/:id/attachments/:attachmentId', { schema: { params: attachmentParamsSchema, response: noContent } }, async (req, reply) => {
    await memories.removeAttachment(currentUser(req).id, req.params.id, req.params.attachmentId);
    return reply.code(204).send();
  });

  app.post(
    '/:id/links',
    { schema: { params: idParamsSchema, body: memoryLinksInputSchema, response: { 200: z.array(attachmentSchema) } } },
    (req) => memories.link(currentUser(req).id, req.params.id, req.body),
  );

  app.get('/:id/link-candidates', { schema: { params: idParamsSchema, response: { 200: linkCandidatesSchema } } }, (req) =>
    memories.linkCandidates(currentUser(req).id, req.params.id),
  );
};
