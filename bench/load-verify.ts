// The checks after `npm run load`: every acknowledged write is there (through the API and byte-for-byte on
// disk), nothing is left behind (temp files, journal entries, files without a row), and it all survives a
// restart. Each check returns a list of problems; an empty list passes.
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { sha256, type SimulatedUser } from './load-user';

const TIMEOUT_MS = 30_000;

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Derivatives are made in the background: wait until no photo is pending. */
export async function waitForDerivatives(db: pg.Client, timeoutMs: number) {
  const t0 = performance.now();
  for (;;) {
    const { rows } = await db.query<{ status: string; n: number }>(
      'SELECT derivative_status AS status, count(*)::int AS n FROM photos GROUP BY 1',
    );
    const count = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
    if (count('pending') === 0 || performance.now() - t0 > timeoutMs) {
      return { ms: performance.now() - t0, pending: count('pending'), failed: count('failed'), ready: count('ready') };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every acknowledged memory, contact, photo, vault file and attachment is listed by the API, as sent. */
export async function checkPresentViaApi(url: string, users: SimulatedUser[]) {
  const problems: string[] = [];
  for (const u of users) {
    const who = `user ${u.userId}`;
    const memories = new Map((await getJson<Array<{ id: number; title: string }>>(`${url}/api/memories`, u.cookie)).map((m) => [m.id, m]));
    for (const [id, sent] of u.ack.memories) {
      if (memories.get(id)?.title !== sent.title) problems.push(`${who}: memory ${id} ${memories.has(id) ? 'changed' : 'missing'}`);
    }
    for (const id of u.deleted.memories) if (memories.has(id)) problems.push(`${who}: deleted memory ${id} still listed`);
    const contacts = new Map(
      (await getJson<Array<{ id: number; firstName: string; lastName: string }>>(`${url}/api/contacts`, u.cookie)).map((c) => [c.id, c]),
    );
    for (const [id, sent] of u.ack.contacts) {
      const got = contacts.get(id);
      if (got?.firstName !== sent.firstName || got.lastName !== sent.lastName)
        problems.push(`${who}: contact ${id} ${got ? 'changed' : 'missing'}`);
    }
    const photos = new Set((await getJson<Array<{ id: number }>>(`${url}/api/photos`, u.cookie)).map((p) => p.id));
    for (const id of u.ack.photos.keys()) if (!photos.has(id)) problems.push(`${who}: photo ${id} missing`);
    for (const id of u.deleted.photos) if (photos.has(id)) problems.push(`${who}: deleted photo ${id} still listed`);
    const vault = new Map(
      (await getJson<Array<{ id: number; description: string | null }>>(`${url}/api/vault`, u.cookie)).map((v) => [v.id, v]),
    );
    for (const [id, sent] of u.ack.vault) {
      if (vault.get(id)?.description !== sent.description)
        problems.push(`${who}: vault file ${id} ${vault.has(id) ? 'changed' : 'missing'}`);
    }
    for (const id of u.deleted.vault) if (vault.has(id)) problems.push(`${who}: deleted vault file ${id} still listed`);
    const byMemory = new Map<number, number[]>();
    for (const [id, a] of u.ack.attachments) byMemory.set(a.memoryId, [...(byMemory.get(a.memoryId) ?? []), id]);
    for (const [memoryId, ids] of byMemory) {
      const listed = new Set(
        (await getJson<Array<{ id: string; type?: string }>>(`${url}/api/memories/${memoryId}/attachments`, u.cookie))
          .filter((a) => !a.type)
          .map((a) => Number(a.id)),
      );
      for (const id of ids) if (!listed.has(id)) problems.push(`${who}: attachment ${id} of memory ${memoryId} missing`);
    }
  }
  return problems;
}

/** The stored file of every acknowledged upload has the sha256 of the bytes the client sent, and so does its row. */
export async function checkStoredHashes(db: pg.Client, dataDir: string, users: SimulatedUser[]) {
  const problems: string[] = [];
  let checked = 0;
  const check = async (table: string, sent: Map<number, string>) => {
    const ids = [...sent.keys()];
    const { rows } = await db.query<{ id: number; file_path: string; content_hash: string | null }>(
      `SELECT id, file_path, content_hash FROM ${table} WHERE id = ANY($1::int[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [id, hash] of sent) {
      const row = byId.get(id);
      if (!row) {
        problems.push(`${table} ${id}: no row`);
        continue;
      }
      const file = path.join(dataDir, 'files', row.file_path);
      if (!fs.existsSync(file)) problems.push(`${table} ${id}: file ${row.file_path} missing`);
      else if (sha256(fs.readFileSync(file)) !== hash) problems.push(`${table} ${id}: file content differs from what was sent`);
      if (row.content_hash !== hash) problems.push(`${table} ${id}: content_hash ${row.content_hash} is not the sent bytes' hash`);
      checked++;
    }
  };
  const all = <T extends { sha256: string }>(get: (u: SimulatedUser) => Map<number, T>) =>
    new Map(users.flatMap((u) => [...get(u)].map(([id, v]) => [id, v.sha256] as const)));
  await check(
    'photos',
    all((u) => u.ack.photos),
  );
  await check(
    'vault_files',
    all((u) => u.ack.vault),
  );
  await check(
    'memory_attachments',
    all((u) => u.ack.attachments),
  );
  return { checked, problems };
}

/** Downloads every acknowledged vault file and attachment through the API and compares the bytes. */
export async function checkDownloads(url: string, users: SimulatedUser[]) {
  const problems: string[] = [];
  let checked = 0;
  const download = async (u: SimulatedUser, route: string, hash: string) => {
    const res = await fetch(`${url}${route}`, { headers: { cookie: u.cookie }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) problems.push(`GET ${route}: ${res.status}`);
    else if (sha256(body) !== hash) problems.push(`GET ${route}: bytes differ from what was uploaded`);
    checked++;
  };
  for (const u of users) {
    for (const [id, v] of u.ack.vault) await download(u, `/api/vault/${id}`, v.sha256);
    for (const [id, a] of u.ack.attachments) await download(u, `/api/memories/${a.memoryId}/attachments/${id}/file`, a.sha256);
  }
  return { checked, problems };
}

/** No temp files, no journal entries, and no stored file that no row owns. */
export async function checkLeftovers(db: pg.Client, dataDir: string) {
  const problems: string[] = [];
  const filesDir = path.join(dataDir, 'files');
  const tmpDir = path.join(filesDir, '.tmp');
  const tmp = fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir) : [];
  if (tmp.length > 0) problems.push(`${tmp.length} temp file(s) left in files/.tmp`);
  const pending = await db.query<{ key: string }>('SELECT key FROM pending_files');
  if (pending.rows.length > 0)
    problems.push(
      `${pending.rows.length} pending_files entr(y/ies): ${pending.rows
        .slice(0, 3)
        .map((r) => r.key)
        .join(', ')}`,
    );

  const { rows } = await db.query<{ file_path: string }>(
    `SELECT file_path FROM photos UNION ALL SELECT file_path FROM vault_files UNION ALL SELECT file_path FROM memory_attachments
     UNION ALL SELECT profile_picture FROM users WHERE profile_picture IS NOT NULL`,
  );
  const owned = new Set(rows.map((r) => r.file_path));
  const usersDir = path.join(filesDir, 'users');
  let stored = 0;
  const orphans: string[] = [];
  if (fs.existsSync(usersDir)) {
    for (const entry of fs.readdirSync(usersDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      stored++;
      const key = path.relative(filesDir, path.join(entry.parentPath, entry.name));
      // A photo's derivatives sit next to it: <original key>.thumb.webp, .mobile.jpg, .display.jpg
      const original = key.replace(/\.(thumb\.webp|mobile\.jpg|display\.jpg)$/, '');
      if (!owned.has(key) && !owned.has(original)) orphans.push(key);
    }
  }
  if (orphans.length > 0) problems.push(`${orphans.length} stored file(s) that no row owns: ${orphans.slice(0, 3).join(', ')}`);
  return { stored, problems };
}

/** Rows of the load's users that no acknowledged write accounts for (allowed only for writes that failed). */
export async function countUnacknowledgedRows(db: pg.Client, users: SimulatedUser[]) {
  const ids = users.map((u) => u.userId);
  const count = async (table: string, column = 'user_id') =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = ANY($1::int[])`, [ids])).rows[0]!.n;
  const sum = (get: (u: SimulatedUser) => Map<number, unknown>) => users.reduce((s, u) => s + get(u).size, 0);
  const rows = {
    memories: (await count('memories')) - sum((u) => u.ack.memories),
    contacts: (await count('contacts', 'owner_id')) - sum((u) => u.ack.contacts),
    photos: (await count('photos')) - sum((u) => u.ack.photos),
    vault_files: (await count('vault_files')) - sum((u) => u.ack.vault),
    memory_attachments: (await count('memory_attachments')) - sum((u) => u.ack.attachments),
  };
  return { total: Object.values(rows).reduce((a, b) => a + b, 0), rows };
}

/** No row is left of any acknowledged delete (a deleted memory takes its own attachments with it). */
export async function checkDeletedGone(db: pg.Client, users: SimulatedUser[]) {
  const problems: string[] = [];
  const gone = async (table: string, column: string, ids: number[]) => {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = ANY($1::int[])`, [ids]);
    if (rows[0]!.n > 0) problems.push(`${rows[0]!.n} row(s) of ${table} remain after an acknowledged delete`);
  };
  const all = (get: (u: SimulatedUser) => Set<number>) => users.flatMap((u) => [...get(u)]);
  await gone(
    'photos',
    'id',
    all((u) => u.deleted.photos),
  );
  await gone(
    'vault_files',
    'id',
    all((u) => u.deleted.vault),
  );
  await gone(
    'memories',
    'id',
    all((u) => u.deleted.memories),
  );
  await gone(
    'memory_attachments',
    'memory_id',
    all((u) => u.deleted.memories),
  );
  return problems;
}
