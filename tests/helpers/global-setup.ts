// One PostgreSQL for the whole test run: the server named by TEST_DATABASE_URL (CI uses the machine's
// PostgreSQL), otherwise an embedded one started here. Each test file then creates its own database, as a copy
// of one migrated here once (copying a database takes a fraction of a second, migrating one takes seconds).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../src/server/db/migrate';
import * as schema from '../../src/server/db/schema';
import { createScratchDatabase, startTempPostgres, type TempPostgres } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdmin: string;
    /** The migrated database each test file's database is copied from. */
    pgTemplate: string;
  }
}

let embedded: TempPostgres | undefined;
let template: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) embedded = await startTempPostgres('heirloom-testdb');
  const admin: pg.ClientConfig = url ? { connectionString: url } : { ...embedded!.connection, database: 'postgres' };
  template = await createScratchDatabase(admin, 'heirloom_template');
  const pool = new pg.Pool(template.config);
  try {
    await runMigrations(drizzle(pool, { schema }));
  } finally {
    await pool.end(); // a database is copied only while nobody is connected to it
  }
  project.provide('pgAdmin', JSON.stringify(admin));
  project.provide('pgTemplate', template.name);
}

export async function teardown() {
  await template?.drop();
  await embedded?.dispose();
}
