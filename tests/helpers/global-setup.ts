// One PostgreSQL for the whole test run: the server named by TEST_DATABASE_URL (CI uses the machine's
// PostgreSQL), otherwise an embedded one started here. Each test file then creates its own database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdmin: string;
  }
}

let embedded: EmbeddedPostgres | undefined;
let dir: string | undefined;

export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgAdmin', JSON.stringify({ connectionString: url }));
    return;
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-testdb-'));
  fs.chmodSync(dir, 0o755);
  embedded = await startEmbeddedPostgres(dir);
  project.provide('pgAdmin', JSON.stringify({ ...embedded.connection, database: 'postgres' }));
}

export async function teardown() {
  await embedded?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
