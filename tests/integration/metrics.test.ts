// GET /metrics: off without METRICS_TOKEN (a plain 404, also where the web app is served), and with it answered
// only to that bearer token, in Prometheus text format, with route patterns (never raw URLs) as labels.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOB } from '@server/lib/mail';
import { buildTestApp, multipart, signUp, type TestApp } from '@tests/helpers/server';
import { tinyPng } from './hostile-world';

const TOKEN = 'metrics-token-for-the-tests';

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await buildTestApp({}, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('is not there: 404 JSON, not the web app page', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    expect(t.app.registeredRoutes.some((r) => r.url === '/metrics')).toBe(false);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('refuses a missing or wrong token with 401 JSON', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({ message: 'A valid metrics token is needed' });
    }
  });

  it('counts requests by route pattern and status class, never by raw URL', async () => {
    const { cookie } = await signUp(t.app);
    for (const id of [91_234_567, 91_234_568]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/photos/${id}`, headers: { cookie } })).statusCode).toBe(404);
    }
    await t.app.inject({ method: 'GET', url: '/no/such/page/91234569' });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/^heirloom_http_requests_total\{method="GET",route="\/api\/photos\/:id",status_class="4xx"\} 2$/m);
    expect(text).toMatch(/^heirloom_http_requests_total\{method="GET",route="unmatched",status_class="4xx"\} 1$/m);
    expect(text).toMatch(/^heirloom_http_requests_total\{method="POST",route="\/api\/login",status_class="2xx"\} 1$/m);
    expect(text).toMatch(
      /^heirloom_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/photos\/:id",status_class="4xx"\} \d+$/m,
    );
    expect(text).not.toContain('9123456');
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('reports the job queue and the bytes stored, read from the database when scraped', async () => {
    const { cookie } = await signUp(t.app);
    const png = await tinyPng();
    const form = multipart([{ name: 'photo', filename: 'a.png', content: png, contentType: 'image/png' }]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/photos', headers: { cookie, ...form.headers }, payload: form.payload });
    expect(upload.statusCode).toBe(201);
    // a mail due in an hour waits in the queue
    await t.app.jobs.send(
      MAIL_JOB,
      { to: 'a@example.com', subject: 'Later', text: 'Later' },
      { startAfter: new Date(Date.now() + 3_600_000) },
    );

    const text = (await scrape()).body;
    expect(text).toMatch(new RegExp(`^heirloom_job_queue_depth\\{name="${MAIL_JOB}",state="created"\\} 1$`, 'm'));
    expect(text).toMatch(new RegExp(`^heirloom_job_queue_depth\\{name="${MAIL_JOB}",state="active"\\} 0$`, 'm'));
    expect(text).toMatch(/^# TYPE heirloom_jobs_failed gauge$/m);
    const photoBytes = Number(/^heirloom_storage_bytes\{kind="photos"\} (\d+)$/m.exec(text)?.[1]);
    expect(photoBytes).toBeGreaterThanOrEqual(png.length);
    expect(text).toMatch(/^heirloom_storage_bytes\{kind="vault"\} 0$/m);
  });

  it('keeps each app’s metrics apart (its own registry)', async () => {
    const other = await buildTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('route="/api/photos/:id"');
    } finally {
      await other.close();
    }
  });
});
