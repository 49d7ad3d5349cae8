// Runs heirloom as a real process for lifecycle and fault tests: the production build as `npm start` runs it when
// the build is fresh (the fault tier builds it once), else the sources through tsx.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { isStale } from '../../scripts/build.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** How to start the server: read once per test file, as building during a test run is not expected. */
const serverArgs = (() => {
  if (!isStale(ROOT)) return [path.resolve(ROOT, process.env.HEIRLOOM_DIST ?? 'dist', 'server', 'main.js')];
  return ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')];
})();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>): ServerProcess {
  let out = '';
  const child = spawn(process.execPath, serverArgs, {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      AUTH_RATE_LIMIT: '100000',
      REGISTRATION: 'open',
      FACE_RECOGNITION: 'off',
      DOCUMENT_TEXT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => out, exited };
}

/** Resolves when /api/health answers 200; rejects if the process exits first or time runs out. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited during start:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}
