// GET /api/legacy/opener (public, decision 076): the escrow opener, one HTML file that opens a sealed copy in
// the heir's browser with no heirloom running. It names nobody and holds no data — the same file for everyone,
// built from heirloom's own code — so it is given to anyone who asks: an heir, a verifier, or whoever keeps
// the USB stick, before heirloom is gone and without an account.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ESCROW_OPENER_FILE_NAME, escrowOpenerHtml } from '../../lib/escrow-opener';
import { contentDisposition } from '../../lib/send-file';

const html = z.any().meta({ type: 'string', format: 'binary' });

export const escrowOpenerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        summary: 'The escrow opener: one HTML file that opens a sealed copy offline',
        response: { 200: { description: 'open-heirloom-bundle.html, as a download', content: { 'text/html': { schema: html } } } },
      },
    },
    async (_req, reply) => {
      const page = await escrowOpenerHtml();
      return reply
        .type('text/html; charset=utf-8')
        .header('Content-Disposition', contentDisposition('text/html', ESCROW_OPENER_FILE_NAME, true))
        .header('Cache-Control', 'public, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .send(page);
    },
  );
};
