// GET /metrics for Prometheus (decision 042): off unless METRICS_TOKEN is set, and then answered only with
// `Authorization: Bearer <METRICS_TOKEN>`. Each app has its own registry, so several apps in one process
// (the tests) never share or clash over a metric.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { errorAnswers } from '../lib/route-answers';
import { userText } from '@shared/i18n/text';

/** The route label of a request no route matched: one series however many different URLs are tried. */
const UNMATCHED = 'unmatched';
const QUEUE_STATES = ['created', 'retry', 'active'] as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface MetricsOptions {
  /** Bytes all accounts store, by kind (the storage feature's sums; plugins do not reach into features). */
  storedBytes: () => Promise<Record<string, number>>;
}

export const metricsPlugin = fp(async (app: FastifyInstance, { storedBytes }: MetricsOptions) => {
  const token = app.env.METRICS_TOKEN;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  // equal-length digests: the comparison takes the same time whatever the header holds
  const authorized = (header: string | undefined) => header !== undefined && timingSafeEqual(digest(header), expected);

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'heirloom_http_requests_total',
    help: 'Requests answered, by method, route pattern and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'heirloom_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'heirloom_job_queue_depth',
    help: 'Background jobs not yet finished (all instances), by job name and state',
    labelNames: ['name', 'state'],
    registers: [registry],
  });
  const jobsFailed = new Gauge({
    name: 'heirloom_jobs_failed',
    help: 'Background jobs that failed for good in the last 24 hours (all instances), by job name',
    labelNames: ['name'],
    registers: [registry],
  });
  const storageBytes = new Gauge({
    name: 'heirloom_storage_bytes',
    help: 'Bytes stored by all accounts together (the quota sums), by kind',
    labelNames: ['kind'],
    registers: [registry],
  });

  app.addHook('onResponse', async (req, reply) => {
    // the route's pattern (/api/photos/:id), never the URL: one series per route, not one per photo
    const labels = {
      method: req.method,
      route: req.routeOptions.url ?? UNMATCHED,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  // Job names seen once keep reporting 0 when their queue empties, rather than vanishing from graphs.
  const jobNames = new Set<string>();
  /** The queue and the storage are read when Prometheus asks, from PostgreSQL: the same on every instance. */
  async function readSharedState() {
    try {
      const depth = await app.jobs.depth();
      for (const row of depth) jobNames.add(row.name);
      queueDepth.reset();
      jobsFailed.reset();
      for (const name of jobNames) {
        for (const state of QUEUE_STATES) queueDepth.set({ name, state }, 0);
        jobsFailed.set({ name }, 0);
      }
      for (const row of depth) {
        if (row.state === 'failed') jobsFailed.set({ name: row.name }, row.count);
        else queueDepth.set({ name: row.name, state: row.state }, row.count);
      }
      const bytes = await storedBytes();
      for (const [kind, value] of Object.entries(bytes)) storageBytes.set({ kind }, value);
    } catch (err) {
      // the request and process metrics are still worth having; readiness reports the database
      app.log.warn({ err }, 'Metrics: could not read the job queue or storage totals');
    }
  }

  app.get(
    '/metrics',
    {
      schema: {
        summary: 'Prometheus metrics (only when METRICS_TOKEN is set)',
        security: [{ metricsToken: [] }],
        response: {
          200: { description: 'The metrics in the Prometheus text format', content: { 'text/plain': { schema: z.string() } } },
          ...errorAnswers(401),
        },
      },
    },
    async (req, reply) => {
      if (!authorized(req.headers.authorization)) {
        return reply
          .code(401)
          .header('WWW-Authenticate', 'Bearer')
          .send({ message: userText('A valid metrics token is needed') });
      }
      await readSharedState();
      return reply
        .type(registry.contentType)
        .header('Cache-Control', 'no-store')
        .send(await registry.metrics());
    },
  );
});
