// Server integration tests: the real app on a fresh database of the test PostgreSQL and a temp DATA_DIR,
// driven with app.inject (no mock database; real files on disk, or in a bucket on a local S3 server).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import * as schema from '../../src/server/db/schema';
import { loadEnv, type Env } from '../../src/server/env';
import type { FileStore } from '../../src/server/lib/file-store';
import { fileStoreFor } from '../../src/server/lib/file-store-for';
import { createScratchDatabase } from './database';
import { startLocalS3 } from './s3';

// Feature tests import everything from this one file; users.ts is shared with fault tests and benchmarks.
export { newUserInput, sessionCookie, signUp, TEST_PASSWORD } from './users';

/** npm test's second pass (TEST_STORAGE=s3): the same tests with files in a bucket on a local S3 server. */
export const onS3 = process.env.TEST_STORAGE === 's3';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  pool: pg.Pool;
  files: FileStore;
  env: Env;
  dataDir: string;
  /** How to reach this app's database: a second app (buildSecondApp) connects to the same one. */
  database: pg.ClientConfig;
  close(): Promise<void>;
}

function adminConfig(): pg.PoolConfig {
  return JSON.parse(inject('pgAdmin')) as pg.PoolConfig;
}

/** A new, migrated database for this test file: a copy of the one tests/helpers/global-setup.ts migrated. */
async function createTestDatabase() {
  const template = inject('pgTemplate');
  const scratch = await createScratchDatabase(adminConfig(), 'heirloom_test', template);
  const pool = new pg.Pool({ ...scratch.config, max: 10 });
  pool.on('error', () => {}); // an idle client cut off by DROP DATABASE … WITH (FORCE) at the end of the file
  const db = drizzle(pool, { schema });
  if (!template) await runMigrations(db);
  return {
    name: scratch.name,
    config: scratch.config,
    pool,
    db,
    async drop() {
      await pool.end();
      await scratch.drop();
    },
  };
}

/** A DATABASE_URL naming the same database as `config`. */
function urlOf(config: pg.ClientConfig) {
  if (config.connectionString) return config.connectionString;
  const { user = 'postgres', password = '', host = 'localhost', port = 5432, database } = config;
  const socket = host.startsWith('/');
  return `postgres://${user}:${encodeURIComponent(String(password))}@${socket ? 'localhost' : host}:${port}/${database}${socket ? `?host=${encodeURIComponent(host)}` : ''}`;
}

/**
 * `webRoot`: a built web app to serve (as `npm start` does); without it only the API is served.
 * `severalInstances`: the env names the database in DATABASE_URL, as a deployment with its own PostgreSQL
 * does, so the app runs as one of several instances (decision 043): build the others with buildSecondApp.
 */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  options: { webRoot?: string; severalInstances?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-test-'));
  const s3 = onS3 ? await startLocalS3() : undefined;
  const bucket = s3 ? await s3.newBucket() : {};
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    REGISTRATION: 'open', // every test signs up its own users; tests of invitations set it back
    FACE_RECOGNITION: 'off', // the model's worker (~350 MB) only where a test is about faces: it sets it on
    DOCUMENT_TEXT: 'off', // pdf.js and Tesseract only where a test is about a document's words: it sets it on
    ...(options.severalInstances && { DATABASE_URL: urlOf(database.config) }),
    ...bucket,
    ...envOverrides,
  });
  const files = fileStoreFor(env);
  await files.init();
  const app = await buildApp({ env, db: database.db, files, logger: false, webRoot: options.webRoot });
  await app.ready();
  return {
    app,
    db: database.db,
    pool: database.pool,
    files,
    env,
    dataDir,
    database: database.config,
    async close() {
      // a response a test did not read to its end holds its connection open, and would hold close() with it
      app.server.closeAllConnections();
      await app.close();
      await database.drop();
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of `first`'s app, as a second server behind a load balancer: its own process state and
 * connection pool, the same database, DATA_DIR, storage and settings. Close it before `first` (which drops
 * the database).
 */
export async function buildSecondApp(first: TestApp): Promise<TestApp> {
  const pool = new pg.Pool({ ...first.database, max: 10 });
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  const files = fileStoreFor(first.env); // no init(): it would sweep the first instance's temp files
  const app = await buildApp({ env: first.env, db, files, logger: false });
  await app.ready();
  return {
    app,
    db,
    pool,
    files,
    env: first.env,
    dataDir: first.dataDir,
    database: first.database,
    async close() {
      app.server.closeAllConnections();
      await app.close();
      await pool.end();
    },
  };
}

/** Builds a multipart/form-data body for app.inject. */
export function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string }>,
) {
  const boundary = `----heirloom${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(part.content, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// What the app stored, through its FileStore: the same checks hold on the local disk and in a bucket.

/** Every stored file, as keys, sorted: the library is users' folders (`users/<id>/…`), nothing else is stored. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  return (await t.files.list('users')).sort();
}

export async function readStored(t: TestApp, key: string): Promise<Buffer> {
  return Buffer.concat(await (await t.files.openRead(key)).toArray());
}

/** Put other bytes at a key (a file damaged, or restored, behind the app's back). */
export const writeStored = (t: TestApp, key: string, data: Buffer | string) => t.files.writeBuffer(key, Buffer.from(data));

export const removeStored = (t: TestApp, key: string) => t.files.remove(key);

/**
 * What stays in the local temp folder both stores stage into: it must be empty once requests and jobs are done.
 * Waits up to 5 s for it to empty, since background jobs (derivatives of earlier uploads) work on temp copies of
 * stored files when they are in a bucket; a file left behind stays, and is returned.
 */
export async function tempFiles(t: TestApp): Promise<string[]> {
  const dir = path.dirname(await t.files.newTempPath('x'));
  for (let waited = 0; waited < 5000 && fs.readdirSync(dir).length > 0; waited += 50) await new Promise((r) => setTimeout(r, 50));
  return fs.readdirSync(dir);
}

/** Resumable uploads not yet taken, on this machine's disk for both stores (decision 041). */
export function unfinishedUploads(t: TestApp, folder: 'import-uploads' | 'video-uploads'): string[] {
  const dir = t.files.localPath(folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** POST as a signed-in user (JSON or a multipart form); anything but success fails the test with the answer. */
export async function postAs(t: TestApp, cookie: string, url: string, body: object | ReturnType<typeof multipart>): Promise<unknown> {
  const form = 'payload' in body && Buffer.isBuffer(body.payload) ? (body as ReturnType<typeof multipart>) : undefined;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(form?.headers ?? {}) },
    payload: form ? form.payload : (body as object),
  });
  if (res.statusCode >= 300) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
  return res.json() as unknown;
}

/** The id of what a POST created (an attachment upload answers a list). */
export const idOf = (json: unknown) => (Array.isArray(json) ? Number((json[0] as { id: string }).id) : (json as { id: number }).id);
