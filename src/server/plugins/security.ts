// Security headers and cross-site request refusal for every response.
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: the session cookie is SameSite=Lax, and on top a state-changing /api request whose Origin or
 * Sec-Fetch-Site shows another site is refused. Browsers always send one of them on such requests.
 */
export function isCrossSite(req: FastifyRequest): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    try {
      const originUrl = new URL(origin);
      return originUrl.host !== new URL(`${originUrl.protocol}//${req.host}`).host; // compares with default ports dropped
    } catch {
      return true;
    }
  }
  return origin === 'null';
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // Radix positions popovers with inline styles
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
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
    strictTransportSecurity: false, // set by the TLS-terminating proxy, which knows whether HTTPS is in use
  });

  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return;
    if (isCrossSite(req)) throw forbidden('Cross-site requests are not allowed');
  });
});
