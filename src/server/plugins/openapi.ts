// The API described as OpenAPI 3.1, generated from the routes' zod schemas (the shared contract) when asked:
// GET /api/openapi.json, and a readable reference (Swagger UI) at /api/docs. Decision 042.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { errorsOfKind, withErrorAnswers } from './openapi-errors';
import { isTusRoute, tusOperation } from './openapi-tus';

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
  faces: 'people',
  health: 'operators',
  'openapi.json': 'operators',
  metrics: 'operators',
  register: 'auth',
  login: 'auth',
  logout: 'auth',
  password: 'auth',
  email: 'auth',
  setup: 'auth',
  // a caregiver's link (decision 077): part of the Legacy Plan
  care: 'legacy',
  invitations: 'auth',
  'interview-questions': 'interviews',
  'interview-suggestions': 'interviews',
  'interview-proposals': 'interviews',
};

function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const segment = (segments[0] === 'api' ? segments[1] : segments[0]) ?? 'other';
  return TAG_OF_SEGMENT[segment] ?? segment;
}

/** `GET /api/photos/{id}/original` → getPhotosByIdOriginal: unique, since method and path are. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

const ERRORS_OF_KIND = 'x-errors-of-kind';
const TUS = 'x-tus';

/** The groups of operations, in the order a reader meets them. */
const TAGS = [
  { name: 'auth', description: 'Registering, signing in and out, password reset and email verification' },
  { name: 'user', description: 'The signed-in account: profile, picture, password, email, storage, deletion' },
  { name: 'capabilities', description: 'What this server can do (video processing, AI features)' },
  { name: 'photos', description: 'The photo and video gallery: uploads (multipart and resumable), files, edits, processing' },
  { name: 'memories', description: 'Written memories with their attachments, voices and links' },
  { name: 'contacts', description: 'The family and friends contact books' },
  { name: 'people', description: 'Who is in the photos: faces found on this server and grouped into people' },
  { name: 'tree', description: 'The family tree: persons, parent and partner links, relation words, the view around a person' },
  { name: 'vault', description: 'Private documents' },
  { name: 'timeline', description: 'Everything by date' },
  { name: 'on-this-day', description: 'What happened on this day in earlier years' },
  { name: 'family-dates', description: "The family's birthdays, anniversaries and remembrances ahead, and their weekly mail" },
  {
    name: 'interviews',
    description: 'Interviews: questions mailed to a storyteller, the question library, the family’s suggestions and proposals',
  },
  { name: 'answer', description: 'The storyteller’s answer page, by the personal link of a question (the link token is the key)' },
  { name: 'search', description: 'Search across photos, memories, contacts and documents' },
  { name: 'collections', description: 'Collections of items and the links that share them' },
  { name: 'shared', description: 'What a share link shows to whoever holds it (the link token is the key)' },
  { name: 'shared-with-me', description: 'What other heirloom users shared with the signed-in user' },
  { name: 'legacy', description: 'The Legacy Plan: heirs, releases, letters, check-ins, and what heirs receive with a key code' },
  { name: 'exports', description: 'Exports of the whole library as a zip' },
  { name: 'books', description: 'Life-story books: a print-ready PDF of the memories, built in the background' },
  { name: 'imports', description: 'Imports of heirloom exports and Google Takeout archives (multipart and resumable)' },
  { name: 'waitlist', description: 'The waiting list when registration is closed' },
  { name: 'admin', description: "The administrator's Members settings: invitations, people asking to join, accounts" },
  { name: 'operators', description: 'Health checks, metrics and this document: for the people who run heirloom' },
];

interface Operation {
  responses: Record<string, object>;
  parameters?: object[];
  [ERRORS_OF_KIND]?: number[];
  [TUS]?: boolean;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

/** The whole document: every operation's errors, the tus operations as tus answers them, the groups and the server. */
function describeAnswers(doc: OpenApiDocument) {
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const { [ERRORS_OF_KIND]: errors = [], [TUS]: tus, ...rest } = operation;
      const tusDescription = tus ? tusOperation(method) : undefined;
      const described = tusDescription
        ? { ...rest, ...tusDescription, parameters: [...(rest.parameters ?? []), ...(tusDescription.parameters ?? [])] }
        : rest;
      operations[method] = { ...described, responses: withErrorAnswers(described.responses, errors, method) };
    }
  }
  // zod emits an input copy of every named schema; no request takes an error body
  const { ErrorBodyInput: _unused, ...schemas } = (doc.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  return {
    ...doc,
    components: { ...(doc.components as object), schemas },
    servers: [{ url: '/', description: 'This heirloom server' }],
    tags: TAGS,
  };
}

/** A route that reads its own body or writes a file has no JSON schema to describe it: say what it does take. */
function summaryWithoutSchema(method: string): string {
  if (method === 'GET') return 'Answers a file or a stream (not JSON)';
  return 'Reads its body itself: a multipart file upload, or no body';
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
    exposeHeadRoutes: true, // for tus's HEAD; a GET's HEAD twin is left out below
    transform(doc) {
      const { schema, url: fastifyUrl } = jsonSchemaTransform(doc);
      // a plugin's '/' route under a prefix is reached as /api/photos: the path clients use
      const url = fastifyUrl.length > 1 ? fastifyUrl.replace(/\/$/, '') : fastifyUrl;
      if (schema?.hide) return { schema, url };
      const method = [doc.route.method].flat()[0] ?? 'GET';
      const tus = isTusRoute(fastifyUrl);
      if (method === 'HEAD' && !tus) return { schema: { hide: true }, url };
      const signedIn = Boolean(doc.route.config?.signedIn);
      const security = schema?.security ?? (signedIn ? [{ session: [] }] : []);
      return {
        url,
        schema: {
          ...schema,
          operationId: schema?.operationId ?? operationIdOf(method, url),
          tags: schema?.tags ?? [tagOf(url)],
          summary: schema?.summary ?? (doc.schema ? `${method} ${url}` : summaryWithoutSchema(method)),
          security,
          // read and removed by transformObject, which has the whole document
          [ERRORS_OF_KIND]: errorsOfKind(doc.route, fastifyUrl, method, security.length > 0),
          ...(tus && { [TUS]: true }),
        },
      };
    },
    transformObject: (doc) => describeAnswers(jsonSchemaTransformObject(doc) as OpenApiDocument),
  });

  // Swagger UI's page loads only its own scripts and styles from here: it works under the app's CSP unchanged
  // (checked in headless Chromium), so nothing is loosened for it.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'heirloom API reference' },
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
  });

  const document = z.looseObject({ openapi: z.string() }).meta({ description: 'The OpenAPI 3.1 document' });
  app.get('/api/openapi.json', { schema: { summary: 'This document (OpenAPI 3.1)', response: { 200: document } } }, async () =>
    app.swagger(),
  );
});
