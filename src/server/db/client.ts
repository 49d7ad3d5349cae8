import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Env } from '../env';
import { startEmbeddedPostgres } from './embedded-postgres';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Return dates as the 'yyyy-MM-dd' strings they are, never as a Date shifted by the server's time zone. */
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

function createPool(config: pg.PoolConfig) {
  const pool = new pg.Pool({
    max: 20,
    connectionTimeoutMillis: 5_000, // a database that is down fails requests quickly (503), never hangs them
    idleTimeoutMillis: 30_000,
    query_timeout: 30_000,
    ...config,
  });
  // An idle client losing its connection (database restart) must not crash the server.
  pool.on('error', () => {});
  return pool;
}

/** DATABASE_URL when set; otherwise an embedded PostgreSQL with its cluster under DATA_DIR. */
export async function createDatabase(env: Env): Promise<Database> {
  if (env.DATABASE_URL) {
    const pool = createPool({ connectionString: env.DATABASE_URL });
    return { db: drizzle(pool, { schema }), pool, close: () => pool.end() };
  }
  const embedded = await startEmbeddedPostgres(`${env.DATA_DIR}/db`);
  const pool = createPool(embedded.connection);
  return {
    db: drizzle(pool, { schema }),
    pool,
    async close() {
      await pool.end();
      await embedded.stop();
    },
  };
}
