// The health endpoints operators point their load balancer and container runtime at: live answers whenever the
// process does; ready only while the database answers and the file storage is there and writable.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '@tests/helpers/server';
import { startLocalS3 } from '@tests/helpers/s3';

describe('/api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers live, ready and the original health check when all is well', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('is not ready while the database refuses connections, says which check failed and nothing more', async () => {
    const { rows } = await t.pool.query<{ name: string }>('select current_database() as name');
    const name = rows[0]!.name;
    const admin = new pg.Client(JSON.parse(inject('pgAdmin')) as pg.ClientConfig);
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable', storage: 'ok' } });
      const health = await get('/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable' });
      const live = await get('/api/health/live');
      expect(live.statusCode).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });
});

describe('/api/health/ready and the file storage', () => {
  const ready = async (t: TestApp) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    return { status: res.statusCode, body: res.json() as unknown };
  };

  it('local disk: not ready while the storage folder is gone (an unmounted disk), ready again once it is back', async () => {
    const t = await buildTestApp({ STORAGE: 'local' });
    try {
      const root = path.join(t.dataDir, 'files');
      fs.renameSync(root, `${root}.away`);
      try {
        expect(await ready(t)).toEqual({
          status: 503,
          body: { status: 'unavailable', checks: { database: 'ok', storage: 'unavailable' } },
        });
        expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      } finally {
        fs.renameSync(`${root}.away`, root);
      }
      expect((await ready(t)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('S3: ready while the bucket takes a write, not ready once the S3 server is gone', async () => {
    const s3 = await startLocalS3();
    const t = await buildTestApp(await s3.newBucket());
    try {
      expect(await ready(t)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', storage: 'ok' } } });
      await s3.close();
      expect(await ready(t)).toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'ok', storage: 'unavailable' } } });
    } finally {
      await t.close();
    }
  });
});
