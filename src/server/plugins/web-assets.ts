// Serves the built web app: hashed assets cached for a year (pre-compressed brotli/gzip when present),
// index.html never cached, and index.html for every client route so deep links work.
// `/` gets the landing page prerendered at build time (landing.html, decision 035); a signed-in visitor's
// app page carries the user in its HTML, so the first render needs no GET /api/user, and their /dashboard
// (where signing in leads) arrives already drawn (dashboard.html, prerendered too). Every app page carries the
// links that have the browser fetch its code and first data at once (page-preloads.ts, decision 056).
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { requestLanguage } from '../lib/i18n';
import { withServerUser } from '../lib/page-data';
import { readPagePreloads, withLinks } from './page-preloads';
import { userText } from '@shared/i18n/text';

/** A page and its pre-compressed copies (written by scripts/build.mjs for files over 1 KB). */
interface StaticPage {
  html: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readPage(file: string): StaticPage | null {
  if (!fs.existsSync(file)) return null;
  const optional = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  return { html: fs.readFileSync(file), br: optional('.br'), gzip: optional('.gz') };
}

/** `<name>.<language>.html` in `root`, each read by `read`, by its language. */
function pagesByLanguage<T>(root: string, name: string, read: (file: string) => T | null): Map<string, T> {
  const pages = new Map<string, T>();
  const named = new RegExp(`^${name}\\.([a-zA-Z-]+)\\.html$`);
  for (const file of fs.readdirSync(root)) {
    const language = named.exec(file)?.[1];
    const page = language ? read(path.join(root, file)) : null;
    if (language && page !== null) pages.set(language, page);
  }
  return pages;
}

/** A page's HTML and, where there is one, the way to its brotli or gzip form. */
interface PageForms {
  html: Buffer | string;
  br?: () => Buffer;
  gzip?: () => Buffer;
}

/** The page, compressed when the browser takes a form it has; `Vary` names what chose it. */
function sendHtml(req: FastifyRequest, reply: FastifyReply, cacheControl: string, forms: PageForms) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8').header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  if (forms.br && /\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(forms.br());
  if (forms.gzip && /\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(forms.gzip());
  return reply.send(forms.html);
}

/** A page the same for every visitor, compressed once (the best brotli) and kept. */
function compressedPage(html: string): StaticPage {
  const data = Buffer.from(html);
  return { html: data, br: brotliCompressSync(data), gzip: gzipSync(data, { level: 9 }) };
}

/** The same for every visitor: its pre-compressed copies, revalidated on each visit. */
function sendStaticPage(req: FastifyRequest, reply: FastifyReply, { html, br, gzip }: StaticPage) {
  return sendHtml(req, reply, 'no-cache', { html, br: br && (() => br), gzip: gzip && (() => gzip) });
}

/**
 * A page with the visitor's user in it: compressed now (a quick brotli level; the drawn dashboard is ~20 KB of
 * HTML, ~4 KB compressed), never stored by the browser's or a proxy's cache.
 */
function sendPersonalPage(req: FastifyRequest, reply: FastifyReply, html: string) {
  return sendHtml(req, reply, 'private, no-store', {
    html,
    br: () => brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: () => gzipSync(html),
  });
}

export async function webAssets(app: FastifyInstance, opts: { root: string }) {
  const indexPath = path.join(opts.root, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`No built web app at ${opts.root}: run "npm run build". Only the API is served.`);
    return;
  }
  const shell = readPage(indexPath)!;
  const shellHtml = shell.html.toString('utf8');
  const landing = readPage(path.join(opts.root, 'landing.html'));
  // the landing page and the dashboard's first paint as prerendered in each language heirloom ships
  // (landing.<language>.html, dashboard.<language>.html; decision 081)
  const landingIn = pagesByLanguage(opts.root, 'landing', readPage);
  const dashboardPath = path.join(opts.root, 'dashboard.html');
  const dashboardHtml = fs.existsSync(dashboardPath) ? fs.readFileSync(dashboardPath, 'utf8') : shellHtml;
  const dashboardIn = pagesByLanguage(opts.root, 'dashboard', (file) => fs.readFileSync(file, 'utf8'));
  const preloads = readPagePreloads(opts.root);
  /** A visitor's shell for each set of preload links (one per page of the table at most). */
  const visitorPages = new Map<string, StaticPage>();
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // .vite/ holds what the server reads at start (page-preloads.json), not what it sends
    dotfiles: 'ignore',
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });

  app.setNotFoundHandler(async (req, reply) => {
    // /metrics too: with METRICS_TOKEN unset a scraper must get a plain 404, not the app's page (decision 042)
    const pathname = req.url.split(/[?#]/, 1)[0] ?? '/';
    if (req.url.startsWith('/api/') || req.url === '/api' || pathname === '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: userText('Not found') });
    }
    // A share link's page (/s/<token>), the Legacy Plan's pages (reached with a key code or a mail's personal
    // token), a caregiver's page (/care/<token>) and an interview's answer page (/answer/<token>) are never listed by
    // search engines, even those that do not run scripts.
    if (req.url.startsWith('/s/') || /^\/(?:legacy|answer|care)(?:[/?#]|$)/.test(req.url))
      reply.header('X-Robots-Tag', 'noindex, nofollow');
    // The landing page is the same for everyone (spec §2: signed-in visitors see it too) and needs no user.
    if (pathname === '/' && landing) {
      return sendStaticPage(req, reply, landingIn.get(requestLanguage(req)) ?? landing);
    }
    const user = await app.sessions.userOf(req);
    const links = preloads.linksFor(pathname, user !== null, requestLanguage(req, user?.language));
    if (!user) {
      if (!links) return sendStaticPage(req, reply, shell);
      let page = visitorPages.get(links);
      if (!page) visitorPages.set(links, (page = compressedPage(withLinks(shellHtml, links))));
      return sendStaticPage(req, reply, page);
    }
    const dashboard = () => dashboardIn.get(requestLanguage(req, user.language)) ?? dashboardHtml;
    const html = withLinks(pathname === '/dashboard' ? dashboard() : shellHtml, links);
    return sendPersonalPage(req, reply, withServerUser(html, user));
  });
}
