// /api/tree/gedcom: POST a GEDCOM file to import it in the background, GET the tree as a GEDCOM file, follow the
// imports, and accept or reject the persons they may share with the tree (issue 30, decision 061).
import fsp from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common';
import {
  GEDCOM_FIELD,
  GEDCOM_MAX_BYTES,
  GEDCOM_MESSAGES,
  gedcomExportQuerySchema,
  gedcomImportSchema,
  matchDecisionSchema,
  matchSuggestionSchema,
} from '@shared/schemas/tree-gedcom';
import { answerLanguage } from '../../../lib/i18n';
import { errorAnswers, noContent } from '../../../lib/route-answers';
import { receiveFiles, uploadRoute, type ReceiveOptions } from '../../../lib/uploads';
import { contentDisposition } from '../../../lib/send-file';
import { currentUser } from '../../../plugins/session';

const MEDIA_TYPES = { '7.0': 'text/vnd.familysearch.gedcom', '5.5.1': 'application/x-gedcom' } as const;
const bytes = z.any().meta({ type: 'string', format: 'binary' });
const gedcomContent = Object.fromEntries(Object.values(MEDIA_TYPES).map((type) => [type, { schema: bytes }]));

/** A GEDCOM file begins with "0 HEAD" (after a byte-order mark or spaces), in UTF-8, UTF-16 or an 8-bit set. */
async function acceptGedcom(head: Buffer) {
  let text = head.toString('latin1');
  if (head[0] === 0xff || head[0] === 0xfe || head[1] === 0x00 || head[0] === 0x00) {
    const le = head[0] === 0xff || head[1] === 0x00;
    const bytes = Buffer.from(head.subarray(head[0] === 0xff || head[0] === 0xfe ? 2 : 0));
    if (!le) bytes.subarray(0, bytes.length - (bytes.length % 2)).swap16();
    text = bytes.subarray(0, bytes.length - (bytes.length % 2)).toString('utf16le');
  }
  return /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*0\s+HEAD\b/.test(text) ? { mime: 'text/vnd.familysearch.gedcom', ext: 'ged' } : undefined;
}

const uploadOptions: ReceiveOptions = {
  field: GEDCOM_FIELD,
  maxBytes: GEDCOM_MAX_BYTES,
  maxFiles: 1,
  accept: acceptGedcom,
  messages: {
    tooLarge: GEDCOM_MESSAGES.tooLarge,
    wrongType: GEDCOM_MESSAGES.notGedcom,
    missing: GEDCOM_MESSAGES.noFile,
    empty: GEDCOM_MESSAGES.notGedcom,
  },
};

export const gedcomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { gedcom } = app.services;

  app.get(
    '/',
    {
      schema: {
        querystring: gedcomExportQuerySchema,
        response: { 200: { description: 'The family tree as a GEDCOM file', content: gedcomContent } },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const { version } = req.query;
      const text = await gedcom.exportFile(user.id, version, `${user.firstName} ${user.surname}`.trim());
      return reply
        .type(`${MEDIA_TYPES[version]}; charset=utf-8`)
        .header('Content-Disposition', contentDisposition(MEDIA_TYPES[version], 'family.ged', true))
        .serializer((payload: string) => payload)
        .send(text);
    },
  );

  app.post(
    '/',
    {
      ...uploadRoute({ maxBytes: GEDCOM_MAX_BYTES, maxFiles: 1 }),
      schema: { response: { 202: z.object({ id: z.number().int() }), ...errorAnswers(409) } },
    },
    async (req, reply) => {
      const userId = currentUser(req).id;
      await gedcom.assertNoneRunning(userId);
      const received = await receiveFiles(req, app.files, uploadOptions);
      const file = received.files[0]!;
      let bytes: Buffer;
      try {
        bytes = await fsp.readFile(file.staged.tempPath);
      } finally {
        await app.files.discard(file.staged);
      }
      return reply.code(202).send(await gedcom.start(userId, file.fileName, bytes));
    },
  );

  app.get('/imports', { schema: { response: { 200: z.array(gedcomImportSchema) } } }, (req) =>
    gedcom.list(currentUser(req).id, answerLanguage(req)),
  );

  app.get('/imports/:id', { schema: { params: idParamsSchema, response: { 200: gedcomImportSchema } } }, (req) =>
    gedcom.get(currentUser(req).id, req.params.id, answerLanguage(req)),
  );

  app.get('/suggestions', { schema: { response: { 200: z.array(matchSuggestionSchema) } } }, (req) =>
    gedcom.suggestions(currentUser(req).id),
  );

  app.post(
    '/suggestions/:id',
    { schema: { params: idParamsSchema, body: matchDecisionSchema, response: { ...noContent, ...errorAnswers(409) } } },
    async (req, reply) => {
      await gedcom.decide(currentUser(req).id, req.params.id, req.body.decision);
      return reply.code(204).send();
    },
  );
};
