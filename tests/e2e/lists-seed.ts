// Seeds long lists for one e2e user straight into the e2e server's embedded PostgreSQL (set-based SQL, like
// bench/timeline-seed.ts): thousands of rows in well under a second, with no files behind them (lists read none).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// playwright.config.ts names the server's DATA_DIR; src/server/db/embedded-postgres.ts keeps its cluster under db/.
const dataDir = () => process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `heirloom-e2e-${process.env.E2E_PORT ?? 5100}`);

async function withDb<T>(work: (client: pg.Client, userId: number) => Promise<T>, email: string): Promise<T> {
  const dbDir = path.join(dataDir(), 'db');
  const client = new pg.Client({
    host: path.join(dbDir, 'pg-socket'),
    port: 5432,
    user: 'postgres',
    password: fs.readFileSync(path.join(dbDir, 'pg-password'), 'utf8').trim(),
    database: 'heirloom',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    if (!rows[0]) throw new Error(`no user ${email}`);
    return await work(client, rows[0].id);
  } finally {
    await client.end();
  }
}

/** `count` memories titled 'Memory 1' (newest event) … 'Memory <count>' (oldest), one a day back from 2025-01-01. */
export const seedMemories = (email: string, count: number) =>
  withDb(async (client, userId) => {
    await client.query(
      `INSERT INTO memories (user_id, title, content, event_date)
       SELECT $1, 'Memory ' || g, 'What happened on day ' || g || E'.\\nA second line of the story.', date '2025-01-01' - g
       FROM generate_series(1, $2::int) g`,
      [userId, count],
    );
  }, email);

/** `count` documents 'Document 1.pdf' (newest upload) … 'Document <count>.pdf' (oldest). */
export const seedDocuments = (email: string, count: number) =>
  withDb(async (client, userId) => {
    await client.query(
      `INSERT INTO vault_files (user_id, file_name, original_name, file_path, file_size, mime_type, uploaded_at)
       SELECT $1::int, g || '.pdf', 'Document ' || g || '.pdf', 'users/' || $1::int || '/vault/seed-' || g || '.pdf', 50000, 'application/pdf',
         timestamptz '2025-01-01 00:00Z' - g * interval '1 hour'
       FROM generate_series(1, $2::int) g`,
      [userId, count],
    );
  }, email);

/** `count` contacts of one relationship, 'Person 0001 Seed' … in the list's (name) order. */
export const seedContacts = (email: string, count: number, relationship: 'family' | 'friend') =>
  withDb(async (client, userId) => {
    await client.query(
      `INSERT INTO contacts (owner_id, first_name, last_name, relationship)
       SELECT $1, 'Person ' || lpad(g::text, 4, '0'), 'Seed', $3::relationship
       FROM generate_series(1, $2::int) g`,
      [userId, count, relationship],
    );
  }, email);

/** The id of the caller's row whose title / original name / first name is `name`. */
export const idOf = (email: string, table: 'memories' | 'vault_files' | 'contacts', name: string) =>
  withDb(async (client, userId) => {
    const [owner, column] =
      table === 'memories' ? ['user_id', 'title'] : table === 'vault_files' ? ['user_id', 'original_name'] : ['owner_id', 'first_name'];
    const { rows } = await client.query<{ id: number }>(`SELECT id FROM ${table} WHERE ${owner} = $1 AND ${column} = $2`, [userId, name]);
    if (!rows[0]) throw new Error(`no ${table} row ${name}`);
    return rows[0].id;
  }, email);
