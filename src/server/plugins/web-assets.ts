// Serves the built web app: hashed assets cached for a year (pre-compressed brotli/gzip when present),
// index.html never cached, and index.html for every client route so deep links work.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

export async function webAssets(app: FastifyInstance, opts: { root: string }) {
  const indexPath = path.join(opts.root, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`No built web app at ${opts.root}: run "npm run build". Only the API is served.`);
    return;
  }
  const indexHtml = fs.readFileSync(indexPath);
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    // A share link's page (/s/<token>) and the Legacy Plan's pages (reached with a key code or a mail's personal
    // token) are never listed by search engines, even those that do not run scripts.
    if (req.url.startsWith('/s/') || /^\/legacy(?:[/?#]|$)/.test(req.url)) reply.header('X-Robots-Tag', 'noindex, nofollow');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}
