// loadEnv → database (embedded or DATABASE_URL) → migrations → file store → app → listen, and a clean
// shutdown on SIGINT/SIGTERM: Fastify stops taking requests, then the pool, then PostgreSQL.
import closeWithGrace from 'close-with-grace';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { loadEnv } from './env';
import { recoverPendingFiles } from './lib/durable-files';
import { fileStoreFor } from './lib/file-store-for';

function defaultWebRoot() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, '../web'), path.join(here, '../../dist/web')]) {
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return path.join(here, '../web');
}

async function main() {
  const env = loadEnv();
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const database = await createDatabase(env);
  try {
    await runMigrations(database.db);
    const files = fileStoreFor(env);
    await files.init();
    // A terminal gets readable lines; a pipe, a file or a log collector gets one JSON object per line.
    const prettyLogs = process.stdout.isTTY === true;
    const app = await buildApp({ env, db: database.db, files, webRoot: env.WEB_DIST_DIR ?? defaultWebRoot(), prettyLogs });
    // After buildApp: this process has its instance id by then, and only dead instances' entries are recovered.
    const recovered = await recoverPendingFiles(database.db, files);

    closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
      if (err) app.log.error({ err }, 'Shutting down after an error');
      else app.log.info(`${signal ?? 'exit'}: shutting down`);
      await app.close();
      await database.close();
    });

    if (recovered > 0) app.log.warn(`Removed ${recovered} file(s) of requests interrupted by a crash`);
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

main().catch((err: unknown) => {
  console.error(`heirloom could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
