// Records the status of every answer the apps built in a test file give, by operation (method + route
// pattern), and lists the ones the OpenAPI document does not document for that operation: the hostile and
// access tests end with "every answer they saw is documented".
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { DOCS_PREFIX } from '@server/plugins/openapi';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

/** Fastify's `/photos/:id/` as the document writes it: `/photos/{id}`. */
const documentPath = (url: string) => {
  const path = url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
};

/** Every app built from now on (fastify's initialization channel) reports its answers here, until `stop()`. */
export function recordAnswers() {
  const answers = new Set<string>();
  const apps: FastifyInstance[] = [];
  const watch = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    apps.push(fastify);
    fastify.addHook('onResponse', async (req, reply) => {
      const url = req.routeOptions.url;
      // the reference page's own files are not part of the API
      if (url !== undefined && !url.startsWith(DOCS_PREFIX)) answers.add(`${req.routeOptions.method} ${url} ${reply.statusCode}`);
    });
  };
  diagnostics.subscribe('fastify.initialization', watch);
  return {
    /** `METHOD path status` of each answer whose status is not documented for its operation. */
    undocumented(): string[] {
      const doc = apps[0]!.swagger() as unknown as OpenApiDocument;
      return [...answers].filter((answer) => {
        const [method, url, status] = answer.split(' ') as [string, string, string];
        const operations = doc.paths[documentPath(url)];
        // a GET's HEAD twin answers as the GET does
        const operation = operations?.[method.toLowerCase()] ?? (method === 'HEAD' ? operations?.get : undefined);
        return !operation?.responses[status];
      });
    },
    /** How many different (operation, status) pairs were seen: a check that something was recorded. */
    get count() {
      return answers.size;
    },
    stop: () => diagnostics.unsubscribe('fastify.initialization', watch),
  };
}
