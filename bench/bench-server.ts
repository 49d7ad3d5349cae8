// The production app plus one bare route, `/api/bench/hello`, that passes through the same plugins
// (security headers, CSRF check, session hook, rate-limit) — the baseline for API overhead.
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { createDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { loadEnv } from '../src/server/env';
import { createFileStore } from '../src/server/lib/file-store';

const env = loadEnv();
const database = await createDatabase(env);
await runMigrations(database.db);
const files = createFileStore(path.join(env.DATA_DIR, 'files'));
await files.init();
const app = await buildApp({ env, db: database.db, files, logger: false });
app.get('/api/bench/hello', async () => ({ hello: 'world' }));
await app.listen({ port: env.PORT, host: env.HOST });
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
