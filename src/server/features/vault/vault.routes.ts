import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common';
import { pageQuerySchema } from '@shared/schemas/paging';
import { vaultFileDetailsSchema, vaultFileSchema, vaultPageSchema, vaultUsageSchema } from '@shared/schemas/vault';
import { sendFile } from '../../lib/send-file';
import { receiveFiles, uploadRoute } from '../../lib/uploads';
import { currentUser } from '../../plugins/session';
import { VAULT_UPLOAD } from './vault.service';
import { errorAnswers, fileAnswers, noContent } from '../../lib/route-answers';

export const vaultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vault } = app.services;

  app.get('/', { schema: { response: { 200: z.array(vaultFileSchema) } } }, (req) => vault.list(currentUser(req).id));

  app.get('/page', { schema: { querystring: pageQuerySchema, response: { 200: vaultPageSchema } } }, (req) =>
    vault.page(currentUser(req).id, req.query),
  );

  app.get('/usage', { schema: { response: { 200: vaultUsageSchema } } }, (req) => vault.usage(currentUser(req).id));

  app.post(
    '/',
    { ...uploadRoute(VAULT_UPLOAD), schema: { response: { 201: vaultFileSchema, ...errorAnswers(404) } } },
    async (req, reply) => {
      const user = currentUser(req);
      const { files, fields } = await receiveFiles(req, app.files, VAULT_UPLOAD);
      return reply.code(201).send(await vault.create(user.id, files[0]!, fields));
    },
  );

  app.get('/:id', { schema: { params: idParamsSchema, response: fileAnswers('*/*') } }, async (req, reply) => {
    const file = await vault.open(currentUser(req).id, req.params.id, { markAccess: req.method !== 'HEAD' });
    // Private documents: no copy stays in a shared computer's cache after the tab is closed.
    return sendFile(req, reply, { ...file, cacheControl: 'private, no-store' });
  });

  // GET /:id is the file itself (spec §7), so its details have their own path; they carry the words read from it.
  app.get('/:id/details', { schema: { params: idParamsSchema, response: { 200: vaultFileDetailsSchema } } }, (req) =>
    vault.details(currentUser(req).id, req.params.id),
  );

  app.delete('/:id/unlink', { schema: { params: idParamsSchema, response: { 200: vaultFileSchema } } }, (req) =>
    vault.unlink(currentUser(req).id, req.params.id),
  );

  app.delete('/:id', { schema: { params: idParamsSchema, response: noContent } }, async (req, reply) => {
    await vault.remove(currentUser(req).id, req.params.id);
    return reply.code(204).send();
  });
};
