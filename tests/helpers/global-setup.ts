// One PostgreSQL for the whole test run: the server named by TEST_DATABASE_URL (CI uses the machine's
// PostgreSQL), otherwise an embedded one started here. Each test file then creates its own database.
import type { TestProject } from 'vitest/node';
import { startTempPostgres, type TempPostgres } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdmin: string;
  }
}

let embedded: TempPostgres | undefined;

export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgAdmin', JSON.stringify({ connectionString: url }));
    return;
  }
  embedded = await startTempPostgres('heirloom-testdb');
  project.provide('pgAdmin', JSON.stringify({ ...embedded.connection, database: 'postgres' }));
}

export async function teardown() {
  await embedded?.dispose();
}
