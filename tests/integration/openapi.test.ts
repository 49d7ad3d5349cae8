// The OpenAPI document is generated from the routes themselves: every route Fastify registered must be in it,
// so a route added without showing up in /api/openapi.json fails here.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX } from '@server/plugins/openapi';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

interface Response {
  description: string;
  content?: Record<string, { schema: { $ref?: string; type?: string; format?: string } }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, Response>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }>; schemas: Record<string, unknown> };
}

const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, operation })),
  );

/** Warnings of the recommended rules this API keeps on purpose. */
const ACCEPTED_WARNINGS = new Set([
  'info-license', // heirloom names no licence in its package
  'no-ambiguous-paths', // /api/photos/video-uploads/{uploadId} beside /api/photos/{id}/original: a static segment wins
]);

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
    expect(doc.paths['/api/login']?.post?.security).toEqual([]);
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

  it('passes the linter (Redocly, recommended rules) with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const unexpected = problems
      .filter((p) => p.severity === 'error' || !ACCEPTED_WARNINGS.has(p.ruleId))
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(unexpected).toEqual([]);
  });

  it('names, describes and groups every operation, and says where the API is served', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const tags = new Set(doc.tags?.map((tag) => tag.name));
    for (const tag of doc.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
    const ids = new Set<string>();
    for (const { name, operation } of operationsOf(doc)) {
      expect(operation.operationId, name).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      ids.add(operation.operationId!);
      expect(operation.summary, name).toBeTruthy();
      expect(tags.has(operation.tags![0]!), `${name}: tag ${operation.tags![0]}`).toBe(true);
    }
    expect(ids.size).toBe(operationsOf(doc).length);
  });

  it('documents the errors of every operation with the one error body', () => {
    expect(doc.components.schemas.ErrorBody).toMatchObject({ type: 'object', required: ['message'] });
    for (const { name, method, operation } of operationsOf(doc)) {
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      expect(
        errors.map(([status]) => status),
        name,
      ).toEqual(expect.arrayContaining(['400', '500', '503']));
      for (const [status, response] of errors) {
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
        if (method !== 'head')
          expect(response.content?.['application/json']?.schema.$ref, `${name} ${status}`).toBe('#/components/schemas/ErrorBody');
      }
      if (operation.security?.length) expect(operation.responses, name).toHaveProperty('401');
      if (name.includes('{')) expect(operation.responses, name).toHaveProperty('404');
    }
    expect(doc.paths['/api/register']?.post?.responses).toHaveProperty('409');
    expect(doc.paths['/api/login']?.post?.responses).toHaveProperty('429');
  });

  it('documents no body where the answer is 204, and no operation keeps an undescribed answer', () => {
    const noContent = ['DELETE /api/photos/{id}', 'DELETE /api/contacts/{id}', 'POST /api/legacy/close', 'POST /api/shared/{token}/unlock'];
    for (const { name, operation } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
      }
      if (operation.responses['204']) expect(operation.responses['204'].content, name).toBeUndefined();
      if (noContent.includes(name))
        expect(
          Object.keys(operation.responses).filter((s) => s.startsWith('2')),
          name,
        ).toEqual(['204']);
    }
  });

  it('gives every file and zip answer its media type as binary', () => {
    const files: Record<string, string[]> = {
      'GET /api/photos/image/{id}': ['image/*'],
      'GET /api/photos/video/{id}': ['video/mp4'],
      'GET /api/vault/{id}': ['*/*'],
      'GET /api/exports/{id}/download': ['application/zip'],
      'GET /api/shared/{token}/download': ['application/zip'],
      'GET /api/legacy/received/download': ['application/zip'],
      'GET /api/memories/{id}/attachments/{attachmentId}/file': ['image/*', 'audio/*', 'video/*'],
      'GET /metrics': ['text/plain'],
      'GET /api/tree/gedcom': ['text/vnd.familysearch.gedcom', 'application/x-gedcom'],
    };
    const byName = new Map(operationsOf(doc).map(({ name, operation }) => [name, operation]));
    for (const [name, types] of Object.entries(files)) {
      const content = byName.get(name)?.responses['200']?.content ?? {};
      expect(Object.keys(content), name).toEqual(types);
    }
    for (const { name, operation } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2') || !response.content) continue;
        for (const [type, media] of Object.entries(response.content)) {
          if (type !== 'application/json' && type !== 'text/plain')
            expect(media.schema, `${name} ${status} ${type}`).toEqual({ type: 'string', format: 'binary' });
        }
      }
    }
  });

  it('describes the resumable uploads as tus answers them: HEAD included, with their headers and statuses', () => {
    for (const base of ['/api/photos/video-uploads', '/api/imports/uploads']) {
      const create = doc.paths[base]?.post;
      expect(Object.keys(create?.responses ?? {})).toEqual(expect.arrayContaining(['201', '401', '412', '413', '429']));
      expect(create?.responses['201']?.headers).toHaveProperty('Location');
      expect(create?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['Tus-Resumable', 'Upload-Length', 'Upload-Metadata']));
      const upload = doc.paths[`${base}/{uploadId}`];
      expect(upload?.head?.responses['200']?.headers).toHaveProperty('Upload-Offset');
      expect(upload?.head?.responses['200']?.content).toBeUndefined();
      expect(Object.keys(upload?.patch?.responses ?? {})).toEqual(expect.arrayContaining(['204', '404', '409', '412', '460']));
      expect(upload?.patch?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['Upload-Offset', 'Upload-Checksum']));
      expect(upload?.patch?.responses['200']).toBeUndefined();
    }
  });
});
