// Playwright's web server: the production build on a fresh DATA_DIR with an embedded PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, isStale } from './build.mjs';

if (isStale()) build();
// playwright.config.ts names the directory (tests read DATA_DIR/outbox); it starts empty every time.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-e2e-'));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? '5100';
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT}`; // mail links open the server under test
delete process.env.SMTP_URL; // every mail goes to DATA_DIR/outbox
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
process.env.AUTH_RATE_LIMIT = '100000'; // every test signs up its own user from the same address
process.env.REGISTRATION = process.env.REGISTRATION ?? 'open'; // …through /register, without an invitation
// The face model's worker takes ~350 MB and a core while it looks at each photo the tests upload.
process.env.FACE_RECOGNITION = process.env.FACE_RECOGNITION ?? 'off';
// the sealed copies' bucket in the browser tests is a local S3 server on 127.0.0.1
process.env.OUTBOUND_ALLOW_PRIVATE = 'true';
delete process.env.DATABASE_URL;
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import(pathToFileURL(path.resolve(process.env.HEIRLOOM_DIST ?? 'dist', 'server', 'main.js')).href);
