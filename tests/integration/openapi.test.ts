// The OpenAPI document is generated from the routes themselves: every route Fastify registered must be in it,
// so a route added without showing up in /api/openapi.json fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX } from '@server/plugins/openapi';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { tags?: string[]; summary?: string; security?: unknown[] }>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
}

/** Fastify's `/photos/:id` and `/files/*` as OpenAPI writes them: `/photos/{id}`, `/files/{*}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

/** method + path of every registered route the document must describe (HEAD is GET's twin; the docs page is not API). */
function expectedOperations(t: TestApp) {
  return t.app.registeredRoutes
    .filter((r) => r.method !== 'HEAD' && !r.url.startsWith(DOCS_PREFIX))
    .map((r) => `${r.method} ${openApiPath(r.url)}`);
}

function missingOperations(doc: OpenApiDocument, operations: string[]) {
  return operations.filter((op) => {
    const [method, path] = op.split(' ') as [string, string];
    return !doc.paths[path]?.[method.toLowerCase()];
  });
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    // with a metrics token, so /metrics is registered (and must be described) too
    t = await buildTestApp({ METRICS_TOKEN: 'a-metrics-token-for-tests' });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe('heirloom API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
  });

  it('describes every registered route', () => {
    const operations = expectedOperations(t);
    expect(operations).toContain('GET /api/photos/{id}');
    expect(operations).toContain('GET /metrics');
    expect(missingOperations(doc, operations)).toEqual([]);
  });

  it('notices a route missing from the document', () => {
    const copy: OpenApiDocument = structuredClone(doc);
    delete copy.paths['/api/photos/{id}'];
    expect(missingOperations(copy, expectedOperations(t))).toContain('GET /api/photos/{id}');
  });

  it('groups operations by URL and gives routes without a schema a summary', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      }
    }
    expect(doc.paths['/api/photos']?.get?.tags).toEqual(['photos']);
    expect(doc.paths['/api/login']?.post?.tags).toEqual(['auth']);
    expect(doc.paths['/api/health/ready']?.get?.tags).toEqual(['operators']);
    const schemaless = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && !r.schema && !r.url.startsWith(DOCS_PREFIX));
    expect(schemaless.length).toBeGreaterThan(0);
    for (const route of schemaless) {
      expect(doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.summary, `${route.method} ${route.url}`).toBeTruthy();
    }
  });

  it('marks the routes behind sign-in with the session cookie, which is the cookie signing in sets', async () => {
    expect(doc.paths['/api/photos']?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/login']?.post?.security).toBeUndefined();
    const scheme = doc.components.securitySchemes.session;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const { cookie } = await signUp(t.app);
    expect(cookie.split('=')[0]).toBe(scheme?.name);
  });

  it('serves a readable reference at /api/docs under the app’s own CSP (scripts only from files of its own)', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // the same policy as every other answer: nothing loosened for the docs (it renders in Chromium under it)
    const other = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(page.headers['content-security-policy']).toBe(other.headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // which holds because the page has no inline script or event handler, and its scripts are served here
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src).toMatch(/^\.\/static\//);
      const script = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/${src!.slice(2)}` });
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type'], src).toMatch(/javascript/);
    }
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
  });
});
