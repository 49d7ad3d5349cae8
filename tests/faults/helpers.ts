import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startTempPostgres } from '@tests/helpers/database';
import { freePort, startServer, stopServer, waitForHealth, type ServerProcess } from '@tests/helpers/process';
import { signUpHttp } from '@tests/helpers/users';

export const isRoot = process.getuid?.() === 0;

/**
 * A PostgreSQL of the test's own that it may stop and start (an embedded cluster in a temp folder), so fault
 * tests run side by side without stopping the machine's database under the others.
 */
export const stoppableDatabase = () => startTempPostgres('heirloom-faultdb');

/**
 * heirloom as a process on its own DATA_DIR and embedded PostgreSQL, with one signed-up user, for tests that
 * kill -9 it and start it again on the same port and data. Call it inside describe(): the server starts
 * before the tests, and is stopped and its data removed after them.
 */
export function killableHeirloom(prefix: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  fs.chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as another user when the tests run as root
  let port = 0;
  let server: ServerProcess | undefined;
  let cookie = '';
  const heirloom = {
    dataDir,
    get server(): ServerProcess {
      if (!server) throw new Error('heirloom has not been started');
      return server;
    },
    /** The signed-up user's Cookie header. */
    get cookie() {
      return cookie;
    },
    /** Starts heirloom (again) on the same port and DATA_DIR and waits until it answers. */
    async start() {
      server = startServer({ DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', ...env });
      await waitForHealth(server, 60_000);
    },
  };
  beforeAll(async () => {
    port = await freePort();
    await heirloom.start();
    ({ cookie } = await signUpHttp(heirloom.server.url));
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return heirloom;
}

/** The pids (as pgrep prints them) of processes whose command line holds `text`; '' when none. */
export function processesWith(text: string): string {
  try {
    return execFileSync('pgrep', ['-f', text], { encoding: 'utf8' }).trim();
  } catch {
    return ''; // pgrep: nothing matched
  }
}
