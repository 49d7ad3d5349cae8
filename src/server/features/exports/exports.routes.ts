// POST /api/exports, GET /api/exports, GET /api/exports/:id, GET /api/exports/:id/download (decision 028).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common';
import { exportJobSchema } from '@shared/schemas/transfers';
import { sendFile } from '../../lib/send-file';
import { currentUser } from '../../plugins/session';
import { fileAnswers } from '../../lib/route-answers';

export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const exportsService = app.services.exports;

  app.post('/', { schema: { response: { 202: z.object({ id: z.number().int() }) } } }, async (req, reply) =>
    reply.code(202).send(await exportsService.start(currentUser(req).id)),
  );

  app.get('/', { schema: { response: { 200: z.array(exportJobSchema) } } }, (req) => exportsService.list(currentUser(req).id));

  app.get('/:id', { schema: { params: idParamsSchema, response: { 200: exportJobSchema } } }, (req) =>
    exportsService.get(currentUser(req).id, req.params.id),
  );

  app.get('/:id/download', { schema: { params: idParamsSchema, response: fileAnswers('application/zip') } }, async (req, reply) => {
    const file = await exportsService.download(currentUser(req).id, req.params.id);
    // the archive holds the whole library: never kept in a shared computer's cache
    return sendFile(req, reply, { ...file, cacheControl: 'private, no-store' });
  });
};
