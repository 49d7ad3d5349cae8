import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
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

export async function runMigrations(db: Db) {
  await migrate(db, { migrationsFolder: migrationsFolder() });
}
