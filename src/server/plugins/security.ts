// Security headers and cross-site request refusal for every response.
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isIPv6 } from 'node:net';
import os from 'node:os';
import type { Env } from '../env';
import { badRequest, forbidden } from '../lib/errors';
import { redirectOrigins } from '../lib/file-store-for';
import { userText } from '@shared/i18n/text';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** scheme://host:port of a URL, with the scheme's default port dropped (as browsers send Origin). */
const originOf = (url: string) => new URL(url).origin;

/**
 * CSRF: the session cookie is SameSite=Lax, and on top a state-changing /api request whose Origin or
 * Sec-Fetch-Site shows another site is refused. Browsers always send one of them on such requests. Origin
 * must match scheme, host and port: this request's own (the Host header as received, never
 * X-Forwarded-Host) or PUBLIC_URL's.
 */
function isCrossSite(req: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (origin === 'null') return true;
  try {
    const claimed = originOf(origin);
    return claimed !== publicOrigin && claimed !== originOf(`${req.protocol}://${req.headers.host ?? ''}`);
  } catch {
    return true;
  }
}

/** A Host header as RFC 9110 has it: a name or IPv4 address, or an IPv6 address in brackets, then at most a port. */
const HOST_HEADER = /^(?:(?<name>[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?)|\[(?<ipv6>[0-9a-f:.]+)\])(?::\d{1,5})?$/i;

/**
 * The host name of a Host header ('[::1]:5000' → '::1', 'Example.COM.' → 'example.com'), or undefined when
 * the whole header is not one host and port ('[::1]evil.example', 'a b', 'host:port:port').
 */
function hostName(host: string): string | undefined {
  const groups = HOST_HEADER.exec(host)?.groups;
  if (!groups) return undefined;
  if (groups.ipv6 !== undefined) return isIPv6(groups.ipv6) ? groups.ipv6.toLowerCase() : undefined;
  return groups.name!.toLowerCase().replace(/\.$/, '');
}

/**
 * DNS rebinding: a web page on another site can point its own name at this machine's address and read the
 * answers. heirloom answers only to the names it is known by: PUBLIC_URL's, ALLOWED_HOSTS, localhost, and
 * this machine's own name and addresses (a home install reached as http://192.168.1.20:5000 keeps working).
 */
function allowedHostNames(env: Env): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '::1', hostName(new URL(env.PUBLIC_URL).host) ?? 'localhost', ...env.ALLOWED_HOSTS]);
  const machine = os.hostname().toLowerCase();
  names.add(machine);
  names.add(`${machine}.local`);
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) names.add(address.address.toLowerCase());
  }
  return names;
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // Radix positions popovers with inline styles
        imgSrc: ["'self'", 'data:', 'blob:', ...redirectOrigins(app.env)],
        mediaSrc: ["'self'", 'blob:', ...redirectOrigins(app.env)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' }, // agrees with frame-ancestors 'none'
    strictTransportSecurity: false, // set by the TLS-terminating proxy, which knows whether HTTPS is in use
  });

  const publicOrigin = originOf(app.env.PUBLIC_URL);
  const allowedHosts = allowedHostNames(app.env);

  app.addHook('onRequest', async (req, reply) => {
    let hosts = 0;
    for (let i = 0; i < req.raw.rawHeaders.length; i += 2) if (req.raw.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
    if (hosts > 1) throw badRequest(userText('A request may carry only one Host header'));
    const host = req.headers.host;
    if (host !== undefined) {
      const name = hostName(host);
      if (name === undefined)
        throw badRequest(userText('The Host header must be one host name or address, with at most a port'), 'BAD_HOST');
      if (!allowedHosts.has(name))
        return reply.code(421).send({
          message: `heirloom does not answer to the name ${name.slice(0, 100)}. Add it to ALLOWED_HOSTS or set PUBLIC_URL.`,
          code: 'UNKNOWN_HOST',
        });
    }
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return;
    if (isCrossSite(req, publicOrigin)) throw forbidden(userText('Cross-site requests are not allowed'));
  });

  // Personal data must not stay in a shared computer's cache: every API answer is private and not stored,
  // unless its route chose a policy of its own (images and the timeline revalidate with ETags).
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'private, no-store');
  });
});
