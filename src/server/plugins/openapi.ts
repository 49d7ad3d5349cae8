// The API described as OpenAPI 3.1, generated from the routes' zod schemas (the shared contract) when asked:
// GET /api/openapi.json, and a readable reference (Swagger UI) at /api/docs. Decision 042.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import packageJson from '../../../package.json' with { type: 'json' };

/** Swagger UI's own page, script and static files live under this prefix; they are not part of the API. */
export const DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `markSignedIn` on the routes behind the session check: documented as needing the session cookie. */
    signedIn?: boolean;
  }
}

/** onRoute hook of the signed-in scope in app.ts. */
export function markSignedIn(route: RouteOptions) {
  route.config = { ...route.config, signedIn: true };
}

/** The first path segment after /api names the group; these segments belong to a group of another name. */
const TAG_OF_SEGMENT: Record<string, string> = {
  health: 'operators',
  'openapi.json': 'operators',
  metrics: 'operators',
  register: 'auth',
  login: 'auth',
  logout: 'auth',
  password: 'auth',
  email: 'auth',
};

function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const segment = (segments[0] === 'api' ? segments[1] : segments[0]) ?? 'other';
  return TAG_OF_SEGMENT[segment] ?? segment;
}

/** A route that reads its own body or writes a file has no JSON schema to describe it: say what it does take. */
function summaryWithoutSchema(method: string): string {
  if (method === 'GET') return 'Answers a file or a stream (not JSON)';
  return 'Reads its body itself: a multipart file upload, the tus resumable-upload protocol, or no body';
}

export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'heirloom API',
        version: packageJson.version,
        description:
          'The JSON API the heirloom web app uses. Sign in with POST /api/login: the answer sets the session cookie that ' +
          'the routes marked with the session scheme need. Errors answer {message} (and a code where there is one).',
      },
      components: {
        securitySchemes: {
          // the cookie plugins/session.ts sets (tests/integration/openapi.test.ts checks the name)
          session: { type: 'apiKey', in: 'cookie', name: 'heirloom_session' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
        },
      },
    },
    transform(doc) {
      const { schema, url: fastifyUrl } = jsonSchemaTransform(doc);
      // a plugin's '/' route under a prefix is reached as /api/photos: the path clients use
      const url = fastifyUrl.length > 1 ? fastifyUrl.replace(/\/$/, '') : fastifyUrl;
      if (schema?.hide) return { schema, url };
      const method = [doc.route.method].flat()[0] ?? 'GET';
      return {
        url,
        schema: {
          ...schema,
          tags: schema?.tags ?? [tagOf(url)],
          summary: schema?.summary ?? (doc.schema ? undefined : summaryWithoutSchema(method)),
          ...(doc.route.config?.signedIn && { security: [{ session: [] }] }),
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });

  // Swagger UI's page loads only its own scripts and styles from here: it works under the app's CSP unchanged
  // (checked in headless Chromium), so nothing is loosened for it.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'heirloom API reference' },
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
  });

  app.get('/api/openapi.json', { schema: { summary: 'This document (OpenAPI 3.1)' } }, async () => app.swagger());
});
