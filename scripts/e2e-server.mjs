// Playwright's web server: the production build on a fresh DATA_DIR with an embedded PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, isStale } from './build.mjs';

if (isStale()) build();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-e2e-'));
fs.chmodSync(dataDir, 0o755);
process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? '5100';
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
process.env.AUTH_RATE_LIMIT = '100000'; // every test signs up its own user from the same address
delete process.env.DATABASE_URL;
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import(pathToFileURL(path.resolve(process.env.HEIRLOOM_DIST ?? 'dist', 'server', 'main.js')).href);
