import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@server/db/embedded-postgres';

export const isRoot = process.getuid?.() === 0;

/** A PostgreSQL the test may stop and start: the machine's cluster when CI names it, else an embedded one. */
export async function stoppableDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  const clusters = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  if (url && isRoot && clusters.length > 0) {
    const name = `heirloom_fault_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const version = clusters[0]!;
    const ctl = (action: 'start' | 'stop') =>
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])], { stdio: 'ignore' });
    return {
      url: url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`),
      stop: async () => ctl('stop'),
      start: async () => ctl('start'),
      dispose: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-faultdb-'));
  fs.chmodSync(dir, 0o755);
  let embedded: EmbeddedPostgres | undefined = await startEmbeddedPostgres(dir);
  const { host, port, user, password, database } = embedded.connection;
  return {
    url: `postgres://${user}:${encodeURIComponent(password)}@localhost:${port}/${database}?host=${encodeURIComponent(host)}`,
    stop: async () => {
      await embedded?.stop();
      embedded = undefined;
    },
    start: async () => {
      embedded = await startEmbeddedPostgres(dir);
    },
    dispose: async () => {
      await embedded?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
