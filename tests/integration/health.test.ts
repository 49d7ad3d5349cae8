// The health endpoints operators point their load balancer and container runtime at: live answers whenever the
// process does; ready only while the database answers and the file storage is there and writable.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '@tests/helpers/server';

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

  it('is not ready while the storage is gone (an unmounted disk), and is again once it is back', async () => {
    const root = path.join(t.dataDir, 'files');
    fs.renameSync(root, `${root}.away`);
    try {
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'unavailable' } });
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      fs.renameSync(`${root}.away`, root);
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
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
