// POST /api/imports, GET /api/imports/:id, resumable uploads under /api/imports/uploads (decision 029).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common';
import {
  IMPORT_FIELD,
  IMPORT_UPLOADS_PATH,
  importJobSchema,
  importSourceSchema,
  serverFilesSchema,
  TRANSFER_MESSAGES,
} from '@shared/schemas/transfers';
import { defineMessages } from '../../lib/define-messages';
import { badRequest, unsupportedMediaType } from '../../lib/errors';
import { answerLanguage, sentence } from '../../lib/i18n';
import { receiveFiles, uploadRoute, type ReceiveOptions } from '../../lib/uploads';
import { currentUser } from '../../plugins/session';
import { registerResumableUploads } from '../../lib/resumable-uploads';

/** Takeout comes in parts of up to 50 GB; a request may carry several. */
const MAX_ARCHIVES = 20;
const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024 * 1024;

const messages = defineMessages({
  tooMany: { id: 'errors.imports.tooMany', defaultMessage: 'At most {max, plural, other {# archives}} at a time.' },
});

/**
 * A refused request (an import already running, signed out) reads at most this much of its body so the
 * client sees the message; a larger archive has its connection closed instead of being read for nothing.
 */
const DRAIN_LIMIT = { maxBytes: 64 * 1024 * 1024, maxFiles: 1 };

/** A zip starts with a local file header (or, empty, with its end record). */
async function acceptZip(head: Buffer) {
  const magic = head.subarray(0, 4).toString('latin1');
  return magic === 'PK\x03\x04' || magic === 'PK\x05\x06' ? { mime: 'application/zip', ext: 'zip' } : undefined;
}

const uploadOptions = (maxBytes: number): ReceiveOptions => ({
  field: IMPORT_FIELD,
  maxBytes,
  maxFiles: MAX_ARCHIVES,
  accept: acceptZip,
  messages: {
    tooLarge: TRANSFER_MESSAGES.overQuota,
    wrongType: TRANSFER_MESSAGES.notAnArchive,
    missing: TRANSFER_MESSAGES.noArchive,
    tooMany: sentence(messages.tooMany, { max: MAX_ARCHIVES }),
    empty: TRANSFER_MESSAGES.notAnArchive,
  },
});

export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { imports, storage } = app.services;
  const uploads = await registerResumableUploads(app, {
    path: IMPORT_UPLOADS_PATH,
    route: '/uploads',
    folder: 'import-uploads',
    maxBytes: imports.remainingBytes,
    hold: storage.holdUpload,
  });

  app.get('/', { schema: { response: { 200: z.array(importJobSchema) } } }, (req) =>
    imports.list(currentUser(req).id, answerLanguage(req)),
  );

  app.get('/server-files', { schema: { response: { 200: serverFilesSchema } } }, () => imports.serverFiles());

  app.get('/:id', { schema: { params: idParamsSchema, response: { 200: importJobSchema } } }, (req) =>
    imports.get(currentUser(req).id, req.params.id, answerLanguage(req)),
  );

  // Multipart (`archive` parts) or JSON (importSourceSchema): the body is read by hand for the one or the other.
  app.post(
    '/',
    {
      ...uploadRoute(DRAIN_LIMIT),
      schema: { response: { 202: z.object({ id: z.number().int() }) } },
    },
    async (req, reply) => {
      const userId = currentUser(req).id;
      await imports.assertNoneRunning(userId);
      if (req.isMultipart()) {
        const maxBytes = Math.min(MAX_ARCHIVE_BYTES, await imports.remainingBytes(userId));
        const received = await receiveFiles(req, app.files, uploadOptions(maxBytes));
        return reply.code(202).send(
          await imports.startFromStaged(
            userId,
            received.files.map((f) => f.staged),
          ),
        );
      }
      const source = importSourceSchema.safeParse(req.body);
      if (!source.success) throw badRequest(TRANSFER_MESSAGES.noArchive, 'VALIDATION');
      if ('serverFiles' in source.data) return reply.code(202).send(await imports.startFromServer(userId, source.data.serverFiles));
      const staged = await uploads.take(userId, source.data.uploads, async (head) => {
        if (!(await acceptZip(head))) throw unsupportedMediaType(TRANSFER_MESSAGES.notAnArchive);
      });
      return reply.code(202).send(await imports.startFromStaged(userId, staged));
    },
  );
};
