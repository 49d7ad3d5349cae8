// Scratch PostgreSQL for tests and benchmarks, in one place: a throwaway database on a server we are given,
// an embedded cluster in a temp directory when we are given none, and a client on the cluster of a running
// heirloom (for seeding it, or for looking inside after a crash).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded-postgres';

async function withClient<T>(config: pg.ClientConfig, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the server `admin` reaches, empty or a copy of `template` (which nobody may be connected to);
 * drop() removes it even while clients are still connected.
 */
export async function createScratchDatabase(admin: pg.ClientConfig, prefix = 'heirloom_test', template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(admin, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const config: pg.ClientConfig = admin.connectionString
    ? { connectionString: admin.connectionString.replace(/\/[^/?]*(\?|$)/, `/${name}$1`) }
    : { ...admin, database: name };
  return {
    name,
    config,
    async drop() {
      await withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** An embedded PostgreSQL in a temp directory; it can be stopped and started again to test an outage. */
export async function startTempPostgres(prefix = 'heirloom-db') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  fs.chmodSync(dir, 0o755); // the cluster runs as another user when the tests run as root
  let embedded: EmbeddedPostgres | undefined = await startEmbeddedPostgres(dir);
  const connection = embedded.connection;
  const { host, port, user, password, database } = connection;
  return {
    connection,
    /** For DATABASE_URL: the Unix socket directory goes in ?host=. */
    url: `postgres://${user}:${encodeURIComponent(password)}@localhost:${port}/${database}?host=${encodeURIComponent(host)}`,
    async stop() {
      await embedded?.stop();
      embedded = undefined;
    },
    async start() {
      embedded ??= await startEmbeddedPostgres(dir);
    },
    async dispose() {
      await embedded?.stop();
      embedded = undefined;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type TempPostgres = Awaited<ReturnType<typeof startTempPostgres>>;

/** A client on the embedded cluster of a heirloom that runs (or ran) with this DATA_DIR. */
export async function dataDirClient(dataDir: string) {
  const client = new pg.Client({
    host: path.join(dataDir, 'db', 'pg-socket'),
    port: 5432,
    user: 'postgres',
    database: 'heirloom',
    password: fs.readFileSync(path.join(dataDir, 'db', 'pg-password'), 'utf8').trim(),
  });
  client.on('error', () => {}); // the server stopping under an idle client must not crash the caller
  await client.connect();
  return client;
}
