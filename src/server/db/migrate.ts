import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { withAdvisoryLock } from './advisory-lock';
import type { Db } from './client';

/** drizzle/ sits at the package root, found from src/server/db (tsx) and from dist/server (bundle) alike. */
function migrationsFolder() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [];
  for (let i = 0; i < 4; i++) {
    candidates.push(path.join(dir, 'drizzle'));
    dir = path.dirname(dir);
  }
  candidates.push(path.join(process.cwd(), 'drizzle')); // a build placed outside the checkout
  for (const candidate of candidates) {
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error('drizzle/ migrations folder not found');
}

/** Any fixed number: the advisory lock every heirloom takes around its migrations. */
const MIGRATION_LOCK = 0x6865_6972; // "heir"

/** Several app servers may start at once on one database: one migrates, the others wait, then find nothing to do. */
export async function runMigrations(db: Db) {
  await withAdvisoryLock(db.$client, MIGRATION_LOCK, () => migrate(db, { migrationsFolder: migrationsFolder() }));
}
