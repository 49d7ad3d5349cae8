// Seeds a large photo library for one e2e user straight into the e2e server's embedded PostgreSQL, with one
// set-based INSERT (5,000 rows in well under a second). Every row points at the files of one photo uploaded
// through the API beforehand, so each thumbnail really loads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// playwright.config.ts sets E2E_DATA_DIR for the server and the test workers alike; the server keeps its
// cluster under DATA_DIR/db (src/server/db/embedded-postgres.ts), reachable by its Unix socket only.
function e2eConnection(): pg.ClientConfig {
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `heirloom-e2e-${process.env.E2E_PORT ?? 5100}`);
  const dbDir = path.join(dataDir, 'db');
  return {
    host: path.join(dbDir, 'pg-socket'),
    port: 5432,
    user: 'postgres',
    password: fs.readFileSync(path.join(dbDir, 'pg-password'), 'utf8').trim(),
    database: 'heirloom',
  };
}

/**
 * Adds `count` photos to the owner of photo `templateId`, copies of its row (same files) with their own titles
 * ("Seeded 1" is the oldest) and dates taken spread evenly from `firstYear`-01-01 to the end of `lastYear`, in UTC.
 */
export async function seedPhotoCopies(templateId: number, count: number, firstYear: number, lastYear: number) {
  const client = new pg.Client(e2eConnection());
  await client.connect();
  try {
    await client.query(
      `insert into photos (user_id, file_path, file_name, file_size, mime_type, title, date_taken, content_hash,
         width, height, derivative_status, derivatives_size, created_at)
       select t.user_id, t.file_path, 'seeded-' || g || '.jpg', t.file_size, t.mime_type, 'Seeded ' || g,
         $2::timestamptz + (($3::timestamptz - $2::timestamptz) * (g - 1) / greatest($1 - 1, 1)),
         t.content_hash, t.width, t.height, t.derivative_status, t.derivatives_size, t.created_at - interval '1 second' * g
       from photos t, generate_series(1, $1::int) g
       where t.id = $4`,
      [count, `${firstYear}-01-01T12:00:00Z`, `${lastYear}-12-31T12:00:00Z`, templateId],
    );
  } finally {
    await client.end();
  }
}
